import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from './Button';
import { Icon, type IconName } from './Icon';

export function EmptyState({ icon = 'files', title, children }: { icon?: IconName; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="mb-3 rounded-full bg-slate-100 p-3 text-slate-500">
        <Icon name={icon} className="h-6 w-6" />
      </span>
      <p className="font-medium text-slate-800">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-500">{children}</div>}
    </div>
  );
}

/** A screen whose data did not load: the server's words (or a fallback) and a way to ask again. */
export function LoadFailed({
  title,
  message,
  onRetry,
  buttonClassName = 'mt-4',
}: {
  title: string;
  message: string;
  onRetry: () => void;
  buttonClassName?: string;
}) {
  return (
    <EmptyState icon="alert" title={title}>
      <p>{message}</p>
      <Button variant="secondary" className={buttonClassName} onClick={onRetry}>
        Try again
      </Button>
    </EmptyState>
  );
}

/** What a shop's own screen shows to an account that has not created its shop yet: why, and the way to onboarding. */
export function NoShopYet({ title = 'Set up your shop first', children }: { title?: string; children: ReactNode }) {
  return (
    <EmptyState icon="store" title={title}>
      <p>{children}</p>
      <Link to="/onboarding/shop" className={buttonClass('primary', 'mt-4')}>
        Create your shop
      </Link>
    </EmptyState>
  );
}
