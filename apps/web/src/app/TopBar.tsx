import type { TRole } from '@counterprint/contract';
import { Link } from 'react-router';
import { Icon } from '../components/Icon';
import { ICON_BUTTON } from '../components/Popover';
import { GREETING_BY_ROLE } from '../content/shell';
import { ShopSwitcher } from './ShopSwitcher';
import { NotificationsMenu, ProfileMenu, SearchBox, SupportChat } from './TopBarMenus';

/** ROLE_USER has no /settings route; its account settings live on the profile page. */
function settingsPathFor(role: TRole): string {
  return role === 'ROLE_USER' ? '/profile' : '/settings';
}

export function TopBar({ role, onOpenDrawer }: { role: TRole; onOpenDrawer: () => void }) {
  const greeting = GREETING_BY_ROLE[role];
  return (
    <header className="sticky top-0 z-20 flex h-[68px] items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:gap-3 sm:px-6">
      <button type="button" onClick={onOpenDrawer} aria-label="Open menu" className={`${ICON_BUTTON} -ml-1 md:hidden`}>
        <Icon name="menu" />
      </button>
      <div className="min-w-0 flex-1">
        <p className="truncate text-base font-semibold text-slate-900 sm:text-lg">{greeting.title}</p>
        <p className="hidden truncate text-xs text-slate-500 sm:block sm:text-sm">{greeting.subtitle}</p>
      </div>
      <SearchBox />
      {role === 'SHOP_OWNER' && (
        <div className="hidden sm:block">
          <ShopSwitcher />
        </div>
      )}
      <div className="flex items-center">
        <NotificationsMenu />
        <SupportChat />
        <Link to={settingsPathFor(role)} aria-label="Settings" className={ICON_BUTTON}>
          <Icon name="settings" />
        </Link>
        <ProfileMenu settingsPath={settingsPathFor(role)} />
      </div>
    </header>
  );
}
