import { NoShopYet } from '../../components/EmptyState';
import { useAuth } from '../../session/auth';
import { useActiveShop } from '../../session/useActiveShop';
import { AccountPanels, AccountSettings } from './AccountSettings';
import { ShopSettings } from './ShopSettings';

/** Issue 16: a shop owner changes their own name and password here too, below the shop. */
function YourAccount() {
  return (
    <section aria-labelledby="your-account" className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <h2 id="your-account" className="text-xl font-bold tracking-tight text-slate-900">
        Your account
      </h2>
      <AccountPanels />
    </section>
  );
}

function NoShop() {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Shop Settings</h1>
      <NoShopYet>Settings open once you have a shop.</NoShopYet>
    </div>
  );
}

/** /settings: a shop owner's shop (docs/product/screens.md#settings) and own account, or an OWNER's own account (docs/product/departures.md#owner-analytics-and-settings). */
export default function SettingsPage() {
  const { activeRole } = useAuth();
  const shop = useActiveShop();
  if (activeRole === 'OWNER') return <AccountSettings />;
  return (
    <div className="space-y-10">
      {shop.id ? <ShopSettings key={shop.id} shopId={shop.id} /> : <NoShop />}
      <YourAccount />
    </div>
  );
}
