import type { ReactNode } from 'react';
import { BrandHeader } from '../../components/Brand';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Below the card: links to the other account screens. */
  footer?: ReactNode;
  /** Above the title, e.g. the sign-up → sign-in step indicator. */
  banner?: ReactNode;
}

/** Account screens are centred with no app chrome (docs/product/screens.md#shell). */
export function AuthLayout({ title, subtitle, children, footer, banner }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-8 sm:justify-center sm:py-12">
      <BrandHeader />
      <main className="w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {banner}
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <p className="mt-1.5 text-sm text-slate-500">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </main>
    </div>
  );
}

/** A red line under a form for errors that belong to the whole form. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-700">
      {children}
    </p>
  );
}

export function FormNotice({ children, tone = 'warning' }: { children: ReactNode; tone?: 'warning' | 'info' }) {
  const style = tone === 'warning' ? 'border-amber-200 bg-amber-50 text-amber-800' : 'border-brand-200 bg-brand-50 text-brand-800';
  return (
    <p role="status" className={`rounded-lg border px-3.5 py-2.5 text-sm ${style}`}>
      {children}
    </p>
  );
}

export const LINK = 'font-semibold text-brand-700 hover:text-brand-800';
