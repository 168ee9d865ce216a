import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

/** 16 px text on phones so iOS does not zoom into the field (as the shared TextField does). */
export const CONTROL =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus:outline-none focus:ring-2 disabled:bg-slate-50 disabled:text-slate-500 sm:text-sm';
const controlClass = (error?: string | null) =>
  `${CONTROL} ${error ? 'border-red-400 focus:border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'}`;

interface Shared {
  label: string;
  error?: string | null;
  /** A line under the field (a hint, or the username check's state). */
  hint?: ReactNode;
  className?: string;
}

function Wrap({ id, label, error, hint, className, required, children }: Shared & { id: string; required?: boolean; children: ReactNode }) {
  // The star is drawn by CSS so the field's accessible name stays its label; `required` tells screen readers.
  const star = required ? "after:ml-0.5 after:text-red-600 after:content-['*']" : '';
  return (
    <div className={className}>
      <label htmlFor={id} className={`mb-1.5 block text-sm font-medium text-slate-700 ${star}`}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-xs font-medium text-red-600">
          {error}
        </p>
      ) : hint ? (
        <div id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, error?: string | null, hint?: ReactNode) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

export function Input({ label, error, hint, className, ...rest }: Shared & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>) {
  const id = useId();
  return (
    <Wrap id={id} label={label} error={error} hint={hint} className={className} required={rest.required}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClass(error)}
        {...rest}
      />
    </Wrap>
  );
}

export function Select({
  label,
  error,
  hint,
  className,
  children,
  ...rest
}: Shared & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>) {
  const id = useId();
  return (
    <Wrap id={id} label={label} error={error} hint={hint} className={className}>
      <select id={id} aria-describedby={describedBy(id, error, hint)} className={controlClass(error)} {...rest}>
        {children}
      </select>
    </Wrap>
  );
}

export function TextArea({
  label,
  error,
  hint,
  className,
  ...rest
}: Shared & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>) {
  const id = useId();
  return (
    <Wrap id={id} label={label} error={error} hint={hint} className={className}>
      <textarea id={id} rows={2} aria-describedby={describedBy(id, error, hint)} className={controlClass(error)} {...rest} />
    </Wrap>
  );
}

export function Checkbox({ label, hint, ...rest }: { label: string; hint?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className="flex items-start gap-3 text-sm text-slate-700">
      <input type="checkbox" className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-500 disabled:opacity-60" {...rest} />
      <span>
        <span className="font-medium">{label}</span>
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </span>
    </label>
  );
}

/** An on/off switch with its line of help; like the checkboxes, it takes effect when its form is saved. */
export function Switch({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-3 rounded-xl bg-slate-50 p-3">
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        onClick={() => onChange(!checked)}
        className={`relative h-6 w-11 shrink-0 rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${checked ? 'bg-emerald-500' : 'bg-slate-300'}`}
      >
        <span className={`absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition ${checked ? 'translate-x-5' : ''}`} />
      </button>
    </div>
  );
}

/** A white card with a heading; every settings block sits in one. */
export function Panel({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
