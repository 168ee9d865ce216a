import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/Button';
import { Icon, type IconName } from '../../components/Icon';
import { useToast } from '../../components/Toast';
import { CREATE_SHOP, useNeedsShop } from '../../session/createShop';

const TILES: { title: string; icon: IconName; text: string }[] = [
  { title: 'Analytics', icon: 'chart', text: 'See how often you print and what.' },
  { title: 'History', icon: 'clock', text: 'Every file you have sent to a shop.' },
  { title: 'Goals', icon: 'target', text: 'Keep track of what you plan to print.' },
  { title: 'Quick Actions', icon: 'bolt', text: 'Re-send a file to your usual shop.' },
];

/** A shop owner who chose "Later" at sign-up lands here; the way to their shop comes first. */
function CreateShopCard() {
  return (
    <section className="mb-6 flex flex-col gap-4 rounded-2xl border border-brand-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:p-6">
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
        <Icon name="store" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold text-slate-900">Run a print or xerox shop?</h2>
        <p className="mt-1 text-sm text-slate-600">
          Create your shop to get its QR code, an upload page for walk-in customers and a live print queue. It takes a few minutes and uses
          this account.
        </p>
      </div>
      <Link to={CREATE_SHOP.to} className={buttonClass('primary', 'shrink-0')}>
        {CREATE_SHOP.label}
      </Link>
    </section>
  );
}

/** One coming-soon dashboard for all three user routes (docs/product/screens.md#user-dashboard). */
export default function UserDashboardPage() {
  const toast = useToast();
  const needsShop = useNeedsShop();
  return (
    <div className="mx-auto max-w-5xl">
      {needsShop && <CreateShopCard />}
      <section className="rounded-2xl bg-gradient-to-br from-brand-500 to-brand-700 p-6 text-white shadow-sm sm:p-8">
        <span className="inline-block rounded-full bg-white/20 px-3 py-1 text-xs font-semibold tracking-wide uppercase">Coming soon</span>
        <h1 className="mt-3 text-2xl font-bold sm:text-3xl">Your dashboard is on its way</h1>
        <p className="mt-2 max-w-xl text-sm text-brand-50 sm:text-base">
          Orders, files and insights for customers are being built. Uploading at a shop already works without an account.
        </p>
        {/* The spec's button does nothing yet; a toast says so instead of staying silent. */}
        <Button
          variant="secondary"
          className="mt-6 border-transparent text-brand-700"
          onClick={() => toast('Thanks! Notifications for this are not available yet.')}
        >
          <Icon name="bell" className="h-4 w-4" /> Notify Me When Ready
        </Button>
      </section>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {TILES.map((tile) => (
          <li key={tile.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
              <Icon name={tile.icon} />
            </span>
            <h2 className="mt-4 font-semibold text-slate-900">{tile.title}</h2>
            <p className="mt-1 text-sm text-slate-500">{tile.text}</p>
            <p className="mt-3 text-xs font-medium text-slate-500">Coming soon</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
