import { MAX_CUSTOM_RANGE_DAYS } from '@counterprint/contract';
import type { RangeFilter, ReportRange } from '../api/analytics';
import { DateInput, Select } from './controls';

export const RANGE_OPTIONS: { value: ReportRange; label: string }[] = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: 'custom', label: 'Custom' },
];

const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Why a custom range cannot be asked for yet, or null when it can (the server's rules, said early). */
export function customRangeProblem(f: RangeFilter): string | null {
  if (f.range !== 'custom') return null;
  if (!f.from || !f.to) return 'Choose a from and a to date.';
  const days = (Date.parse(f.to) - Date.parse(f.from)) / 86_400_000 + 1;
  if (days < 1) return 'The from date must be on or before the to date.';
  if (days > MAX_CUSTOM_RANGE_DAYS) return `A custom range can span at most ${MAX_CUSTOM_RANGE_DAYS} days.`;
  return null;
}

/** Range select, and the two dates when it is Custom. Choosing Custom starts from the last 30 days. */
export function RangeControls({ value, onChange }: { value: RangeFilter; onChange: (next: RangeFilter) => void }) {
  const today = isoDay(new Date());
  const pick = (range: ReportRange) => {
    if (range === 'custom' && (!value.from || !value.to)) {
      const start = new Date();
      start.setDate(start.getDate() - 29);
      onChange({ range, from: isoDay(start), to: today });
    } else onChange({ ...value, range });
  };
  return (
    <>
      <Select label="Date range" value={value.range} options={RANGE_OPTIONS} onChange={pick} />
      {value.range === 'custom' && (
        <div className="grid grid-cols-2 gap-2 sm:col-span-2">
          <DateInput label="From" value={value.from} max={value.to || today} onChange={(from) => onChange({ ...value, from })} />
          <DateInput label="To" value={value.to} min={value.from} max={today} onChange={(to) => onChange({ ...value, to })} />
        </div>
      )}
    </>
  );
}
