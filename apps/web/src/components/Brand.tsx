import { Link } from 'react-router';
import { Icon } from './Icon';

export function Brand({ collapsed = false }: { collapsed?: boolean }) {
  return (
    <span className="flex items-center gap-2.5">
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-500 text-white shadow-sm">
        <Icon name="print" className="h-5 w-5" />
      </span>
      {!collapsed && <span className="text-lg font-bold tracking-tight text-slate-900">Counterprint</span>}
    </span>
  );
}

/** The logo as the page's header landmark on screens without the app's chrome, so nothing sits outside a landmark. */
export function BrandHeader({ className = 'mb-6 sm:mb-8' }: { className?: string }) {
  return (
    <header className={className}>
      <Link to="/public/home" aria-label="Counterprint home">
        <Brand />
      </Link>
    </header>
  );
}
