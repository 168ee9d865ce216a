import { normaliseTags, type TCustomer, type TCustomerInput } from '@counterprint/contract';
import { type FormEvent, useState } from 'react';
import { useCustomerDetail } from '../../api/customers';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { statusChip } from '../../components/JobStatus';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';

interface CustomerModalProps {
  /** null: a new customer */
  customer: TCustomer | null;
  saving: boolean;
  error: string | null;
  onSave: (input: TCustomerInput) => void;
  onDelete: () => void;
  onClose: () => void;
}

function CustomerJobs({ id }: { id: string }) {
  const detail = useCustomerDetail(id);
  if (detail.isPending) return <Spinner className="h-5 w-5 text-brand-500" label="Loading jobs" />;
  if (detail.isError) return <p className="text-red-600">Could not load this customer's jobs.</p>;
  const jobs = detail.data.jobs;
  if (jobs.length === 0) return <p className="text-slate-500">No jobs at this shop yet.</p>;
  return (
    <ul className="max-h-40 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
      {jobs.map((job) => (
        <li key={job.id} className="flex items-center justify-between gap-2 px-3 py-2">
          <span className="font-semibold text-slate-800 tabular-nums">#{job.number}</span>
          <span className="flex-1 truncate text-xs text-slate-500">
            {new Date(job.createdAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })} · {job.fileCount}{' '}
            {job.fileCount === 1 ? 'file' : 'files'}
          </span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${statusChip(job.status).className}`}>
            {statusChip(job.status).label}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The detail/edit modal of docs/product/screens.md#customers; tags are typed comma-separated. */
export function CustomerModal({ customer, saving, error, onSave, onDelete, onClose }: CustomerModalProps) {
  const [form, setForm] = useState({
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    address: customer?.address ?? '',
    tags: customer?.tags.join(', ') ?? '',
  });
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    disabled: saving,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave({ ...form, tags: normaliseTags(form.tags) });
  };

  return (
    <Modal open title={customer ? 'Customer details' : 'Add customer'} onClose={saving ? undefined : onClose}>
      <form onSubmit={submit} className="flex max-h-[70dvh] flex-col gap-3 overflow-y-auto">
        {customer && <p className="truncate text-xs text-slate-500">ID {customer.id}</p>}
        <TextField label="Name" autoComplete="off" {...field('name')} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
          <TextField label="Phone" type="tel" autoComplete="off" {...field('phone')} />
        </div>
        <TextField label="Address" autoComplete="off" {...field('address')} />
        <TextField label="Tags" placeholder="regular, college, bulk" {...field('tags')} />
        {customer && (
          <div>
            <p className="mb-1.5 font-medium text-slate-700">Jobs at this shop</p>
            <CustomerJobs id={customer.id} />
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-700">
            {error}
          </p>
        )}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
          {customer && (
            <Button variant="ghost" className="text-red-600 hover:bg-red-50 sm:mr-auto" onClick={onDelete} disabled={saving}>
              Delete
            </Button>
          )}
          <Button variant="secondary" onClick={onClose} disabled={saving} className="sm:ml-auto">
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
