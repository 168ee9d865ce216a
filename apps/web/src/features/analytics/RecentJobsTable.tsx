import type { TAnalytics } from '@counterprint/contract';
import { statusChip } from '../../components/JobStatus';
import { Pager } from '../../components/Pager';
import { TableCard } from '../../components/TableCard';

interface RecentJobsProps {
  jobs: TAnalytics['recentJobs'] | undefined;
  onPage: (page: number) => void;
  shopName?: (shopId: string) => string | undefined;
}

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/** docs/product/screens.md#analytics: the server pages these, 8 at a time, with 'Page X of Y'. */
export function RecentJobsTable({ jobs, onPage, shopName }: RecentJobsProps) {
  const items = jobs?.items ?? [];
  return (
    <TableCard
      header={
        <div className="flex items-baseline justify-between gap-2 p-4 sm:p-5">
          <h2 className="font-semibold text-slate-900">Recent print jobs</h2>
          {jobs && <span className="text-xs text-slate-500">{jobs.total} in the period</span>}
        </div>
      }
      empty={items.length === 0 && (jobs ? 'No recent jobs found' : 'Loading…')}
      label="Recent print jobs"
      minWidth="min-w-[36rem]"
      columns={['Job', 'Date', 'Customer', 'Paper', 'Sheets', 'Status']}
      numeric="Sheets"
      footer={<Pager page={jobs?.page ?? 1} totalPages={jobs?.totalPages ?? 1} onPage={onPage} />}
    >
      {items.map((job) => {
        const chip = statusChip(job.status);
        const shop = shopName?.(job.shopId);
        return (
          <tr key={job.id}>
            <td className="px-4 py-3 font-semibold text-slate-900 tabular-nums">
              #{job.number}
              {shop && <span className="block text-xs font-normal text-slate-500">{shop}</span>}
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{when(job.createdAt)}</td>
            <td className="max-w-[10rem] truncate px-4 py-3">{job.customerName ?? '—'}</td>
            <td className="max-w-[10rem] truncate px-4 py-3">{job.paper ?? '—'}</td>
            <td className="px-4 py-3 text-right tabular-nums">{job.sheets}</td>
            <td className="px-4 py-3">
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${chip.className}`}>{chip.label}</span>
            </td>
          </tr>
        );
      })}
    </TableCard>
  );
}
