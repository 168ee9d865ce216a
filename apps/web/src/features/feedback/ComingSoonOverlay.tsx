import { type ReactNode, useCallback, useState } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useDismissed } from './dismissal';
import { FeedbackModal } from './FeedbackModal';

/**
 * Spec 02 §2.2–§2.4: the screen works underneath, but until this browser dismisses the notice it
 * sits over the page, so nobody mistakes an early screen for a finished one.
 */
export function ComingSoonOverlay({ feature, children }: { feature: string; children: ReactNode }) {
  const [dismissed, dismiss] = useDismissed(feature);
  const [asking, setAsking] = useState(false);
  const closeForm = useCallback(() => setAsking(false), []);
  return (
    <div className="relative">
      <div inert={!dismissed} aria-hidden={!dismissed || undefined}>
        {children}
      </div>
      {!dismissed && (
        <div className="absolute inset-0 z-20 flex items-start justify-center bg-slate-50/70 px-2 pt-10 backdrop-blur-[2px] sm:pt-24">
          <section
            aria-labelledby="coming-soon-title"
            className="sticky top-24 w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-xl"
          >
            <span className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <Icon name="clock" className="h-6 w-6" />
            </span>
            <h2 id="coming-soon-title" className="text-lg font-semibold text-slate-900">
              Feature coming soon: {feature} will be available shortly.
            </h2>
            <p className="mt-2 text-sm text-slate-500">The screen underneath already works with your real data. Tell us what you need next.</p>
            <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:justify-center [&>button]:whitespace-nowrap">
              <Button variant="secondary" onClick={dismiss}>
                Dismiss
              </Button>
              <Button onClick={() => setAsking(true)}>Want this feature ASAP</Button>
              <Button variant="ghost" onClick={() => setAsking(true)}>
                Leave feedback
              </Button>
            </div>
          </section>
        </div>
      )}
      <FeedbackModal open={asking} feature={feature} onClose={closeForm} />
    </div>
  );
}
