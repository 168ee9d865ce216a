import type { TOwnerOverview } from '@counterprint/contract';
import { serverMessageOr } from '../../api/client';
import { useOwnerOverview } from '../../api/owner';
import { Button } from '../../components/Button';
import { LoadFailed } from '../../components/EmptyState';
import { Icon, type IconName } from '../../components/Icon';
import { formatBytes, formatCount } from '../../lib/format';
import { OwnerInbox } from './OwnerInbox';

interface Stat {
  label: string;
  icon: IconName;
  value: (o: TOwnerOverview) => string;
  sub?: (o: TOwnerOverview) => string;
}

const STATS: Stat[] = [
  { label: 'Shops', icon: 'store', value: (o) => formatCount(o.shops) },
  { label: 'Users', icon: 'users', value: (o) => formatCount(o.users) },
  { label: 'Jobs today', icon: 'print', value: (o) => formatCount(o.jobsToday) },
  { label: 'Jobs this week', icon: 'chart', value: (o) => formatCount(o.jobsThisWeek) },
  { label: 'Files stored', icon: 'database', value: (o) => formatCount(o.filesStored), sub: (o) => formatBytes(o.bytesStored) },
];

function StatCard({ stat, overview }: { stat: Stat; overview?: TOwnerOverview }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-500">{stat.label}</p>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-600">
          <Icon name={stat.icon} className="h-4 w-4" />
        </span>
      </div>
      {overview ? (
        <>
          <p className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{stat.value(overview)}</p>
          {stat.sub && <p className="mt-1 text-xs text-slate-500">{stat.sub(overview)}</p>}
        </>
      ) : (
        <div aria-hidden="true" className="mt-3 h-9 w-20 animate-pulse rounded bg-slate-100" />
      )}
    </li>
  );
}

/** Platform figures for the OWNER (GET /api/owner/overview); no sample numbers when it fails. */
export default function OwnerDashboardPage() {
  const overview = useOwnerOverview();
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Platform overview</h1>
          <p className="mt-1 text-sm text-slate-500">Every shop on Counterprint at a glance.</p>
        </div>
        {overview.isSuccess && (
          <Button variant="secondary" loading={overview.isFetching} onClick={() => void overview.refetch()}>
            Refresh
          </Button>
        )}
      </div>
      {overview.isError ? (
        <div className="mt-6">
          <LoadFailed
            title="Could not load the overview"
            message={serverMessageOr(overview.error, 'Please try again.')}
            onRetry={() => void overview.refetch()}
          />
        </div>
      ) : (
        <ul aria-busy={overview.isPending} className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
          {STATS.map((stat) => (
            <StatCard key={stat.label} stat={stat} overview={overview.data} />
          ))}
        </ul>
      )}
      {/* The figures come first; the inbox asks once they have answered, so four calls do not race. */}
      {!overview.isPending && <OwnerInbox />}
    </div>
  );
}
