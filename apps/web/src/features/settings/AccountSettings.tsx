import { PASSWORD_PATTERN, type TMe } from '@counterprint/contract';
import { type FormEvent, useState } from 'react';
import { useMe, useUpdateMe } from '../../api/accounts';
import { ApiError, serverMessageOr } from '../../api/client';
import { Button } from '../../components/Button';
import { LoadFailed } from '../../components/EmptyState';
import { PasswordField, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { SHORT_TOAST_MS, useToast } from '../../components/Toast';
import { Panel } from './fields';

type PasswordErrors = Partial<Record<'current' | 'next' | 'confirm', string>>;

export function passwordErrors(v: { current: string; next: string; confirm: string }): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!v.current) errors.current = 'Enter your current password';
  if (!PASSWORD_PATTERN.test(v.next)) errors.next = 'Must be 8+ characters with letter and number';
  if (v.confirm !== v.next) errors.confirm = 'Passwords do not match';
  return errors;
}

const passwordFailure = (err: unknown) =>
  err instanceof ApiError && err.code === 'BAD_CURRENT_PASSWORD'
    ? 'Your current password is incorrect.'
    : serverMessageOr(err, 'Failed to change password.');

function NameForm({ me }: { me: TMe }) {
  const toast = useToast(SHORT_TOAST_MS);
  const update = useUpdateMe();
  const [name, setName] = useState(me.name);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Name is required');
    setError(null);
    update.mutate(
      { name: name.trim() },
      { onSuccess: () => toast('Account saved.', 'success'), onError: (err) => toast(serverMessageOr(err, 'Failed to save.'), 'error') },
    );
  };
  return (
    <Panel title="Account" description="Your name and the email you sign in with.">
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={error} autoComplete="name" maxLength={100} />
        <TextField label="Email" value={me.email} readOnly disabled />
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function PasswordForm() {
  const toast = useToast(SHORT_TOAST_MS);
  const update = useUpdateMe();
  const empty = { current: '', next: '', confirm: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const field = (key: keyof typeof empty) => ({
    value: values[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = passwordErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { currentPassword: values.current, newPassword: values.next },
      {
        onSuccess: () => {
          setValues(empty);
          toast('Password changed.', 'success');
        },
        onError: (err) => toast(passwordFailure(err), 'error'),
      },
    );
  };
  return (
    <Panel title="Change password" description="Other devices signed in to this account are signed out when it changes.">
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <PasswordField label="Current password" className="sm:col-span-2" autoComplete="current-password" {...field('current')} />
        <PasswordField label="New password" autoComplete="new-password" {...field('next')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...field('confirm')} />
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" loading={update.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/** The signed-in person's own name and password (PUT /api/auth/me), for every role that has /settings. */
export function AccountPanels() {
  const me = useMe();
  if (me.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="h-8 w-8 text-brand-500" label="Loading account" />
      </div>
    );
  }
  if (me.isError) {
    return <LoadFailed title="Could not load your account" message={me.error.message} onRetry={() => void me.refetch()} />;
  }
  return (
    <>
      <NameForm key={me.data.id} me={me.data} />
      <PasswordForm />
    </>
  );
}

/** An OWNER's /settings is their own account (name, password), not a shop (docs/product/departures.md#owner-analytics-and-settings). */
export function AccountSettings() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-500">Your platform owner account.</p>
      </header>
      <AccountPanels />
    </div>
  );
}
