import type { TRole } from '@counterprint/contract';
import { useNavigate } from 'react-router';
import { notifyAuthChanged } from '../api/storage';
import { ROLE_LABEL, roleHome } from '../session/roles';
import { enterWorkspace } from '../session/workspace';

interface RoleSwitcherProps {
  roles: TRole[];
  activeRole: TRole;
  compact?: boolean;
  /** Called after switching, so the mobile drawer can close. */
  onSwitched?: () => void;
}

/** Shown only to users holding several roles (docs/product/screens.md#shell; switching: docs/product/rules.md#roles). */
export function RoleSwitcher({ roles, activeRole, compact = false, onSwitched }: RoleSwitcherProps) {
  const navigate = useNavigate();
  if (roles.length < 2) return null;

  const choose = (role: TRole) => {
    if (role === activeRole) return;
    enterWorkspace(role);
    navigate(roleHome(role), { replace: true });
    onSwitched?.();
    notifyAuthChanged();
  };

  return (
    <fieldset className="px-3">
      <legend className={compact ? 'sr-only' : 'mb-2 px-1 text-xs font-semibold tracking-wide text-slate-500 uppercase'}>Workspace</legend>
      {/* Three labels do not fit side by side in a 256 px sidebar, so they stack. */}
      <div className={`flex rounded-lg bg-slate-100 p-1 ${compact || roles.length > 2 ? 'flex-col gap-1' : ''}`}>
        {roles.map((role) => {
          const active = role === activeRole;
          return (
            <button
              key={role}
              type="button"
              aria-pressed={active}
              title={ROLE_LABEL[role]}
              aria-label={ROLE_LABEL[role]}
              onClick={() => choose(role)}
              className={`flex-1 truncate rounded-md px-2 py-1.5 text-xs font-semibold transition ${
                active ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-slate-800'
              }`}
            >
              {compact
                ? ROLE_LABEL[role]
                    .split(' ')
                    .map((w) => w[0])
                    .join('')
                : ROLE_LABEL[role]}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
