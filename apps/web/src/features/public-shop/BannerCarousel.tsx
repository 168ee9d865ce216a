import { type TouchEvent, useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/Icon';

/** Spec 01 §9: carousels rotate every 3 s. */
export const BANNER_ROTATE_MS = 3000;
const SWIPE_PX = 40;

const ARROW =
  'absolute top-1/2 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/80 text-slate-800 shadow backdrop-blur hover:bg-white focus-visible:outline-2 focus-visible:outline-white';

/** With no banners the page still opens on the shop's colour rather than a grey hole. Decoration only. */
function ColourHeader() {
  return (
    <div aria-hidden="true" className="relative h-32 overflow-hidden bg-gradient-to-br from-brand-400 via-brand-500 to-brand-700 sm:h-44 sm:rounded-b-3xl lg:rounded-3xl">
      <div className="absolute -top-16 -right-10 h-56 w-56 rounded-full bg-white/10" />
      <div className="absolute top-14 right-24 h-24 w-24 rounded-full bg-white/10" />
      <div className="absolute -bottom-20 -left-10 h-48 w-48 rounded-full bg-black/5" />
      <Icon name="print" className="absolute top-5 right-7 h-12 w-12 text-white/30 sm:h-16 sm:w-16" />
    </div>
  );
}

function usePrefersReducedMotion(): boolean {
  const [reduced] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  return reduced;
}

export function BannerCarousel({ urls, shopName }: { urls: string[]; shopName: string }) {
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
      className="relative overflow-hidden bg-slate-200 sm:rounded-b-3xl lg:rounded-3xl"
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
        {urls.map((url, i) => (
          <img
            key={url}
            src={url}
            alt={`${shopName} banner ${i + 1} of ${count}`}
            aria-hidden={i !== index}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : 'low'}
            className="aspect-[16/9] max-h-80 w-full shrink-0 object-cover"
          />
        ))}
      </div>
      {count > 1 && (
        <>
          <button type="button" aria-label="Previous banner" onClick={() => go(-1)} className={`${ARROW} left-3`}>
            <Icon name="chevronLeft" className="h-5 w-5" />
          </button>
          <button type="button" aria-label="Next banner" onClick={() => go(1)} className={`${ARROW} right-3`}>
            <Icon name="chevronRight" className="h-5 w-5" />
          </button>
          <div className="absolute inset-x-0 bottom-11 flex justify-center gap-1.5 lg:bottom-15">
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
