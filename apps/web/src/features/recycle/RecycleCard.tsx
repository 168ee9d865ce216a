import type { TRecycleItem } from '@counterprint/contract';
import { useState } from 'react';
import { buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { formatBytes } from '../../lib/format';
import { formatCountdown, IMAGE_TYPES, isUrgent, secondsLeft, showsHours } from './bin';

export type RecycleAction = 'save' | 'restore' | 'delete';

export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/**
 * An image from its signed URL. Each refresh brings a new URL for the same file; the first one is kept
 * so the picture does not reload every 5 s, and the newest is tried only if that one stops working.
 */
export function Thumbnail({ item }: { item: TRecycleItem }) {
  const [src, setSrc] = useState(item.previewUrl);
  const [failed, setFailed] = useState(false);
  const showImage = IMAGE_TYPES.has(item.type) && src && !failed;
  return (
    <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-lg bg-slate-100">
      {showImage ? (
        <img
          src={src}
          alt={`Preview of ${item.name}`}
          loading="lazy"
          className="h-full w-full object-cover"
          onError={() => (item.previewUrl && item.previewUrl !== src ? setSrc(item.previewUrl) : setFailed(true))}
        />
      ) : (
        <span className="flex flex-col items-center gap-1 text-slate-500" role="img" aria-label={`${item.type.toUpperCase()} file`}>
          <span
            className={`flex h-14 w-12 items-end justify-center rounded-md pb-1.5 text-xs font-bold text-white shadow-sm ${item.type === 'pdf' ? 'bg-red-500' : 'bg-slate-500'}`}
          >
            {item.type.toUpperCase().slice(0, 4) || 'FILE'}
          </span>
        </span>
      )}
    </div>
  );
}

function Countdown({ seconds }: { seconds: number | null }) {
  if (seconds === null) return null;
  if (seconds === 0) {
    return (
      <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-200 ring-inset">Expired</span>
    );
  }
  const hours = showsHours(seconds);
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset ${isUrgent(seconds) ? 'bg-amber-50 text-amber-800 ring-amber-300' : 'bg-emerald-50 text-emerald-700 ring-emerald-200'}`}
      title={hours ? 'hours:minutes left' : 'minutes:seconds left'}
    >
      <Icon name="clock" className="mr-1 inline h-3.5 w-3.5 align-[-2px]" />
      {formatCountdown(seconds)}
      {hours ? ' h' : ''} left
    </span>
  );
}

interface CardProps {
  item: TRecycleItem;
  now: number;
  busy: boolean;
  onAction: (action: RecycleAction, item: TRecycleItem) => void;
  /** Saved files offer only Delete. */
  actions?: RecycleAction[];
}

export function RecycleCard({ item, now, busy, onAction, actions = ['save', 'restore', 'delete'] }: CardProps) {
  const left = secondsLeft(item, now);
  const expired = left === 0;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-xs">
      {/* Phones get a row (small picture beside the details) so eight cards do not scroll forever. */}
      <div className="flex gap-3 min-[480px]:flex-col">
        <div className="w-24 shrink-0 min-[480px]:w-full">
          <Thumbnail item={item} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2 min-[480px]:gap-3">
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900" title={item.name}>
              {item.name}
            </p>
            <p className="text-xs text-slate-500">
              {formatBytes(item.size)} · {item.type.toUpperCase()}
            </p>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
            <dt className="text-slate-500">Customer</dt>
            <dd className="truncate text-slate-800">{item.customer.name}</dd>
            <dt className="text-slate-500">Job</dt>
            <dd className="text-slate-800">#{item.jobNumber}</dd>
            <dt className="text-slate-500">{item.savedAt ? 'Saved' : 'Deleted'}</dt>
            <dd className="text-slate-800">
              <time dateTime={item.savedAt ?? item.deletedAt}>{formatWhen(item.savedAt ?? item.deletedAt)}</time>
            </dd>
          </dl>
          {left !== null && (
            <div className="min-h-6">
              <Countdown seconds={left} />
            </div>
          )}
        </div>
      </div>
      <div className="mt-auto flex gap-2">
        {actions.includes('save') && (
          <button
            type="button"
            disabled={busy || expired}
            onClick={() => onAction('save', item)}
            aria-label={`Save ${item.name}`}
            className={buttonClass('primary', 'flex-1', 'sm')}
          >
            Save
          </button>
        )}
        {actions.includes('restore') && (
          <button
            type="button"
            disabled={busy || expired}
            onClick={() => onAction('restore', item)}
            aria-label={`Restore ${item.name}`}
            className={buttonClass('secondary', 'flex-1', 'sm')}
          >
            Restore
          </button>
        )}
        {actions.includes('delete') && (
          <button
            type="button"
            disabled={busy}
            onClick={() => onAction('delete', item)}
            aria-label={`Delete ${item.name}`}
            className={buttonClass('dangerText', 'flex-1 border border-red-200 bg-white', 'sm')}
          >
            Delete
          </button>
        )}
      </div>
    </li>
  );
}
