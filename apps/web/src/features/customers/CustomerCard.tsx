import type { TCustomer } from '@counterprint/contract';
import { Icon } from '../../components/Icon';
import { cardTags, displayName } from './customerList';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : (parts[0]?.slice(0, 2) ?? '?');
  return letters.toUpperCase();
}

interface CardProps {
  customer: TCustomer;
  onView: () => void;
  onCopyEmail: () => void;
}

export function CustomerCard({ customer, onView, onCopyEmail }: CardProps) {
  const name = displayName(customer);
  const { shown, more } = cardTags(customer.tags);
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-xs">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700"
        >
          {/^\d/.test(name) ? <Icon name="user" className="h-5 w-5" /> : initials(name)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900">{name}</p>
          <p className="truncate text-sm text-slate-500">{customer.email ?? 'No email'}</p>
          {customer.phone && <p className="truncate text-sm text-slate-500 tabular-nums">{customer.phone}</p>}
        </div>
      </div>
      {shown.length > 0 && (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1.5">
          {shown.map((tag) => (
            <li key={tag} className="max-w-[9rem] truncate rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {tag}
            </li>
          ))}
          {more > 0 && (
            <li className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-500" title={customer.tags.join(', ')}>
              +{more}
            </li>
          )}
        </ul>
      )}
      <div className="mt-auto flex gap-2 pt-4">
        <button
          type="button"
          onClick={onView}
          aria-label={`View ${name}`}
          className="inline-flex flex-1 items-center justify-center gap-1.5 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <Icon name="eye" className="h-4 w-4" />
          View
        </button>
        <button
          type="button"
          onClick={onCopyEmail}
          disabled={!customer.email}
          aria-label={`Copy email of ${name}`}
          title={customer.email ? 'Copy email' : 'No email to copy'}
          className="inline-flex items-center justify-center rounded-lg border border-slate-300 px-3 py-2 text-slate-600 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40"
        >
          <Icon name="mail" className="h-4 w-4" />
        </button>
      </div>
    </li>
  );
}
