import type { TRole } from '@counterprint/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { linkAppManifest, registerAppWorker } from '../lib/appWorker';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** Sidebar + top bar around a signed-in page. Loaded on demand so public pages never fetch it. */
export default function Shell({ role, roles, children }: { role: TRole; roles: TRole[]; children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Staff only: the app installs, starts offline and hears of new jobs; customers' pages never load this.
  useEffect(() => {
    linkAppManifest();
    void registerAppWorker();
  }, []);
  return (
    <div className="min-h-dvh bg-slate-50">
      <Sidebar
        role={role}
        roles={roles}
        collapsed={collapsed}
        onToggleCollapsed={() => setCollapsed((c) => !c)}
        drawerOpen={drawerOpen}
        onCloseDrawer={() => setDrawerOpen(false)}
      />
      <div className={`flex min-h-dvh flex-col transition-[padding] duration-200 ${collapsed ? 'md:pl-20' : 'md:pl-64'}`}>
        <TopBar role={role} onOpenDrawer={() => setDrawerOpen(true)} />
        <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8">{children}</main>
      </div>
    </div>
  );
}
