import type { TJob } from '@counterprint/contract';
import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { customerLabel, type OlderJobs, totalSheets, useThumbnails } from '../../api/jobs';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { StatusChip, sheetBandClass } from '../../components/JobStatus';
import { Spinner } from '../../components/Spinner';
import { useNow } from '../../components/useNow';
import { timeAgo } from '../../lib/format';
import { JobConversionNote } from './FileBadge';
import { hasMarks, PaymentClaimMark, PrinterStopMarks, PrintingMark } from './JobMarks';
import { JobThumbs } from './JobThumbs';
import { filterJobs, JOB_TABS, type JobTab, orderJobs, uncountedFiles } from './liveJobs';
import { estimateText, optionsSummaries } from './price';
import { useQueueOrder } from './queuePrefs';
import { QUEUE_SHORTCUTS, useQueueShortcuts } from './useQueueShortcuts';

export function SheetsBadge({ sheets }: { sheets: number }) {
  return (
    <span className={`shrink-0 whitespace-nowrap rounded-md px-2 py-0.5 text-xs font-semibold tabular-nums ${sheetBandClass(sheets)}`}>
      {sheets} {sheets === 1 ? 'sheet' : 'sheets'}
    </span>
  );
}

/**
 * Shown beside the sheets when some files' pages could not be counted, so the total is not taken as whole.
 * A one-line row has room for a mark only; the words are its title and what a screen reader says.
 */
export function UncountedNote({ count }: { count: number }) {
  if (count === 0) return null;
  const words = `${count === 1 ? '1 file' : `${count} files`}: pages could not be counted`;
  return (
    <span title={words} className="shrink-0 rounded-md bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-800">
      <span aria-hidden="true">? pages</span>
      <span className="sr-only">{words}</span>
    </span>
  );
}

/**
 * How the job prints, under its row: one summary when every file prints alike, else a few files'
 * (the viewer lists them all), so a long job does not push the queue off the screen.
 */
const SUMMARIES_SHOWN = 3;
function OptionsSummary({ job }: { job: TJob }) {
  const summaries = optionsSummaries(job);
  const more = summaries.length - SUMMARIES_SHOWN;
  return (
    <span className="min-w-0 flex-1 text-xs text-slate-600">
      {summaries.slice(0, SUMMARIES_SHOWN).map((s) => (
        // A long file name gives way to the options, which are what the counter needs to read.
        <span key={s.key} data-testid="options-summary" className="flex min-w-0 gap-1 whitespace-nowrap">
          {s.fileName && <span className="max-w-[45%] shrink-0 truncate text-slate-500">{`${s.fileName}: `}</span>}
          <span className="min-w-0 truncate">{s.summary}</span>
        </span>
      ))}
      {more > 0 && (
        <span className="block text-slate-500">
          +{more} more {more === 1 ? 'file' : 'files'}
        </span>
      )}
    </span>
  );
}

/**
 * Two lines per job (who and when; how and how much): a busy counter sees a screenful of the queue, not four cards.
 * The card's button holds only what names the job (its number and customer), so its accessible name is its visible
 * words (WCAG 2.5.3, Label in Name) and the rest of the card is its description; a click anywhere on the card opens
 * it too, without a cover over the card that would hide the marks' tooltips.
 */
function JobRow({
  job,
  now,
  selected,
  cursor,
  thumbnails,
  onBrokenThumb,
  onView,
}: {
  job: TJob;
  now: number;
  selected: boolean;
  cursor: boolean;
  thumbnails: Record<string, string> | undefined;
  onBrokenThumb: () => void;
  onView: () => void;
}) {
  const files = job.files.length;
  const ref = useRef<HTMLButtonElement>(null);
  const factsId = useId();
  const detailsId = useId();
  const marksId = useId();
  const marked = hasMarks(job);
  const age = timeAgo(job.uploadedAt, now);
  const shortAge = age.replace(' ago', '');
  useEffect(() => {
    const row = ref.current;
    if (!cursor || !row) return;
    row.scrollIntoView?.({ block: 'nearest' });
    // Focus follows the cursor when it was on the list (or nowhere), so Enter on a focused row opens the
    // row the cursor is on; focus in the search box or a dialog stays where it is.
    const focused = document.activeElement;
    if (!focused || focused === document.body || row.closest('ul')?.contains(focused)) row.focus({ preventScroll: true });
  }, [cursor]);
  // A click on the card outside its button is the button's, unless it ends a text selection (docs/decisions/066).
  const clickCard = (e: MouseEvent<HTMLLIElement>) => {
    if (ref.current?.contains(e.target as Node) || window.getSelection()?.toString()) return;
    ref.current?.click();
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the card's button is the way in by keyboard and screen reader; this is the mouse's larger target.
    <li
      onClick={clickCard}
      data-queue-row
      className={`cursor-pointer px-3 py-2 text-sm transition hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-brand-500 ${selected ? 'bg-brand-50' : ''} ${cursor ? 'shadow-[inset_3px_0_0_var(--color-brand-500)]' : ''}`}
    >
      <span className="flex items-center gap-1.5">
        <button
          ref={ref}
          type="button"
          onClick={onView}
          aria-current={selected ? 'true' : undefined}
          aria-describedby={marked ? `${factsId} ${detailsId} ${marksId}` : `${factsId} ${detailsId}`}
          data-cursor={cursor ? 'true' : undefined}
          className="flex min-w-0 flex-1 items-center gap-1.5 text-left focus-visible:outline-none"
        >
          <span className="min-w-10 shrink-0 font-bold text-slate-900 tabular-nums">#{job.number}</span>
          <JobThumbs job={job} links={thumbnails} onBroken={onBrokenThumb} />
          {/* The space keeps the name "#7 Asha" wherever the spans are read as inline. */}{' '}
          <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{customerLabel(job)}</span>
        </button>
        <span id={factsId} className="flex shrink-0 items-center gap-1.5">
          {job.status !== 'queued' && <StatusChip status={job.status} />}
          <JobConversionNote job={job} />
          <span
            className="hidden w-9 shrink-0 items-center gap-1 text-xs text-slate-600 sm:inline-flex"
            title={`${files} ${files === 1 ? 'file' : 'files'}`}
          >
            <Icon name="files" className="h-3.5 w-3.5" />
            {files} <span className="sr-only">{files === 1 ? 'file' : 'files'}</span>
          </span>
          <SheetsBadge sheets={totalSheets(job)} />
          <UncountedNote count={uncountedFiles(job)} />
          <time
            dateTime={job.uploadedAt}
            title={new Date(job.uploadedAt).toLocaleString()}
            className="min-w-14 shrink-0 text-right text-xs text-slate-500"
          >
            {shortAge}
            {shortAge !== age && <span className="sr-only"> ago</span>}
          </time>
        </span>
      </span>
      <span id={detailsId} className="mt-0.5 flex items-start gap-1.5 pl-11.5">
        <OptionsSummary job={job} />
        <span
          data-testid="job-total"
          className={`shrink-0 text-right text-xs font-semibold tabular-nums ${job.estimate.complete ? 'text-slate-800' : 'text-amber-800'}`}
        >
          {estimateText(job.estimate)}
        </span>
      </span>
      {marked && (
        <span id={marksId} className="mt-1 flex flex-wrap gap-1.5 pl-11.5">
          <PrinterStopMarks job={job} />
          <PrintingMark job={job} />
          <PaymentClaimMark job={job} />
        </span>
      )}
    </li>
  );
}

interface JobListProps {
  shopId: string;
  jobs: TJob[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  selectedId: string | null;
  onView: (job: TJob) => void;
  /** Asks to mark a queued job printed (the p key); the page opens it and its confirmation. */
  onMarkPrinted?: (job: TJob) => void;
  /** The b and s keys: the page opens the job and its print panel, or sends it to the shop's printer. */
  onPrint?: (job: TJob) => void;
  onSend?: (job: TJob) => void;
  older?: OlderJobs;
}

/** The list holds the newest page of jobs; this reaches further back, a page at a time. */
function LoadOlder({ older }: { older: OlderJobs }) {
  return (
    <div className="flex flex-col items-center gap-1 pt-1">
      <Button variant="secondary" onClick={older.load} loading={older.loading} disabled={older.loading}>
        Load older jobs
      </Button>
      {older.error && (
        <p role="alert" className="text-sm text-red-600">
          {older.error}
        </p>
      )}
    </div>
  );
}

function ShortcutHint({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      className="hidden text-xs text-slate-500 hover:text-slate-800 hover:underline lg:block"
    >
      Keys: <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>Enter</kbd> open · <kbd>p</kbd> printed · <kbd>b</kbd> print · <kbd>s</kbd> send ·{' '}
      <kbd>?</kbd> more
    </button>
  );
}

function ShortcutList() {
  return (
    <dl
      aria-label="Keyboard shortcuts"
      className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-lg border border-slate-200 bg-white p-2.5 text-xs text-slate-600"
    >
      {QUEUE_SHORTCUTS.map((s) => (
        <div key={s.keys} className="contents">
          <dt className="font-mono font-semibold text-slate-800">{s.keys}</dt>
          <dd>{s.does}</dd>
        </div>
      ))}
      <dd className="col-span-2 mt-1 text-slate-400">Keys do nothing while you type in a field.</dd>
    </dl>
  );
}

/** docs/product/screens.md#live-print-jobs: 'Latest uploads', search by name or phone, a count, View. */
export function JobList({
  shopId,
  jobs,
  loading,
  error,
  onRetry,
  selectedId,
  onView,
  onMarkPrinted,
  onPrint,
  onSend,
  older,
}: JobListProps) {
  const [tab, setTab] = useState<JobTab>('queue');
  const [search, setSearch] = useState('');
  const [order, setOrder] = useQueueOrder();
  const [cursorId, setCursorId] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  // Every 30 s: the list says "2 min ago", not seconds.
  const now = useNow(30_000);
  const shown = orderJobs(filterJobs(jobs, tab, search, new Date(now)), order);
  const thumbnails = useThumbnails(shopId, shown);
  // A link that fails after a while has expired (they live 10 minutes): fresh ones, once for the whole list.
  const onBrokenThumb = () => {
    if (Date.now() - thumbnails.dataUpdatedAt > 60_000) void thumbnails.refetch({ cancelRefetch: false });
  };

  const at = shown.findIndex((j) => j.id === (cursorId ?? selectedId));
  const current = at >= 0 ? shown[at] : undefined;
  const move = (step: number) => {
    if (shown.length === 0) return;
    const next = at < 0 ? (step > 0 ? 0 : shown.length - 1) : Math.min(shown.length - 1, Math.max(0, at + step));
    setCursorId(shown[next]!.id);
  };
  useQueueShortcuts({
    next: () => move(1),
    previous: () => move(-1),
    open: () => current && onView(current),
    printed: () => current?.status === 'queued' && onMarkPrinted?.(current),
    print: () => current && onPrint?.(current),
    send: () => current?.status === 'queued' && onSend?.(current),
    help: () => setHelp((h) => !h),
  });

  return (
    <section aria-labelledby="latest-uploads" className="flex min-w-0 flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="latest-uploads" className="text-xl font-bold tracking-tight text-slate-900">
          Latest uploads
        </h2>
        <span className="text-sm text-slate-500" aria-live="polite">
          {shown.length} {shown.length === 1 ? 'job' : 'jobs'}
        </span>
      </div>
      <label className="relative block">
        <span className="sr-only">Search by customer name or phone</span>
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search by name or phone"
          className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm"
        />
      </label>
      <div role="tablist" aria-label="Which jobs" className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
        {JOB_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            onClick={() => setTab(t.id)}
            className={`rounded-md px-2 py-1.5 text-sm font-medium transition ${tab === t.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => setOrder(order === 'oldest' ? 'newest' : 'oldest')}
          aria-label={`Order: ${order === 'oldest' ? 'oldest first' : 'newest first'}. Change`}
          className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <Icon name="clock" className="h-3.5 w-3.5" />
          {order === 'oldest' ? 'Oldest first' : 'Newest first'}
          <span aria-hidden="true">⇅</span>
        </button>
        <ShortcutHint open={help} onToggle={() => setHelp((h) => !h)} />
      </div>
      {help && <ShortcutList />}
      {loading ? (
        <div className="flex justify-center py-10">
          <Spinner className="h-7 w-7 text-brand-500" label="Loading jobs" />
        </div>
      ) : error ? (
        <EmptyState icon="alert" title="Could not load the jobs">
          <p>{error}</p>
          <button type="button" onClick={onRetry} className="mt-3 font-semibold text-brand-600 hover:underline">
            Try again
          </button>
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState icon="print" title={search ? 'No jobs match your search' : tab === 'queue' ? 'The queue is empty' : 'No jobs here yet'}>
          {!search && tab === 'queue' && <p>New uploads appear here the moment a customer sends them.</p>}
        </EmptyState>
      ) : (
        <ul aria-label="Jobs" className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs">
          {shown.map((job) => (
            <JobRow
              key={job.id}
              job={job}
              now={now}
              selected={job.id === selectedId}
              cursor={job.id === current?.id}
              thumbnails={thumbnails.data}
              onBrokenThumb={onBrokenThumb}
              onView={() => {
                setCursorId(job.id);
                onView(job);
              }}
            />
          ))}
        </ul>
      )}
      {!loading && !error && older?.canLoad && <LoadOlder older={older} />}
    </section>
  );
}
