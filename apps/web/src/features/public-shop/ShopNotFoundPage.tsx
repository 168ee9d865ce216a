import { Link, useLocation } from 'react-router';
import { BrandHeader } from '../../components/Brand';
import { buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';

/** Where a wrong or outdated shop link lands (docs/product/screens.md#public-shop-page-and-upload): say what happened and offer a way on. */
export default function ShopNotFoundPage() {
  // The shop page passes its slug along, so a customer who hit a network blip can go straight back.
  const state = useLocation().state as { slug?: unknown; unreachable?: unknown } | null;
  const retrySlug = state?.unreachable === true && typeof state.slug === 'string' ? state.slug : null;
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-10 sm:justify-center">
      <BrandHeader className="mb-8" />
      <main className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <Icon name="store" className="h-7 w-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Shop not found</h1>
        {retrySlug ? (
          <p className="mt-2 text-sm text-slate-600">We couldn't load this shop just now. Check your connection and try again.</p>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-600">
              There's no shop at this link. The QR code or address may be mistyped, or the shop may have changed its link.
            </p>
            <p className="mt-2 text-sm text-slate-600">Ask the staff at the counter for their current QR code.</p>
          </>
        )}
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          {retrySlug && (
            <Link to={`/public/${encodeURIComponent(retrySlug)}`} className={buttonClass('primary')}>
              Try again
            </Link>
          )}
          <Link to="/public/home" className={buttonClass('secondary')}>
            Go to the home page
          </Link>
          <Link to="/signup" className={buttonClass('primary')}>
            Create your own shop
          </Link>
        </div>
      </main>
    </div>
  );
}
