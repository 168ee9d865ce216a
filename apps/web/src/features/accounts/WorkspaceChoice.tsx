import type { TRole } from '@counterprint/contract';
import { useState } from 'react';
import { notifyAuthChanged, setActiveRole } from '../../api/storage';
import { WORKSPACE_LABEL } from '../../app/roles';
import { Button } from '../../components/Button';
import { Icon, type IconName } from '../../components/Icon';

const ICON: Record<TRole, IconName> = { OWNER: 'chart', SHOP_OWNER: 'store', ROLE_USER: 'user' };
const HINT: Record<TRole, string> = {
  OWNER: 'Platform overview of every shop',
  SHOP_OWNER: 'Print queue, customers and earnings',
  ROLE_USER: 'Your orders and files',
};

/** Several roles: the user must pick a workspace before entering (spec 01 §4, Login). */
export function WorkspaceChoice({ roles, onCancel }: { roles: TRole[]; onCancel: () => void }) {
  const [choice, setChoice] = useState<TRole | null>(null);
  const enter = () => {
    if (!choice) return;
    setActiveRole(choice);
    // The auth state picks the role up and the login page redirects to its home.
    notifyAuthChanged();
  };
  return (
    <div>
      <fieldset>
        <legend className="mb-3 text-sm font-medium text-slate-700">Choose a workspace</legend>
        <div className="space-y-2">
          {roles.map((role) => (
            <label
              key={role}
              className={`flex cursor-pointer items-center gap-3 rounded-xl border p-3.5 transition ${
                choice === role ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500' : 'border-slate-200 hover:border-slate-300'
              }`}
            >
              <input type="radio" name="workspace" value={role} checked={choice === role} onChange={() => setChoice(role)} className="sr-only" />
              <span className={`rounded-lg p-2 ${choice === role ? 'bg-brand-500 text-white' : 'bg-slate-100 text-slate-500'}`}>
                <Icon name={ICON[role]} />
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900">{WORKSPACE_LABEL[role]}</span>
                <span className="block text-xs text-slate-500">{HINT[role]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button className="mt-6 w-full" disabled={!choice} onClick={enter}>
        Continue
      </Button>
      <Button variant="ghost" className="mt-2 w-full" onClick={onCancel}>
        Use a different account
      </Button>
    </div>
  );
}
