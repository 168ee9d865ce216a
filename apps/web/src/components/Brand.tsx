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
