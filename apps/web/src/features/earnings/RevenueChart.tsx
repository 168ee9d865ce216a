import type { TEarnings } from '@counterprint/contract';
import { Area, AreaChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from '../../components/chartKit';
import { NoData } from '../../components/controls';
import { formatRupees, shortDay } from '../../lib/format';
import { bestDay } from './orders';

/** Revenue per day with a line on the best one (docs/product/screens.md#earnings). */
export function RevenueChart({ days }: { days: TEarnings['revenueByDay'] }) {
  const best = bestDay(days);
  if (!best) return <NoData />;
  return (
    <div className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={days} margin={{ top: 24, right: 12, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="revenueFill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#38c5dd" stopOpacity={0.35} />
              <stop offset="100%" stopColor="#38c5dd" stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} tick={{ fontSize: 12, fill: '#64748b' }} minTickGap={24} tickLine={false} />
          <YAxis
            tickFormatter={(v: number) => formatRupees(v)}
            tick={{ fontSize: 12, fill: '#64748b' }}
            width={64}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} formatter={(v) => [formatRupees(Number(v)), 'Revenue']} />
          {/* Across the chart at the peak, labelled on the left, where it cannot run off a phone's edge. */}
          <ReferenceLine
            y={best.revenue}
            stroke="#f59e0b"
            strokeDasharray="4 4"
            label={{
              value: `Best day: ${shortDay(best.date)}, ${formatRupees(best.revenue)}`,
              position: 'insideTopLeft',
              fill: '#b45309',
              fontSize: 12,
            }}
          />
          <Area type="monotone" dataKey="revenue" stroke="#047a8e" strokeWidth={2} fill="url(#revenueFill)" />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
