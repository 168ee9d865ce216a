import { useCallback, useEffect, useState } from 'react';
import { Icon } from '../../components/Icon';
import { FEATURES, ROTATE_MS, TIPS } from './content';

/** Steps through `count` items every `ms`, pausing while `paused`; choosing one restarts the wait. */
export function useRotation(count: number, ms = ROTATE_MS, paused = false) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((index + 1) % count), ms);
    return () => clearTimeout(timer);
  }, [index, count, ms, paused]);
  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count]);
  return { index, go };
}

/** docs/product/screens.md#shop-dashboard: the rotating feature carousel. Hovering or focusing it holds the current slide. */
export function FeatureCarousel() {
  const [paused, setPaused] = useState(false);
  const { index, go } = useRotation(FEATURES.length, ROTATE_MS, paused);
  const feature = FEATURES[index]!;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="What Counterprint does for your shop"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className="flex h-full flex-col justify-between rounded-2xl bg-gradient-to-br from-brand-800 via-brand-700 to-slate-900 p-5 text-white shadow-sm sm:p-6"
    >
      <div aria-live={paused ? 'polite' : 'off'} className="flex min-h-32 items-start gap-4">
        <span className="rounded-xl bg-white/15 p-3">
          <Icon name={feature.icon} className="h-6 w-6" />
        </span>
        <div>
          <h2 className="text-lg font-semibold sm:text-xl">{feature.title}</h2>
          <p className="mt-1.5 text-sm text-brand-50/90">{feature.text}</p>
        </div>
      </div>
      <div className="mt-4 flex gap-1.5">
        {FEATURES.map((f, i) => (
          <button
            key={f.title}
            type="button"
            onClick={() => go(i)}
            aria-label={`Show: ${f.title}`}
            aria-current={i === index || undefined}
            className={`h-2 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-2 bg-white/40 hover:bg-white/70'}`}
          />
        ))}
      </div>
    </section>
  );
}

/** docs/product/screens.md#shop-dashboard: the tips card. */
export function TipsCard() {
  const { index, go } = useRotation(TIPS.length);
  return (
    <section aria-labelledby="tips" className="flex h-full flex-col rounded-2xl border border-amber-200 bg-amber-50 p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id="tips" className="flex items-center gap-2 font-semibold text-amber-900">
          <Icon name="bolt" className="h-4.5 w-4.5" />
          Tip {index + 1} of {TIPS.length}
        </h2>
        <button
          type="button"
          onClick={() => go(index + 1)}
          className="rounded-lg px-2 py-1 text-sm font-semibold text-amber-800 hover:bg-amber-100"
        >
          New Tip
        </button>
      </div>
      <p className="mt-3 flex-1 text-sm text-amber-900/90">{TIPS[index]}</p>
    </section>
  );
}
