import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { BillingToggle } from '../../components/BillingToggle';
import { TEXT_LINK } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { PublicLayout } from '../../components/site/PublicLayout';
import { CHECKOUT_PAGE } from '../../content/checkout';
import { ANNUAL_SAVE_TEXT, type Billing, isBilling, PERIOD, PLANS, PREMIUM_PRICE } from '../../content/pricing';
import { formatRupees } from '../../lib/format';
import { useAuth } from '../../session/auth';
import { signupFirstUrl } from './checkoutForm';
import { UpgradeForm } from './UpgradeForm';

/** /checkout?plan=premium&billing=monthly|annual: a request for the team, not a card form. */
export default function CheckoutPage() {
  const { signedIn } = useAuth();
  const { pathname, search } = useLocation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('billing');
  const billing: Billing = isBilling(raw) ? raw : 'monthly';
  const page = CHECKOUT_PAGE;
  const plan = PLANS.premium;

  if (!signedIn) return <Navigate to={signupFirstUrl(`${pathname}${search}`)} replace />;

  const setBilling = (b: Billing) => setParams({ plan: 'premium', billing: b }, { replace: true });

  return (
    <PublicLayout title={page.title}>
      <div className="bg-linear-to-b from-brand-50 via-white to-white">
        <div className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14">
          <Link to={page.back.to} className={`text-sm ${TEXT_LINK}`}>
            {page.back.label}
          </Link>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900">{page.title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">{page.lead}</p>
          <div className="mt-10 grid items-start gap-8 lg:grid-cols-[1fr_1.2fr]">
            <section aria-labelledby="summary-title" className="rounded-3xl bg-slate-950 p-7 text-white shadow-xl sm:p-8">
              <h2 id="summary-title" className="text-sm font-semibold tracking-wide text-slate-300 uppercase">
                {page.summaryTitle}
              </h2>
              <p className="mt-3 text-2xl font-bold">{plan.name}</p>
              <div className="mt-6">
                <BillingToggle value={billing} onChange={setBilling} label={page.billingLabel} />
              </div>
              <dl className="mt-8 space-y-3 border-t border-white/10 pt-6 text-sm">
                <div className="flex justify-between">
                  <dt className="text-slate-300">{page.billingLabel}</dt>
                  <dd className="font-medium capitalize">{billing}</dd>
                </div>
                <div className="flex items-baseline justify-between">
                  <dt className="text-slate-300">{page.totalLabel}</dt>
                  <dd data-testid="checkout-price" className="text-3xl font-extrabold">
                    {formatRupees(PREMIUM_PRICE[billing])}
                    <span className="text-base font-medium text-slate-300">{PERIOD[billing]}</span>
                  </dd>
                </div>
                {billing === 'annual' && <p className="text-right font-medium text-brand-300">{ANNUAL_SAVE_TEXT}</p>}
              </dl>
              <ul className="mt-6 space-y-2 border-t border-white/10 pt-6 text-sm">
                {plan.features.slice(1, 6).map((f) => (
                  <li key={f} className="flex gap-2.5 text-slate-200">
                    <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-brand-300" />
                    {f}
                  </li>
                ))}
              </ul>
            </section>
            <section
              aria-labelledby="form-title"
              className="rounded-3xl border border-slate-200 bg-white p-7 shadow-lg shadow-slate-900/5 sm:p-8"
            >
              <h2 id="form-title" className="text-2xl font-bold text-slate-900">
                {page.formTitle}
              </h2>
              <div className="mt-4 mb-6 flex gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800">
                <Icon name="wallet" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                <p>
                  <strong className="font-semibold">{page.paymentTitle}. </strong>
                  {page.paymentNote}
                </p>
              </div>
              <UpgradeForm billing={billing} />
            </section>
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
