const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/**
 * 1536 → '1.5 KB'. Binary steps, matching how the upload limits (25 MiB) are counted. `steady` keeps the
 * decimal of a whole number ('4.0 MB'), so a figure that changes every second does not jump in width.
 */
export function formatBytes(bytes: number, steady = false): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (value >= 10 || unit === 0) return `${Math.round(value)} ${UNITS[unit]}`;
  return `${steady ? value.toFixed(1) : Math.round(value * 10) / 10} ${UNITS[unit]}`;
}

export function formatCount(n: number): string {
  return new Intl.NumberFormat('en-IN').format(n);
}

const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
/**
 * ₹1,23,456 or ₹24.50: Indian grouping, paise only when there are some (never ₹24.5). `paise: 'always'`
 * keeps them on whole amounts too (₹24.00), where amounts line up in a column or sit beside an input.
 */
export function formatRupees(amount: number, paise: 'auto' | 'always' = 'auto'): string {
  return (paise === 'always' || !Number.isInteger(amount) ? withPaise : whole).format(amount);
}

/** '5 min ago', '3 h ago', 'yesterday'. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/** Whether `iso` falls on the same local calendar day as `now`; null is never today. */
export function isToday(iso: string | null, now = new Date()): boolean {
  if (!iso) return false;
  const d = new Date(iso);
  return d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
}

/** 'YYYY-MM-DD' as '12 Jan'; read as a calendar day, so no time zone can shift it. */
export function shortDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 3600 → '1 hour', 86400 → '24 hours', 604800 → '7 days', 1800 → '30 minutes': how a person says a retention. */
export function durationText(seconds: number): string {
  const hours = seconds / 3600;
  if (hours < 1 || (hours < 6 && !Number.isInteger(hours))) return unit(Math.max(1, Math.round(seconds / 60)), 'minute');
  if (hours >= 48 && Number.isInteger(hours / 24)) return unit(hours / 24, 'day');
  return unit(Math.round(hours), 'hour');
}

const dayDiff = (date: Date, now: Date) =>
  Math.round(
    (new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime() -
      new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()) /
      86_400_000,
  );

/** A moment on this phone's clock: '14:32' today, '14:32 tomorrow', '09:05 yesterday', else '14:32 on 3 Dec'. */
export function clockText(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  const days = dayDiff(date, now);
  if (days === 0) return time;
  if (days === 1) return `${time} tomorrow`;
  if (days === -1) return `${time} yesterday`;
  return `${time} on ${date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short' })}`;
}
