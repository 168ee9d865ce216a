import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { Icon } from './Icon';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  /** Right-aligned text beside the label (e.g. a "Forgot password?" link). */
  aside?: ReactNode;
}

/** 16 px text on phones: iOS Safari zooms into any focused field smaller than that. */
const INPUT =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 sm:text-sm shadow-xs placeholder:text-slate-500 focus:outline-none focus:ring-2 disabled:bg-slate-50';

function inputClass(error?: string | null): string {
  return `${INPUT} ${error ? 'border-red-400 focus:border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'}`;
}

function Label({ htmlFor, label, aside }: { htmlFor: string; label: string; aside?: ReactNode }) {
  return (
    <div className="mb-1.5 flex items-center justify-between gap-2">
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {aside}
    </div>
  );
}

function FieldError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-xs font-medium text-red-600">
      {error}
    </p>
  );
}

export function TextField({ label, error, aside, id, className, ...rest }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={className}>
      <Label htmlFor={inputId} label={label} aside={aside} />
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={inputClass(error)}
        {...rest}
      />
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}

/** A password input with a show/hide toggle (docs/product/screens.md#sign-in-and-sign-up). */
export function PasswordField({ label, error, aside, id, className, ...rest }: Omit<FieldProps, 'type'>) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <Label htmlFor={inputId} label={label} aside={aside} />
      <div className="relative">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={`${inputClass(error)} pr-11`}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} className="h-4.5 w-4.5" />
        </button>
      </div>
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}
