import { useEffect, useState } from 'react';

/**
 * Keeps the screen on while `active` (a phone that sleeps mid-upload stops sending). The browser drops the
 * lock whenever the page is hidden, so it is asked for again each time the page is shown. Answers false
 * where the browser has no wake lock or refused it: the page then asks the customer to keep the screen on.
 */
export function useScreenAwake(active: boolean): boolean {
  const supported = typeof navigator !== 'undefined' && 'wakeLock' in navigator;
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    if (!active || !supported) return;
    let lock: WakeLockSentinel | null = null;
    let over = false;
    const ask = () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      navigator.wakeLock.request('screen').then(
        (granted) => {
          if (over) void granted.release();
          else {
            lock = granted;
            setRefused(false);
          }
        },
        () => {
          if (!over) setRefused(true);
        },
      );
    };
    ask();
    document.addEventListener('visibilitychange', ask);
    return () => {
      over = true;
      document.removeEventListener('visibilitychange', ask);
      void lock?.release().catch(() => {});
    };
  }, [active, supported]);

  return supported && !refused;
}
