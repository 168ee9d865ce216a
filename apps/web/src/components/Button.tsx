import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'dangerText' | 'onDark' | 'ghostOnDark';
/**
 * `lg`: the marketing pages' calls to action; `sm`: a row of actions on a card; `pill`: the top bar's;
 * `icon`: a button holding only an icon, as tall as its row.
 */
export type ButtonSize = 'sm' | 'md' | 'lg' | 'pill' | 'icon';

// Every text and background pair reaches WCAG AA (4.5:1) at rest and on hover, so a new variant must too.
// `onDark` and `ghostOnDark` are for the slate-950 bands of the marketing pages.
const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-500 text-white shadow-sm hover:bg-brand-600 focus-visible:outline-brand-600',
  secondary: 'border border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50 focus-visible:outline-brand-500',
  ghost: 'text-slate-600 hover:bg-slate-100 focus-visible:outline-brand-500',
  danger: 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-700',
  dangerText: 'text-red-700 hover:bg-red-50 focus-visible:outline-red-600',
  onDark: 'bg-brand-400 text-slate-950 hover:bg-brand-300 focus-visible:outline-brand-300',
  ghostOnDark: 'border border-white/30 text-white hover:bg-white/10 focus-visible:outline-brand-300',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'rounded-lg px-2.5 py-2',
  md: 'rounded-lg px-4 py-2.5',
  lg: 'rounded-xl px-5 py-3',
  pill: 'h-10 rounded-full px-3 sm:px-4',
  icon: 'rounded-lg px-3',
};

/** Shared class list so links styled as buttons match real buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', extra = '', size: ButtonSize = 'md'): string {
  return `inline-flex items-center justify-center gap-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50 ${SIZES[size]} ${VARIANTS[variant]} ${extra}`;
}

/** A round button holding one icon: the top bar's tools, a dialog's close. */
export const ICON_BUTTON =
  'relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-500 transition hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500';

/** A link inside running text. */
export const TEXT_LINK = 'font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  className = '',
  children,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      data-variant={variant}
      className={buttonClass(variant, className, size)}
      disabled={disabled || loading}
      {...rest}
    >
      {loading && <Spinner className="h-4 w-4 text-current" label="Working" />}
      {children}
    </button>
  );
}
