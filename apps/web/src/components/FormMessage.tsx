import type { ReactNode } from 'react';

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
