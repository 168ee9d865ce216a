import type { TJob } from '@counterprint/contract';
import { Link } from 'react-router';
import { useEarnings } from '../../api/earnings';
import { customerLabel, PRINT_JOBS_LIMIT, totalSheets } from '../../api/jobs';
import { EmptyState } from '../../components/EmptyState';
import { Icon, type IconName } from '../../components/Icon';
import { StatusChip } from '../../components/JobStatus';
import { Spinner } from '../../components/Spinner';
import { formatCount, formatRupees, isToday, timeAgo } from '../../lib/format';

export interface TodayFigures {
  uploadsToday: number;
  sheetsPrintedToday: number;
  queuedNow: number;
}

/** Real figures from the shop's newest jobs, in place of the spec's 'Coming Soon' cards. */
export function todayFigures(jobs: TJob[], now = new Date()): TodayFigures {
  return {
    uploadsToday: jobs.filter((j) => isToday(j.uploadedAt, now)).length,
    sheetsPrintedToday: jobs.filter((j) => j.status === 'done' && isToday(j.printedAt, now)).reduce((n, j) => n + totalSheets(j), 0),
    queuedNow: jobs.filter((j) => j.status === 'queued').length,
  };
}

function StatCard({ icon, label, value, hint, tone }: { icon: IconName; label: string; value: string; hint: string; tone: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center gap-2 text-sm text-slate-500">
        <span className={`rounded-lg p-1.5 ${tone}`}>
          <Icon name={icon} className="h-4 w-4" />
        </span>
        {label}
      </div>
      <p className="mt-2 text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
      <p className="mt-0.5 text-xs text-slate-500">{hint}</p>
    </div>
  );
}

/** The same report the Earnings screen shows for this shop over its default period. */
function RevenueCard({ shopId }: { shopId: string }) {
  const report = useEarnings({ range: '30d', from: '', to: '', shopId, paymentMethod: '', query: '' });
  const totals = report.data?.totals;
  const value = totals ? formatRupees(totals.revenue) : report.isError ? '—' : '…';
  const hint = totals
    ? `${totals.orders} paid ${totals.orders === 1 ? 'order' : 'orders'} in the last 30 days`
    : report.isError
      ? 'Could not load earnings'
      : 'Paid orders in the last 30 days';
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center gap-2 text-sm text-slate-500">
        <span className="rounded-lg bg-violet-50 p-1.5 text-violet-700">
          <Icon name="wallet" className="h-4 w-4" />
        </span>
        Total revenue
      </div>
      <p className="mt-2 text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
      <p className="mt-0.5 text-xs text-slate-500">
        {hint} ·{' '}
        <Link to="/revenue" className="font-semibold text-brand-700 hover:underline">
          Earnings
        </Link>
      </p>
    </div>
  );
}

export function ShopStats({ shopId, jobs, loading }: { shopId: string; jobs: TJob[]; loading: boolean }) {
  const f = todayFigures(jobs);
  const show = (n: number) => (loading ? '…' : formatCount(n));
  // Counted over the newest jobs only; say so on the rare day that is not all of them.
  const partial = jobs.length >= PRINT_JOBS_LIMIT ? ` (latest ${PRINT_JOBS_LIMIT} jobs)` : '';
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      <StatCard
        icon="files"
        label="Uploads today"
        value={show(f.uploadsToday)}
        hint={`Jobs customers sent today${partial}`}
        tone="bg-brand-50 text-brand-700"
      />
      <StatCard
        icon="print"
        label="Sheets printed"
        value={show(f.sheetsPrintedToday)}
        hint={`Marked printed today${partial}`}
        tone="bg-emerald-50 text-emerald-700"
      />
      <StatCard
        icon="clock"
        label="In the queue"
        value={show(f.queuedNow)}
        hint="Waiting to be printed"
        tone="bg-amber-50 text-amber-700"
      />
      <RevenueCard shopId={shopId} />
    </div>
  );
}

/** The shop's five newest jobs (the recent activity of docs/product/screens.md#shop-dashboard, made real). */
export function RecentActivity({ jobs, loading, error }: { jobs: TJob[]; loading: boolean; error: string | null }) {
  const latest = jobs.slice(0, 5);
  const now = Date.now();
  return (
    <section aria-labelledby="recent-activity" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id="recent-activity" className="font-semibold text-slate-900">
          Recent activity
        </h2>
        <Link to="/printJob" className="text-sm font-semibold text-brand-700 hover:underline">
          Open print queue
        </Link>
      </div>
      {loading ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading recent jobs" />
        </div>
      ) : error ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          Could not load recent jobs: {error}
        </p>
      ) : latest.length === 0 ? (
        <div className="mt-4">
          <EmptyState icon="files" title="No uploads yet">
            Share your QR code and the first customer’s job shows up here.
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {latest.map((job) => (
            <li key={job.id} className="flex items-center gap-3 py-2.5">
              <span className="flex h-9 min-w-9 items-center justify-center rounded-lg bg-slate-100 px-1.5 text-sm font-bold text-slate-700 tabular-nums">
                #{job.number}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{customerLabel(job)}</p>
                <p className="truncate text-xs text-slate-500">
                  {job.files.length} {job.files.length === 1 ? 'file' : 'files'} · {totalSheets(job)} sheets ·{' '}
                  {timeAgo(job.uploadedAt, now)}
                </p>
              </div>
              <StatusChip status={job.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
