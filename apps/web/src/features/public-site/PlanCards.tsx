import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { ANNUAL_SAVE_TEXT, type Billing, checkoutHref, PERIOD, PLANS, PREMIUM_PRICE, SPARK_HREF } from '../../content/pricing';
import { formatRupees } from '../../lib/format';
import { useVisitorLink } from '../../session/createShop';

function Features({ items, dark }: { items: readonly string[]; dark?: boolean }) {
  return (
    <ul className="mt-8 space-y-3 text-sm">
      {items.map((f) => (
        <li key={f} className="flex gap-3">
          <Icon name="check" className={`mt-0.5 h-4.5 w-4.5 shrink-0 ${dark ? 'text-brand-300' : 'text-brand-700'}`} />
          <span className={dark ? 'text-slate-200' : 'text-slate-700'}>{f}</span>
        </li>
      ))}
    </ul>
  );
}

/** Spark never changes with the toggle; only Premium's price, period and button follow it (docs/product/screens.md#pricing-page). */
export function PlanCards({ billing }: { billing: Billing }) {
  const { spark, premium } = PLANS;
  const sparkAction = useVisitorLink({ to: SPARK_HREF, label: spark.cta });
  return (
    <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      <article aria-labelledby="plan-spark" className="flex flex-col rounded-3xl border border-slate-200 bg-white p-7 shadow-sm sm:p-8">
        <h2 id="plan-spark" className="text-lg font-semibold text-slate-900">
          {spark.name}
        </h2>
        <p className="mt-2 text-sm text-slate-600">{spark.description}</p>
        <p className="mt-6 flex items-baseline gap-1" data-testid="spark-price">
          <span className="text-5xl font-extrabold tracking-tight text-slate-900">{formatRupees(spark.price)}</span>
          <span className="text-slate-600">{PERIOD.monthly}</span>
        </p>
        <p className="mt-2 text-sm font-medium text-brand-800">{spark.trial}</p>
        <Features items={spark.features} />
        <div className="mt-auto pt-8">
          <Link to={sparkAction.to} className={buttonClass('secondary', 'w-full', 'lg')}>
            {sparkAction.label}
          </Link>
        </div>
      </article>
      <article
        aria-labelledby="plan-premium"
        className="relative flex flex-col rounded-3xl bg-slate-950 p-7 text-white shadow-2xl ring-2 ring-brand-400 sm:p-8"
      >
        <span className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-400 px-3.5 py-1 text-xs font-bold text-slate-950 shadow">
          {premium.badge}
        </span>
        <h2 id="plan-premium" className="text-lg font-semibold text-white">
          {premium.name}
        </h2>
        <p className="mt-2 text-sm text-slate-300">{premium.description}</p>
        <p className="mt-6 flex items-baseline gap-1" data-testid="premium-price">
          <span className="text-5xl font-extrabold tracking-tight">{formatRupees(PREMIUM_PRICE[billing])}</span>
          <span className="text-slate-300">{PERIOD[billing]}</span>
        </p>
        <p className="mt-2 min-h-5 text-sm font-medium text-brand-300">{billing === 'annual' ? ANNUAL_SAVE_TEXT : 'Billed monthly'}</p>
        <Features items={premium.features} dark />
        <div className="mt-auto pt-8">
          <Link to={checkoutHref(billing)} className={buttonClass('onDark', 'w-full', 'lg')}>
            {premium.cta}
          </Link>
        </div>
      </article>
    </div>
  );
}
