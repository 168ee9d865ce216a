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

export const LINK = 'font-semibold text-brand-700 hover:text-brand-800';
