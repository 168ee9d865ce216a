import type { TRole } from '@counterprint/contract';
import { useRef } from 'react';
import { NavLink } from 'react-router';
import { Brand } from '../components/Brand';
import { Icon } from '../components/Icon';
import { useEscape } from '../components/useEscape';
import { NAV_BY_ROLE } from '../content/shell';
import { RoleSwitcher } from './RoleSwitcher';
import { ShopSwitcher } from './ShopSwitcher';

interface SidebarContentProps {
  role: TRole;
  roles: TRole[];
  collapsed: boolean;
  onNavigate?: () => void;
}

function SidebarContent({ role, roles, collapsed, onNavigate }: SidebarContentProps) {
  return (
    <>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {NAV_BY_ROLE[role].map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                onClick={onNavigate}
                title={collapsed ? link.label : undefined}
                aria-label={collapsed ? link.label : undefined}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition ${collapsed ? 'justify-center' : ''} ${
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
                  }`
                }
              >
                <Icon name={link.icon} className="h-5 w-5 shrink-0" />
                {!collapsed && <span className="truncate">{link.label}</span>}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {roles.length > 1 && (
        <div className="border-t border-slate-100 py-4">
          <RoleSwitcher roles={roles} activeRole={role} compact={collapsed} onSwitched={onNavigate} />
        </div>
      )}
    </>
  );
}

interface SidebarProps {
  role: TRole;
  roles: TRole[];
  collapsed: boolean;
  onToggleCollapsed: () => void;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
}

/** Desktop: fixed rail, 80 px collapsed or 256 px open. Under 768 px: a drawer from the top bar. */
export function Sidebar({ role, roles, collapsed, onToggleCollapsed, drawerOpen, onCloseDrawer }: SidebarProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useEscape(drawerOpen, onCloseDrawer, closeButton);
  return (
    <>
      <aside
        className={`fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-slate-200 bg-white transition-[width] duration-200 md:flex ${
          collapsed ? 'w-20' : 'w-64'
        }`}
      >
        <div className={`flex h-[68px] items-center border-b border-slate-100 px-5 ${collapsed ? 'justify-center px-0' : ''}`}>
          <Brand collapsed={collapsed} />
        </div>
        <SidebarContent role={role} roles={roles} collapsed={collapsed} />
        <button
          type="button"
          onClick={onToggleCollapsed}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          className="absolute top-[22px] -right-3 flex h-6 w-6 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-500 shadow-sm hover:text-slate-800"
        >
          <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} className="h-3.5 w-3.5" />
        </button>
      </aside>

      {drawerOpen && (
        <div className="fixed inset-0 z-40 md:hidden">
          <button type="button" aria-label="Close menu" className="absolute inset-0 bg-slate-900/40" onClick={onCloseDrawer} />
          <aside aria-label="Menu" className="relative flex h-full w-72 max-w-[85vw] flex-col bg-white shadow-xl">
            <div className="flex h-[68px] items-center justify-between border-b border-slate-100 px-5">
              <Brand />
              <button
                type="button"
                onClick={onCloseDrawer}
                ref={closeButton}
                aria-label="Close menu"
                className="rounded-full p-2 text-slate-500 hover:bg-slate-100"
              >
                <Icon name="close" />
              </button>
            </div>
            {/* The top bar has no room for the shop switcher on a phone. */}
            {role === 'SHOP_OWNER' && (
              <div className="px-4 pt-4 sm:hidden">
                <ShopSwitcher wide />
              </div>
            )}
            <SidebarContent role={role} roles={roles} collapsed={false} onNavigate={onCloseDrawer} />
          </aside>
        </div>
      )}
    </>
  );
}
