import type { TJob } from '@counterprint/contract';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { sheetBandClass, statusChip } from './jobStyles';
import { customerLabel, filterJobs, JOB_TABS, type JobTab, timeAgo, totalSheets } from './liveJobs';
import type { OlderJobs } from './queries';

/** Re-renders every 30 s so "2 min ago" keeps telling the truth on a screen left open all day. */
function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function SheetsBadge({ sheets }: { sheets: number }) {
  return (
    <span className={`rounded-md px-2 py-0.5 text-xs font-semibold tabular-nums ${sheetBandClass(sheets)}`}>
      {sheets} {sheets === 1 ? 'sheet' : 'sheets'}
    </span>
  );
}

export function StatusChip({ status }: { status: string }) {
  const chip = statusChip(status);
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${chip.className}`}>{chip.label}</span>;
}

function JobCard({ job, now, selected, onView }: { job: TJob; now: number; selected: boolean; onView: () => void }) {
  const files = job.files.length;
  return (
    <li
      className={`rounded-xl border bg-white p-3.5 shadow-xs transition ${selected ? 'border-brand-400 ring-2 ring-brand-100' : 'border-slate-200'}`}
    >
      <div className="flex items-start gap-3">
        <span className="flex h-10 min-w-10 shrink-0 items-center justify-center rounded-lg bg-slate-900 px-1.5 text-sm font-bold text-white tabular-nums">
          #{job.number}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-center justify-between gap-2">
            <p className="truncate font-semibold text-slate-900">{customerLabel(job)}</p>
            <StatusChip status={job.status} />
          </div>
          <p className="truncate text-xs text-slate-500">
            {job.customerPhone ? `${job.customerPhone} · ` : ''}
            <time dateTime={job.uploadedAt} title={new Date(job.uploadedAt).toLocaleString()}>
              {timeAgo(job.uploadedAt, now)}
            </time>
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <span className="inline-flex items-center gap-1">
              <Icon name="files" className="h-3.5 w-3.5" />
              {files} {files === 1 ? 'file' : 'files'}
            </span>
            <SheetsBadge sheets={totalSheets(job)} />
          </div>
        </div>
      </div>
      <button
        type="button"
        onClick={onView}
        aria-label={`View job #${job.number} from ${customerLabel(job)}`}
        className="mt-3 inline-flex w-full items-center justify-center gap-1.5 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <Icon name="eye" className="h-4 w-4" />
        View
      </button>
    </li>
  );
}

interface JobListProps {
  jobs: TJob[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  selectedId: string | null;
  onView: (job: TJob) => void;
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

/** Spec 01 "Jobs and viewer": 'Latest uploads', search by name or phone, a count, View. */
export function JobList({ jobs, loading, error, onRetry, selectedId, onView, older }: JobListProps) {
  const [tab, setTab] = useState<JobTab>('queue');
  const [search, setSearch] = useState('');
  const now = useNow();
  const shown = filterJobs(jobs, tab, search, new Date(now));

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
          className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm"
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
        <ul className="flex flex-col gap-2.5">
          {shown.map((job) => (
            <JobCard key={job.id} job={job} now={now} selected={job.id === selectedId} onView={() => onView(job)} />
          ))}
        </ul>
      )}
      {!loading && !error && older?.canLoad && <LoadOlder older={older} />}
    </section>
  );
}
