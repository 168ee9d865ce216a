import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

/** Stand-in for a screen a later release builds; it names the screen so nobody mistakes it for a bug. */
export function ComingSoon({ screen, icon = 'clock', children }: { screen: string; icon?: IconName; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <span className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon name={icon} className="h-6 w-6" />
      </span>
      <h1 className="text-xl font-semibold text-slate-900">{screen}</h1>
      <p className="mt-2 text-sm text-slate-500">Coming in a later release.</p>
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}
