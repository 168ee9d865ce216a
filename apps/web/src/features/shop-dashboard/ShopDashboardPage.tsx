import { Link } from 'react-router';
import { usePrintJobs } from '../../api/jobs';
import { readStoredUser } from '../../api/storage';
import { Button, buttonClass } from '../../components/Button';
import { ClosedTodaySwitch } from '../../components/ClosedTodaySwitch';
import { NoShopYet } from '../../components/EmptyState';
import { Icon, type IconName } from '../../components/Icon';
import { useToast } from '../../components/Toast';
import { formatRupees } from '../../lib/format';
import { useActiveShop } from '../../session/useActiveShop';
import { WELCOME_BALANCE } from './content';
import { QrWidget } from './QrWidget';
import { FeatureCarousel, TipsCard } from './Rotators';
import { SetupChecklist } from './SetupChecklist';
import { RecentActivity, ShopStats } from './ShopActivity';

const CARD = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';
const COMING_SOON = 'Coming soon';

function QuickAction({ icon, label, to, onClick }: { icon: IconName; label: string; to?: string; onClick?: () => void }) {
  const className =
    'flex flex-col items-center gap-2 rounded-xl border border-slate-200 p-3 text-center text-sm font-medium text-slate-700 transition hover:border-brand-300 hover:bg-brand-50';
  const body = (
    <>
      <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
        <Icon name={icon} className="h-5 w-5" />
      </span>
      {label}
    </>
  );
  return to ? (
    <Link to={to} className={className}>
      {body}
    </Link>
  ) : (
    <button type="button" onClick={onClick} className={className}>
      {body}
    </button>
  );
}

function NoShop() {
  return (
    <div className="mx-auto max-w-lg">
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">Shop dashboard</h1>
      <NoShopYet title="You have no shop yet">Create your shop to get its upload page, QR code and live print queue.</NoShopYet>
    </div>
  );
}

/** /shop-dashboard (docs/product/screens.md#shop-dashboard), with real figures where the spec had placeholders. */
export default function ShopDashboardPage() {
  const shop = useActiveShop();
  const jobs = usePrintJobs(shop.id);
  const toast = useToast();
  if (!shop.id) return <NoShop />;

  const shopName = readStoredUser()?.shops.find((s) => s.id === shop.id)?.name;
  const list = jobs.data ?? [];
  const comingSoon = () => toast(COMING_SOON);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 lg:gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Shop dashboard</h1>
        {shopName && <p className="text-sm text-slate-500">{shopName}</p>}
      </div>
      <div className="grid gap-4 lg:grid-cols-3 lg:gap-6">
        <div className="lg:col-span-2">
          <FeatureCarousel />
        </div>
        <TipsCard />
      </div>

      <SetupChecklist key={shop.id} shopId={shop.id} />

      <ShopStats shopId={shop.id} jobs={list} loading={jobs.isPending} />

      <div className="grid gap-4 lg:grid-cols-3 lg:gap-6">
        <section aria-labelledby="quick-actions" className={CARD}>
          <h2 id="quick-actions" className="font-semibold text-slate-900">
            Quick actions
          </h2>
          <div className="mt-3 grid grid-cols-2 gap-2.5">
            <QuickAction icon="wallet" label="Add Money to Wallet" onClick={comingSoon} />
            <QuickAction icon="print" label="Start Print Job" to="/printJob" />
            <QuickAction icon="chart" label="View Earnings" to="/revenue" />
            <QuickAction icon="settings" label="Shop Settings" to="/settings" />
          </div>
        </section>

        <section aria-labelledby="shop-qr" className={CARD}>
          <h2 id="shop-qr" className="font-semibold text-slate-900">
            Shop QR code
          </h2>
          <p className="mt-1 mb-3 text-sm text-slate-500">Customers scan it to send you files.</p>
          <QrWidget shopSlug={shop.slug} />
        </section>

        <section aria-labelledby="wallet" className={CARD}>
          <h2 id="wallet" className="font-semibold text-slate-900">
            Wallet
          </h2>
          <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">{formatRupees(WELCOME_BALANCE, 'always')}</p>
          <p className="text-xs text-slate-500">Welcome balance · wallet payments coming soon</p>
          <Button variant="secondary" className="mt-3 w-full" onClick={comingSoon}>
            Add Money to Wallet
          </Button>
          <div className="mt-4">
            <ClosedTodaySwitch shopId={shop.id} />
          </div>
        </section>
      </div>

      <div className="grid gap-4 lg:grid-cols-3 lg:gap-6">
        <div className="lg:col-span-2">
          <RecentActivity jobs={list} loading={jobs.isPending} error={jobs.isError ? jobs.error.message : null} />
        </div>
        <section className="flex flex-col justify-between rounded-2xl bg-slate-900 p-5 text-white shadow-sm">
          <div>
            <h2 className="text-lg font-semibold">Ready for the next customer?</h2>
            <p className="mt-1 text-sm text-slate-300">Keep the print queue open and new jobs arrive on their own.</p>
          </div>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row lg:flex-col 2xl:flex-row">
            <Link to="/printJob" className={buttonClass('primary', 'flex-1')}>
              Start Printing Now
            </Link>
            <Link
              to="/public/demo"
              className="inline-flex flex-1 items-center justify-center rounded-lg border border-slate-600 px-4 py-2.5 text-sm font-semibold text-white transition hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Watch Demo
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
