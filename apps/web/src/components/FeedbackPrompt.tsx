import { type ReactNode, useCallback, useState } from 'react';
import { Button } from './Button';
import { FeedbackModal } from './FeedbackModal';

/**
 * The screen, then a quiet way to ask for more. Issue 16: these screens work with real data, so
 * nothing covers them any more (they sat under a 'Feature coming soon' overlay until dismissed).
 */
export function FeedbackPrompt({ feature, children }: { feature: string; children: ReactNode }) {
  const [asking, setAsking] = useState(false);
  const closeForm = useCallback(() => setAsking(false), []);
  return (
    <>
      {children}
      <p className="mx-auto mt-6 flex max-w-7xl flex-wrap items-center justify-end gap-2 text-sm text-slate-500">
        Missing something on this screen?
        <Button variant="ghost" onClick={() => setAsking(true)}>
          Leave feedback
        </Button>
      </p>
      <FeedbackModal open={asking} feature={feature} onClose={closeForm} />
    </>
  );
}
