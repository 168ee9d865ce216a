import type { TCustomer, TCustomerInput } from '@counterprint/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { serverMessageOr } from '../../api/client';
import { useCustomerList, useDeleteCustomer, useSaveCustomer } from '../../api/customers';
import { FEEDBACK_FEATURES } from '../../api/feedback';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SearchInput, Select } from '../../components/controls';
import { EmptyState, LoadFailed, NoShopYet } from '../../components/EmptyState';
import { FeedbackPrompt } from '../../components/FeedbackPrompt';
import { Icon } from '../../components/Icon';
import { Pager } from '../../components/Pager';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { datedFilename, downloadCsv } from '../../lib/csv';
import { useActiveShop } from '../../session/useActiveShop';
import { CustomerCard } from './CustomerCard';
import { CustomerModal } from './CustomerModal';
import { type CustomerSort, customersCsv, pageCount, pageOf, SORT_OPTIONS, searchCustomers, sortCustomers } from './customerList';
import { useStatusMessage } from './useCustomers';

export const LOAD_FAILED = 'Failed to load customers';
export const CONFIRM_DELETE = 'Delete this customer? This cannot be undone.';

/** 'new' opens an empty form; a customer opens theirs. */
type Editing = TCustomer | 'new' | null;

function ShopCustomers({ shopId }: { shopId: string }) {
  const list = useCustomerList(shopId);
  const save = useSaveCustomer(shopId);
  const remove = useDeleteCustomer(shopId);
  const { show } = useStatusMessage();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CustomerSort>('recent');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<TCustomer | null>(null);
  // Modal refocuses itself whenever onClose changes identity; these stay stable across list updates.
  const resetSave = save.reset;
  const closeEditor = useCallback(() => {
    resetSave();
    setEditing(null);
  }, [resetSave]);
  const closeConfirm = useCallback(() => setConfirming(null), []);

  useEffect(() => {
    if (list.isError) toast(LOAD_FAILED, 'error');
  }, [list.isError, toast]);

  const shown = useMemo(() => sortCustomers(searchCustomers(list.data ?? [], search), sort), [list.data, search, sort]);
  const pages = pageCount(shown.length);
  const current = Math.min(page, pages);

  const onSave = (input: TCustomerInput) => {
    const id = editing && editing !== 'new' ? editing.id : null;
    show('Saving...');
    save.mutate(
      { id, input },
      {
        onSuccess: () => {
          show('Saved', 'success');
          setEditing(null);
          if (!id) {
            // A new customer is prepended; show it even if a search or sort would hide it.
            setSearch('');
            setSort('recent');
            setPage(1);
          }
        },
        onError: () => show('Save failed', 'error'),
      },
    );
  };

  const onConfirmDelete = () => {
    const customer = confirming;
    setConfirming(null);
    if (!customer) return;
    show('Deleting...');
    remove.mutate(customer, {
      onSuccess: () => show('Deleted', 'success'),
      onError: () => show('Delete failed', 'error'),
    });
  };

  const copyEmail = (email: string | null) => {
    if (!email) return;
    navigator.clipboard?.writeText(email).then(
      () => toast('Email copied', 'success', 1400),
      () => toast('Could not copy the email', 'error', 1400),
    );
  };

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Customers</h1>
          <p className="mt-1 text-sm text-slate-500">People who upload with a phone number appear here; add others by hand.</p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={shown.length === 0}
            onClick={() => downloadCsv(datedFilename('customers'), customersCsv(shown))}
          >
            Export
          </Button>
          <Button onClick={() => setEditing('new')}>
            <Icon name="user" className="h-4 w-4" />
            Add
          </Button>
        </div>
      </div>

      <div className="mt-5 grid gap-2 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <SearchInput
          label="Search by name, email, phone or id..."
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <Select
          label="Sort customers"
          value={sort}
          options={SORT_OPTIONS}
          onChange={(v) => {
            setSort(v);
            setPage(1);
          }}
        />
      </div>

      <p className="mt-4 text-sm text-slate-500" aria-live="polite">
        Showing {shown.length} {shown.length === 1 ? 'customer' : 'customers'}
      </p>

      <div className="mt-3">
        {list.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner className="h-8 w-8 text-brand-500" label="Loading customers" />
          </div>
        ) : list.isError ? (
          <LoadFailed title={LOAD_FAILED} message={serverMessageOr(list.error, 'Please try again.')} onRetry={() => void list.refetch()} />
        ) : shown.length === 0 ? (
          <EmptyState icon="users" title="No customers found. Try changing the filter or add a new customer." />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {pageOf(shown, current).map((c) => (
              <CustomerCard key={c.id} customer={c} onView={() => setEditing(c)} onCopyEmail={() => copyEmail(c.email)} />
            ))}
          </ul>
        )}
      </div>

      {shown.length > 0 && (
        <div className="mt-5">
          <Pager page={current} totalPages={pages} onPage={setPage} />
        </div>
      )}

      {editing && (
        <CustomerModal
          key={editing === 'new' ? 'new' : editing.id}
          customer={editing === 'new' ? null : editing}
          saving={save.isPending}
          error={save.isError ? serverMessageOr(save.error, 'Save failed') : null}
          onSave={onSave}
          onDelete={() => {
            if (editing !== 'new') setConfirming(editing);
            setEditing(null);
          }}
          onClose={closeEditor}
        />
      )}

      <ConfirmDialog
        open={confirming !== null}
        title="Delete customer"
        keepLabel="Cancel"
        confirmLabel="Delete"
        onKeep={closeConfirm}
        onConfirm={onConfirmDelete}
      >
        {CONFIRM_DELETE}
      </ConfirmDialog>
    </div>
  );
}

function NoShop() {
  return (
    <div className="mx-auto max-w-lg">
      <NoShopYet>Customers appear once your shop receives uploads.</NoShopYet>
    </div>
  );
}

/** /customers (docs/product/screens.md#customers) for the active shop; a switch of shop starts clean. */
export default function CustomersPage() {
  const shop = useActiveShop();
  return (
    <FeedbackPrompt feature={FEEDBACK_FEATURES.customers}>
      {shop.id ? <ShopCustomers key={shop.id} shopId={shop.id} /> : <NoShop />}
    </FeedbackPrompt>
  );
}
