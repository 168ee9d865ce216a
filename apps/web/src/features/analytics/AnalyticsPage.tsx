import type { TAnalytics, TPaperInventoryItem } from '@counterprint/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { type AnalyticsFilters, analyticsKeys, type RangeFilter, useAnalytics } from '../../api/analytics';
import { FEEDBACK_FEATURES } from '../../api/feedback';
import { NoData, Panel, ReportBody, ReportHeader, SearchInput, Select, StatCard, useDebounced } from '../../components/controls';
import { FeedbackPrompt } from '../../components/FeedbackPrompt';
import { customRangeProblem, RangeControls } from '../../components/RangeControls';
import { formatCount } from '../../lib/format';
import { useAuth } from '../../session/auth';
import { shopOptions, useShopFilter } from '../../session/useShopFilter';
import { InventoryList } from './InventoryPanel';
import { RecentJobsTable } from './RecentJobsTable';
import { RestockForm } from './RestockForm';
import { isLowStock, mergeItem } from './restock';

export const LOAD_FAILED = 'Could not load analytics';

// recharts is most of this screen's weight; the figures and tables paint while it loads.
const UsageChart = lazy(() => import('./Charts').then((m) => ({ default: m.UsageChart })));
const TrafficChart = lazy(() => import('./Charts').then((m) => ({ default: m.TrafficChart })));
const chartFallback = <NoData text="Loading…" />;

function Analytics({ platform }: { platform: boolean }) {
  const [range, setRange] = useState<RangeFilter>({ range: '30d', from: '', to: '' });
  const [shopId, setShopId] = useShopFilter(!platform);
  const [search, setSearch] = useState('');
  const query = useDebounced(search);
  const [page, setPage] = useState(1);
  const [restockKey, setRestockKey] = useState('');
  const client = useQueryClient();

  const base = { ...range, shopId, query: query.trim(), platform };
  // docs/product/screens.md#analytics: a filter change refetches; the job table starts again on page 1.
  const [lastBase, setLastBase] = useState('');
  const baseKey = JSON.stringify(base);
  if (baseKey !== lastBase) {
    setLastBase(baseKey);
    setPage(1);
  }
  const filters: AnalyticsFilters = { ...base, page };
  const rangeProblem = customRangeProblem(range);
  const report = useAnalytics(filters, { enabled: !rangeProblem });
  const data = report.data;
  const shopName = (id: string) => (shopId ? undefined : data?.shops.find((s) => s.id === id)?.name);

  const onRestocked = (item: TPaperInventoryItem) => {
    client.setQueryData<TAnalytics>(analyticsKeys.report(filters), (d) => d && { ...d, paperInventory: mergeItem(d.paperInventory, item) });
    // Other cached ranges and pages now hold old stock; they reload when next shown.
    void client.invalidateQueries({ queryKey: analyticsKeys.all, refetchType: 'none' });
  };

  const inventory = data?.paperInventory ?? [];
  const low = inventory.filter(isLowStock).length;
  return (
    <div className="mx-auto max-w-7xl">
      <ReportHeader
        title={platform ? 'Global Analytics' : 'Materials & Services Analytics'}
        period={data?.periodLabel ?? (platform ? 'Paper, jobs and visits across every shop.' : 'Paper, jobs and visits at your shop.')}
        updating={report.isFetching && !!data}
      />

      <div className="mt-5 grid gap-2 sm:grid-cols-2 lg:grid-cols-[10rem_14rem_minmax(0,1fr)]">
        <RangeControls value={range} onChange={setRange} />
        <Select label="Shop" value={shopId} options={shopOptions(data?.shops)} onChange={setShopId} />
        <SearchInput label="Search jobs or papers" value={search} onChange={setSearch} />
      </div>
      <ReportBody rangeProblem={rangeProblem} report={report} failedTitle={LOAD_FAILED}>
        {/* Four cards for a shop, five for the platform (it adds Shops): one row either way on a wide screen. */}
        <ul
          className={`grid grid-cols-2 gap-3 ${(data?.summaryCards.length ?? 4) > 4 ? 'sm:grid-cols-3 xl:grid-cols-5' : 'lg:grid-cols-4'}`}
        >
          {data
            ? data.summaryCards.map((c) => <StatCard key={c.key} title={c.title} value={formatCount(c.value)} sub={c.sub} />)
            : [1, 2, 3, 4].map((n) => <StatCard key={n} title="…" value="" loading />)}
        </ul>
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
            <Panel
              title="Paper consumption"
              aside={
                data && (
                  <>
                    {formatCount(data.usage.totalUsed)} used · {formatCount(data.usage.avgDaily)} avg daily ·{' '}
                    {formatCount(data.usage.projectedMonth)} projected month
                  </>
                )
              }
            >
              <Suspense fallback={chartFallback}>{data ? <UsageChart series={data.usage.series} /> : chartFallback}</Suspense>
            </Panel>
            <Panel
              title="Traffic"
              aside={
                data && (
                  <>
                    {formatCount(data.traffic.avg)} avg visits/day · Walk-in {data.traffic.walkinPct}% · Online {data.traffic.onlinePct}%
                  </>
                )
              }
            >
              <Suspense fallback={chartFallback}>{data ? <TrafficChart series={data.traffic.series} /> : chartFallback}</Suspense>
            </Panel>
          </div>
          <Panel
            title="Paper inventory"
            aside={data && <span className={low ? 'font-semibold text-amber-700' : ''}>Items below 10%: {low}</span>}
          >
            <div className="flex flex-col gap-4">
              {data ? (
                <InventoryList items={inventory} onRestock={platform ? undefined : setRestockKey} shopName={shopName} />
              ) : (
                <NoData text="Loading…" />
              )}
              {!platform && data && inventory.length > 0 && (
                <RestockForm
                  items={inventory}
                  selected={restockKey}
                  onSelect={setRestockKey}
                  onRestocked={onRestocked}
                  shopName={shopName}
                />
              )}
            </div>
          </Panel>
        </div>
        <RecentJobsTable jobs={data?.recentJobs} onPage={setPage} shopName={shopName} />
      </ReportBody>
    </div>
  );
}

/** /analytics (docs/product/screens.md#analytics); an OWNER sees every shop's figures (docs/product/departures.md#owner-analytics-and-settings). */
export default function AnalyticsPage() {
  const { activeRole } = useAuth();
  if (activeRole === 'OWNER') return <Analytics platform />;
  return (
    <FeedbackPrompt feature={FEEDBACK_FEATURES.analytics}>
      <Analytics platform={false} />
    </FeedbackPrompt>
  );
}
