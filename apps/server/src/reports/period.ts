/** The calendar days a report (analytics, earnings) covers; period-sql.ts filters and groups rows by them. */
import { REPORT_RANGE_DAYS, type REPORT_RANGES } from '@counterprint/contract';

export type Period = {
  /** first and last calendar day, YYYY-MM-DD, both included */
  from: string;
  to: string;
  /** every day of the period, in order */
  days: string[];
  label: string;
  tz: string;
};

const DAY_MS = 86_400_000;
const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Today's date where the shop is. */
export const today = (now: Date, tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

const human = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(msOf(day)));

/**
 * The calendar days a report covers in time zone `tz`: the last 7, 30 or 90 days including today, or a custom
 * from–to (the contract has already checked that from ≤ to and the span).
 */
export function periodOf(
  q: { range: (typeof REPORT_RANGES)[number]; from?: string | undefined; to?: string | undefined; tz: string },
  now: Date,
): Period {
  let from: string;
  let to: string;
  let label: string;
  if (q.range === 'custom' && q.from && q.to) {
    from = q.from;
    to = q.to;
    label = from === to ? human(from) : `${human(from)} – ${human(to)}`;
  } else {
    const n = REPORT_RANGE_DAYS[q.range === 'custom' ? '30d' : q.range];
    to = today(now, q.tz);
    from = dayAt(msOf(to) - (n - 1) * DAY_MS);
    label = `Last ${n} days`;
  }
  const days: string[] = [];
  for (let ms = msOf(from); ms <= msOf(to); ms += DAY_MS) days.push(dayAt(ms));
  return { from, to, days, label, tz: q.tz };
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
