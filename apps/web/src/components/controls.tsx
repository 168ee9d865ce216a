import { type ReactNode, useEffect, useState } from 'react';
import { serverMessageOr } from '../api/client';
import { LoadFailed } from './EmptyState';
import { Icon } from './Icon';

/** Shared by the analytics, earnings and customers toolbars; no chart code here, so no recharts either. */
const CONTROL =
  'block w-full rounded-lg border border-slate-300 bg-white py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm';

export function SearchInput({
  label,
  value,
  onChange,
  className = '',
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  className?: string;
}) {
  return (
    <label className={`relative block ${className}`}>
      <span className="sr-only">{label}</span>
      <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={label}
        className={`${CONTROL} pr-3 pl-9`}
      />
    </label>
  );
}

interface SelectProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (v: T) => void;
  className?: string;
}

export function Select<T extends string>({ label, value, options, onChange, className = '' }: SelectProps<T>) {
  return (
    <label className={`block ${className}`}>
      <span className="sr-only">{label}</span>
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value as T)} className={`${CONTROL} pr-8 pl-3`}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function DateInput({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  min?: string;
  max?: string;
}) {
  return (
    <label className="block text-xs font-medium text-slate-600">
      {label}
      <input type="date" value={value} min={min} max={max} onChange={(e) => onChange(e.target.value)} className={`${CONTROL} mt-1 px-3`} />
    </label>
  );
}

/** Typing in a search box refetches once the typing pauses, not on every key. */
export function useDebounced<T>(value: T, ms = 350): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function Panel({
  title,
  aside,
  children,
  className = '',
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5 ${className}`}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        {aside && <div className="text-xs text-slate-500">{aside}</div>}
      </div>
      {children}
    </section>
  );
}

export function StatCard({ title, value, sub, loading }: { title: string; value: string; sub?: string; loading?: boolean }) {
  return (
    <li className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5">
      <p className="truncate text-sm font-medium text-slate-500">{title}</p>
      {loading ? (
        <div aria-hidden="true" className="mt-2 h-8 w-24 animate-pulse rounded bg-slate-100" />
      ) : (
        <>
          <p className="mt-1.5 truncate text-2xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</p>
          {sub && <p className="mt-1 text-xs text-slate-500">{sub}</p>}
        </>
      )}
    </li>
  );
}

export function NoData({ text = 'No data' }: { text?: string }) {
  return <div className="flex h-56 items-center justify-center rounded-xl bg-slate-50 text-sm text-slate-500">{text}</div>;
}

/** The top of a report screen (analytics, earnings): its title, the period shown, and a quiet note while a new period loads. */
export function ReportHeader({ title, period, updating }: { title: string; period: string; updating: boolean }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-2">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-500">{period}</p>
      </div>
      {updating && <span className="text-xs text-slate-500">Updating…</span>}
    </div>
  );
}

/**
 * Below a report's filters: why a custom range cannot be asked for yet, then the report itself, or why
 * it did not load and a way to ask again.
 */
export function ReportBody({
  rangeProblem,
  report,
  failedTitle,
  children,
}: {
  rangeProblem: string | null;
  report: { isError: boolean; error: unknown; refetch: () => unknown };
  failedTitle: string;
  children: ReactNode;
}) {
  return (
    <>
      {rangeProblem && <p className="mt-2 text-sm font-medium text-amber-700">{rangeProblem}</p>}

      {report.isError ? (
        <div className="mt-6">
          <LoadFailed
            title={failedTitle}
            message={serverMessageOr(report.error, 'Please try again.')}
            onRetry={() => void report.refetch()}
          />
        </div>
      ) : (
        <div className="mt-5 flex flex-col gap-4">{children}</div>
      )}
    </>
  );
}
