import { Button } from './Button';

/** Prev/Next paging with the spec's 'Page X of Y' label. Pages count from 1. */
export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const last = Math.max(1, totalPages);
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3 text-sm text-slate-600">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </Button>
      <span>
        Page {Math.min(page, last)} of {last}
      </span>
      <Button variant="secondary" disabled={page >= last} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
