import type { TPublicShopDetails } from '@counterprint/contract';
import { buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { directionsUrl, OpenBadge } from './ShopSections';

/** Who the customer is sending files to, where it is, and what it charges. */
export function ShopSummary({ shop, onShowRates }: { shop: TPublicShopDetails; onShowRates: () => void }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <OpenBadge state={shop} />
        <span className="text-xs font-medium text-slate-500">{shop.category}</span>
      </div>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{shop.shopName}</h1>
      {shop.tagline && <p className="mt-1 text-slate-600">{shop.tagline}</p>}
      <p className="mt-3 flex items-start gap-2 text-sm text-slate-600">
        <Icon name="mapPin" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
        <span className="min-w-0 break-words">{shop.address}</span>
      </p>
      <div className="mt-4 grid grid-cols-2 gap-2 sm:flex">
        <a
          href={directionsUrl(shop.address)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary', 'w-full sm:w-auto')}
        >
          <Icon name="mapPin" className="h-4 w-4" />
          Directions
        </a>
        <button type="button" onClick={onShowRates} className={buttonClass('secondary', 'w-full sm:w-auto')}>
          <Icon name="tag" className="h-4 w-4" />
          Print Rates
        </button>
      </div>
    </section>
  );
}

/** Same shapes as the page, so nothing jumps when the shop arrives. */
export function ShopPageSkeleton() {
  const block = 'animate-pulse rounded bg-slate-200';
  return (
    <div className="min-h-dvh bg-slate-50" aria-busy="true">
      <span role="status" className="sr-only">
        Loading shop
      </span>
      <div className="mx-auto max-w-5xl lg:px-6 lg:pt-6">
        <div className={`${block} h-36 rounded-none sm:h-48 lg:rounded-3xl`} />
        <div className="relative -mt-8 space-y-4 px-4 sm:px-6 lg:px-0">
          <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className={`${block} h-5 w-24`} />
            <div className={`${block} h-7 w-3/4`} />
            <div className={`${block} h-4 w-full`} />
            <div className="grid grid-cols-2 gap-2 pt-1">
              <div className={`${block} h-10`} />
              <div className={`${block} h-10`} />
            </div>
          </div>
          <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className={`${block} h-6 w-40`} />
            <div className={`${block} h-36 w-full rounded-xl`} />
            <div className={`${block} h-11 w-full rounded-lg`} />
          </div>
        </div>
      </div>
    </div>
  );
}
