import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-500 text-white shadow-sm hover:bg-brand-600 focus-visible:outline-brand-600',
  secondary: 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-brand-500',
  ghost: 'text-slate-600 hover:bg-slate-100 focus-visible:outline-brand-500',
  danger: 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-700',
};

/** Shared class list so links styled as buttons match real buttons. */
export function buttonClass(variant: Variant = 'primary', extra = ''): string {
  return `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${extra}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  loading?: boolean;
}

export function Button({ variant = 'primary', loading = false, className = '', children, disabled, type, ...rest }: ButtonProps) {
  return (
    <button type={type ?? 'button'} data-variant={variant} className={buttonClass(variant, className)} disabled={disabled || loading} {...rest}>
      {loading && <Spinner className="h-4 w-4 text-current" label="Working" />}
      {children}
    </button>
  );
}
