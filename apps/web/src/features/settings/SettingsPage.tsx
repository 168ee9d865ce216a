import { Link } from 'react-router';
import { useAuth } from '../../app/auth';
import { buttonClass } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { useActiveShop } from '../jobs/useActiveShop';
import { AccountSettings } from './AccountSettings';
import { ShopSettings } from './ShopSettings';

/** /settings: a shop owner's shop (spec 02 §2.5), or an OWNER's own account (DECISIONS' fix). */
export default function SettingsPage() {
  const { activeRole } = useAuth();
  const shop = useActiveShop();
  if (activeRole === 'OWNER') return <AccountSettings />;
  if (!shop.id) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Shop Settings</h1>
        <EmptyState icon="store" title="Set up your shop first">
          <p>Settings open once you have a shop.</p>
          <Link to="/onboarding/shop" className={buttonClass('primary', 'mt-4')}>
            Create your shop
          </Link>
        </EmptyState>
      </div>
    );
  }
  return <ShopSettings key={shop.id} shopId={shop.id} />;
}
