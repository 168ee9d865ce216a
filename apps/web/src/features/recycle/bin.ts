import { RECYCLE_AMBER_SECONDS, type TRecycleItem } from '@counterprint/contract';
import type { RecycleFileType, RecycleRange } from '../../api/recycle';

export const RANGE_OPTIONS: { value: RecycleRange; label: string }[] = [
  { value: '1h', label: 'Last 1 hour' },
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
];

export const TYPE_OPTIONS: { value: RecycleFileType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pdf', label: 'PDF' },
  { value: 'png', label: 'PNG' },
  { value: 'jpg', label: 'JPG' },
  { value: 'ai', label: 'AI' },
];

export type RecycleSort = 'deleted_desc' | 'deleted_asc' | 'size_desc' | 'size_asc';
export const SORT_OPTIONS: { value: RecycleSort; label: string }[] = [
  { value: 'deleted_desc', label: 'Newest deleted' },
  { value: 'deleted_asc', label: 'Oldest deleted' },
  { value: 'size_desc', label: 'Size: large to small' },
  { value: 'size_asc', label: 'Size: small to large' },
];

export const REFRESH_MS = 5_000;
export const EXPIRY_CHECK_MS = 10_000;

export const RECYCLE_MESSAGES = {
  saving: 'Saving file...',
  saved: 'File saved permanently.',
  restoring: 'Restoring file...',
  restored: 'File restored to dashboard.',
  deleting: 'Deleting...',
  deleted: 'File permanently deleted.',
  failed: 'Action failed. Try again.',
} as const;

export const expiredNotice = (n: number) => `${n} file(s) expired and removed.`;

/** Seconds until the file expires, rounded up so 0 means it has; null when it never does (saved files). */
export function secondsLeft(item: Pick<TRecycleItem, 'expiresAt'>, now: number): number | null {
  if (!item.expiresAt) return null;
  return Math.max(0, Math.ceil((Date.parse(item.expiresAt) - now) / 1000));
}

export const isExpired = (item: Pick<TRecycleItem, 'expiresAt'>, now: number) => secondsLeft(item, now) === 0;

const pad = (n: number) => String(n).padStart(2, '0');

/** True when the countdown reads hours:minutes rather than minutes:seconds. */
export const showsHours = (seconds: number) => Math.floor(Math.max(0, seconds) / 60) > 59;

/** docs/product/screens.md#recycle-bin: minutes and seconds, or hours and minutes once more than 59 minutes remain. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(s / 60);
  if (showsHours(s)) return `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;
  return `${pad(minutes)}:${pad(s % 60)}`;
}

export const isUrgent = (seconds: number) => seconds <= RECYCLE_AMBER_SECONDS;

export function sortItems(items: TRecycleItem[], sort: RecycleSort): TRecycleItem[] {
  const byDeleted = (a: TRecycleItem, b: TRecycleItem) => Date.parse(a.deletedAt) - Date.parse(b.deletedAt);
  const compare: Record<RecycleSort, (a: TRecycleItem, b: TRecycleItem) => number> = {
    deleted_desc: (a, b) => byDeleted(b, a),
    deleted_asc: byDeleted,
    size_desc: (a, b) => b.size - a.size,
    size_asc: (a, b) => a.size - b.size,
  };
  return [...items].sort(compare[sort]);
}

/** docs/product/screens.md#recycle-bin: by file, customer or id; the job number counts as an id people quote. */
export function searchItems(items: TRecycleItem[], query: string): TRecycleItem[] {
  const q = query.trim().toLowerCase().replace(/^#/, '');
  if (!q) return items;
  return items.filter((i) =>
    [i.name, i.customer.name, i.id, i.jobId, String(i.jobNumber)].some((field) => field.toLowerCase().includes(q)),
  );
}

/** Ids of items that have expired and are not yet taken off the screen. */
export function newlyExpired(items: TRecycleItem[], gone: ReadonlySet<string>, now: number): string[] {
  return items.filter((i) => !gone.has(i.id) && isExpired(i, now)).map((i) => i.id);
}

export const IMAGE_TYPES = new Set(['png', 'jpg', 'webp']);
