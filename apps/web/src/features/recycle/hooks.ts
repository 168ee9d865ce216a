import type { TRecycleItem } from '@counterprint/contract';
import { useEffect, useRef, useState } from 'react';
import { EXPIRY_CHECK_MS, expiredNotice, newlyExpired } from './bin';

/**
 * docs/product/screens.md#recycle-bin: every 10 s, files past their expiry leave the screen with a notice. The server's sweeper
 * removes them for good on its own schedule, so the ids stay hidden even if a refresh still lists them.
 */
export function useExpirySweep(items: TRecycleItem[], onNotice: (text: string) => void): ReadonlySet<string> {
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const latest = useRef({ items, gone, onNotice });
  latest.current = { items, gone, onNotice };
  useEffect(() => {
    const timer = setInterval(() => {
      const { items: current, gone: hidden, onNotice: notify } = latest.current;
      const expired = newlyExpired(current, hidden, Date.now());
      if (expired.length === 0) return;
      setGone(new Set([...hidden, ...expired]));
      notify(expiredNotice(expired.length));
    }, EXPIRY_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return gone;
}
