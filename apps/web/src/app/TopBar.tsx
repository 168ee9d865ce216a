import type { TRole } from '@counterprint/contract';
import { Link } from 'react-router';
import { buttonClass, ICON_BUTTON } from '../components/Button';
import { Icon } from '../components/Icon';
import { GREETING_BY_ROLE } from '../content/shell';
import { CREATE_SHOP, useNeedsShop } from '../session/createShop';
import { accountPath } from '../session/roles';
import { ShopSwitcher } from './ShopSwitcher';
import { NotificationsMenu, ProfileMenu, SupportChat } from './TopBarMenus';

/** An account without a shop always has the way to one in view; on a phone it folds to an icon. */
function CreateShopLink() {
  return (
    <Link to={CREATE_SHOP.to} aria-label={CREATE_SHOP.label} className={buttonClass('primary', 'shrink-0', 'pill')}>
      <Icon name="store" className="h-4 w-4" />
      <span className="hidden sm:inline">{CREATE_SHOP.label}</span>
    </Link>
  );
}

export function TopBar({ role, onOpenDrawer }: { role: TRole; onOpenDrawer: () => void }) {
  const greeting = GREETING_BY_ROLE[role];
  const needsShop = useNeedsShop();
  return (
    <header className="sticky top-0 z-20 flex h-[68px] items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:gap-3 sm:px-6">
      <button type="button" onClick={onOpenDrawer} aria-label="Open menu" className={`${ICON_BUTTON} -ml-1 md:hidden`}>
        <Icon name="menu" />
      </button>
      <div className="min-w-0 flex-1">
        <p className="truncate text-base font-semibold text-slate-900 sm:text-lg">{greeting.title}</p>
        <p className="hidden truncate text-xs text-slate-500 sm:block sm:text-sm">{greeting.subtitle}</p>
      </div>
      {needsShop && <CreateShopLink />}
      {role === 'SHOP_OWNER' && (
        <div className="hidden sm:block">
          <ShopSwitcher />
        </div>
      )}
      <div className="flex items-center">
        <NotificationsMenu />
        <SupportChat />
        <Link to={accountPath(role)} aria-label="Settings" className={ICON_BUTTON}>
          <Icon name="settings" />
        </Link>
        <ProfileMenu settingsPath={accountPath(role)} />
      </div>
    </header>
  );
}
