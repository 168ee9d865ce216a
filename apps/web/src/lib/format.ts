const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → '1.5 KB'. Binary steps, matching how the upload limits (25 MiB) are counted. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
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
