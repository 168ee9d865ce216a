import type { TPublicShopDetails } from '@counterprint/contract';
import { type TouchEvent, useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/Icon';

/** docs/product/rules.md#constants: carousels rotate every 3 s. */
export const BANNER_ROTATE_MS = 3000;
const SWIPE_PX = 40;

/**
 * A fixed frame (16:9 on phones, a fixed height on wider screens) so nothing below moves when a banner
 * loads; each banner is shown whole inside it (contain, not cover): a name painted across it must not be
 * cut to "ma Xerox & Print" on a phone. Banners are landscape of any shape (docs/product/screens.md#shop-onboarding).
 */
const FRAME = 'relative aspect-[16/9] w-full shrink-0 overflow-hidden sm:aspect-auto sm:h-72 lg:h-80';
const FRAME_W = 1600;
const FRAME_H = 900;

const ARROW =
  'absolute top-1/2 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/80 text-slate-800 shadow backdrop-blur hover:bg-white focus-visible:outline-2 focus-visible:outline-white';

/** With no banners the page still opens on the shop's colour rather than a grey hole. Decoration only. */
function ColourHeader() {
  return (
    <div
      aria-hidden="true"
      className="relative h-32 overflow-hidden bg-gradient-to-br from-brand-400 via-brand-500 to-brand-700 sm:h-44 sm:rounded-b-3xl lg:rounded-3xl"
    >
      <div className="absolute -top-16 -right-10 h-56 w-56 rounded-full bg-white/10" />
      <div className="absolute top-14 right-24 h-24 w-24 rounded-full bg-white/10" />
      <div className="absolute -bottom-20 -left-10 h-48 w-48 rounded-full bg-black/5" />
      <Icon name="print" className="absolute top-5 right-7 h-12 w-12 text-white/30 sm:h-16 sm:w-16" />
    </div>
  );
}

function usePrefersReducedMotion(): boolean {
  const [reduced] = useState(
    () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  return reduced;
}

export type CarouselBanner = Pick<TPublicShopDetails['banners'][number], 'url' | 'width' | 'height' | 'sizes'>;

// The page is at most max-w-5xl (64rem) less lg:px-6 on each side; below lg the banner spans the screen.
const BANNER_SIZES = '(min-width: 1024px) 976px, 100vw';
const srcSetOf = (b: CarouselBanner) => (b.sizes.length > 0 ? b.sizes.map((s) => `${s.url} ${s.width}w`).join(', ') : undefined);

export function BannerCarousel({ banners, shopName }: { banners: CarouselBanner[]; shopName: string }) {
  const urls = banners.map((b) => b.url);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const touchX = useRef<number | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const count = urls.length;

  useEffect(() => {
    if (count < 2 || paused || reducedMotion) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_ROTATE_MS);
    return () => clearInterval(timer);
  }, [count, paused, reducedMotion]);

  if (count === 0) return <ColourHeader />;

  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    touchX.current = null;
    const end = e.changedTouches[0]?.clientX;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    go(end < start ? 1 : -1);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`${shopName} banners`}
      className="relative overflow-hidden bg-slate-800 sm:rounded-b-3xl lg:rounded-3xl"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={onTouchEnd}
    >
      <div className="flex transition-transform duration-500 ease-out" style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((banner, i) => {
          // The blurred copy asks for the very same candidates, so the browser fetches each banner once.
          const picture = {
            src: banner.url,
            srcSet: srcSetOf(banner),
            sizes: banner.sizes.length > 0 ? BANNER_SIZES : undefined,
            loading: i === 0 ? ('eager' as const) : ('lazy' as const),
            width: FRAME_W,
            height: FRAME_H,
          };
          return (
            <div key={banner.url} className={FRAME}>
              {/* The same picture, blurred, fills the frame around a banner of another shape. Decoration only. */}
              <img
                {...picture}
                alt=""
                aria-hidden="true"
                className="absolute inset-0 h-full w-full scale-110 object-cover opacity-60 blur-xl"
              />
              <img
                {...picture}
                alt={`${shopName} banner ${i + 1} of ${count}`}
                aria-hidden={i !== index}
                fetchPriority={i === 0 ? 'high' : 'low'}
                className="relative h-full w-full object-contain"
              />
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <>
          <button type="button" aria-label="Previous banner" onClick={() => go(-1)} className={`${ARROW} left-3`}>
            <Icon name="chevronLeft" className="h-5 w-5" />
          </button>
          <button type="button" aria-label="Next banner" onClick={() => go(1)} className={`${ARROW} right-3`}>
            <Icon name="chevronRight" className="h-5 w-5" />
          </button>
          <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1.5">
            {urls.map((url, i) => (
              <button
                key={url}
                type="button"
                aria-label={`Show banner ${i + 1}`}
                aria-current={i === index}
                onClick={() => setIndex(i)}
                className={`h-2 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-2 bg-white/60 hover:bg-white/80'}`}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
