import type { TAnalytics } from '@counterprint/contract';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from '../../components/chartKit';
import { NoData } from '../../components/controls';
import { formatCount, shortDay } from '../../lib/format';

const AXIS = { fontSize: 12, fill: '#64748b' };

/** Sheets printed per day (docs/product/screens.md#analytics). */
export function UsageChart({ series }: { series: TAnalytics['usage']['series'] }) {
  if (!series.some((d) => d.used > 0)) return <NoData />;
  return (
    <div className="h-60 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={series} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS} minTickGap={24} tickLine={false} />
          <YAxis tick={AXIS} width={44} tickLine={false} axisLine={false} allowDecimals={false} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} formatter={(v) => [formatCount(Number(v)), 'Sheets used']} />
          <Line type="monotone" dataKey="used" stroke="#047a8e" strokeWidth={2} dot={false} activeDot={{ r: 4 }} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Visits per day, walk-in (QR) and online stacked (docs/product/screens.md#analytics). */
export function TrafficChart({ series }: { series: TAnalytics['traffic']['series'] }) {
  if (!series.some((d) => d.walkin + d.online > 0)) return <NoData />;
  return (
    <div className="h-60 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={series} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS} minTickGap={24} tickLine={false} />
          <YAxis tick={AXIS} width={36} tickLine={false} axisLine={false} allowDecimals={false} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} />
          {/* Legend text takes the series colour by default; the pale Online one would be unreadable. */}
          <Legend
            iconType="circle"
            wrapperStyle={{ fontSize: 12 }}
            formatter={(label) => <span className="text-slate-600">{label}</span>}
          />
          <Bar dataKey="walkin" name="Walk-in" stackId="visits" fill="#047a8e" />
          <Bar dataKey="online" name="Online" stackId="visits" fill="#afe8f1" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
