import type { TRecycleItem } from '@counterprint/contract';
import { RECYCLE_PAGE_SIZE } from '@counterprint/contract';
import { type ReactNode, useState } from 'react';
import { useRecycleBin, useSavedFiles } from '../../api/recycle';
import { EmptyState, LoadFailed, NoShopYet } from '../../components/EmptyState';
import { Pager } from '../../components/Pager';
import { Spinner } from '../../components/Spinner';
import { SHORT_TOAST_MS, useToastSlot } from '../../components/Toast';
import { useNow } from '../../components/useNow';
import { useActiveShop } from '../../session/useActiveShop';
import { REFRESH_MS, searchItems, sortItems } from './bin';
import { useExpirySweep } from './hooks';
import { useRecycleActions } from './RecycleActions';
import { type RecycleAction, RecycleCard } from './RecycleCard';
import { type Filters, RecycleFilters } from './RecycleFilters';

interface ListProps {
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  items: TRecycleItem[];
  empty: ReactNode;
  children: (items: TRecycleItem[]) => ReactNode;
}

/** Loading, failure and empty states shared by the bin and the saved files. */
function ListState({ loading, error, onRetry, items, empty, children }: ListProps) {
  if (loading) {
    return (
      <div className="flex justify-center py-12">
        <Spinner className="h-7 w-7 text-brand-500" label="Loading files" />
      </div>
    );
  }
  if (error) {
    return <LoadFailed title="Could not load the files" message={error.message} onRetry={onRetry} buttonClassName="mt-3" />;
  }
  return items.length === 0 ? empty : children(items);
}

const GRID = 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

function PageHeader() {
  return (
    <header>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Recycle bin</h1>
      <p className="mt-1 text-sm text-slate-500">
        Printed files wait here for 1 hour before they are deleted for good. Save a file to keep it, or restore it to the print queue.
      </p>
    </header>
  );
}

function RecycleBin({ shopId }: { shopId: string }) {
  const [filters, setFilters] = useState<Filters>({ range: '7d', fileType: 'all', sort: 'deleted_desc', search: '' });
  const [page, setPage] = useState(1);
  // One tick a second keeps the mm:ss countdowns honest.
  const now = useNow(1_000);
  const { show } = useToastSlot(SHORT_TOAST_MS);
  const actions = useRecycleActions(shopId, show);

  const bin = useRecycleBin(shopId, filters.range, filters.fileType, REFRESH_MS);
  const saved = useSavedFiles(shopId, REFRESH_MS);
  const gone = useExpirySweep(bin.data ?? [], (text) => show(text, 'warning'));

  const shown = searchItems(
    sortItems(
      (bin.data ?? []).filter((i) => !gone.has(i.id)),
      filters.sort,
    ),
    filters.search,
  );
  const totalPages = Math.max(1, Math.ceil(shown.length / RECYCLE_PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const onAction = (action: RecycleAction, item: TRecycleItem) => actions.ask(action, item);
  const filtered = filters.search.trim() !== '' || filters.fileType !== 'all';

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader />
      <RecycleFilters
        filters={filters}
        onChange={(change) => {
          setFilters((f) => ({ ...f, ...change }));
          setPage(1);
        }}
      />
      <section aria-label="Deleted files" className="flex flex-col gap-4">
        <ListState
          loading={bin.isPending}
          error={bin.isError && !bin.data ? bin.error : null}
          onRetry={() => void bin.refetch()}
          items={shown}
          empty={
            <EmptyState icon="recycle" title={filtered ? 'No files match these filters' : 'The recycle bin is empty'}>
              {!filtered && <p>Files land here after a job is printed or cancelled.</p>}
            </EmptyState>
          }
        >
          {(items) => (
            <>
              <p className="text-sm text-slate-500" aria-live="polite">
                {items.length} {items.length === 1 ? 'file' : 'files'}
              </p>
              <ul className={GRID}>
                {items.slice((current - 1) * RECYCLE_PAGE_SIZE, current * RECYCLE_PAGE_SIZE).map((item) => (
                  <RecycleCard key={item.id} item={item} now={now} busy={actions.busyId === item.id} onAction={onAction} />
                ))}
              </ul>
              {totalPages > 1 && <Pager page={current} totalPages={totalPages} onPage={setPage} />}
            </>
          )}
        </ListState>
      </section>
      <section aria-labelledby="saved-files" className="flex flex-col gap-4 border-t border-slate-200 pt-6">
        <div>
          <h2 id="saved-files" className="text-lg font-semibold text-slate-900">
            Saved Files
          </h2>
          <p className="text-sm text-slate-500">Kept until you delete them.</p>
        </div>
        <ListState
          loading={saved.isPending}
          error={saved.isError && !saved.data ? saved.error : null}
          onRetry={() => void saved.refetch()}
          items={saved.data ?? []}
          empty={<EmptyState icon="files" title="No saved files" />}
        >
          {(items) => (
            <ul className={GRID}>
              {items.map((item) => (
                <RecycleCard
                  key={item.id}
                  item={item}
                  now={now}
                  busy={actions.busyId === item.id}
                  onAction={onAction}
                  actions={['delete']}
                />
              ))}
            </ul>
          )}
        </ListState>
      </section>
      {actions.dialog}
    </div>
  );
}

/** /recycle: the active shop's bin, following the top-bar switcher. */
export default function RecycleBinPage() {
  const shop = useActiveShop();
  if (!shop.id) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col gap-6">
        <PageHeader />
        <NoShopYet>Deleted and printed files appear here once your shop receives uploads.</NoShopYet>
      </div>
    );
  }
  return <RecycleBin key={shop.id} shopId={shop.id} />;
}
