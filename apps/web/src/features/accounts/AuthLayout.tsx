import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandHeader } from '../../components/Brand';
import { buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';

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

/** The footer of the screens on the way to a new password. */
export function BackToLogin() {
  return (
    <Link to="/login" className={LINK}>
      ← Back to login
    </Link>
  );
}

/** The end of an emailed link's journey (email confirmed, password changed, or not): a tick or a warning, then sign in. */
export function OutcomeAndLogin({ ok }: { ok: boolean }) {
  return (
    <>
      <div className="mb-6 flex justify-center">
        <span
          className={`flex h-14 w-14 items-center justify-center rounded-full ${ok ? 'bg-emerald-50 text-emerald-600' : 'bg-red-50 text-red-600'}`}
        >
          <Icon name={ok ? 'check' : 'alert'} className="h-7 w-7" />
        </span>
      </div>
      <Link to="/login" className={buttonClass('primary', 'w-full')}>
        Go to login
      </Link>
    </>
  );
}
