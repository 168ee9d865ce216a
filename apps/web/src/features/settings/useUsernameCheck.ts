import { USERNAME_MIN } from '@counterprint/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkUsername } from '../../api/settings';

export const USERNAME_DEBOUNCE_MS = 450;
export type UsernameStatus = 'idle' | 'checking' | 'available' | 'taken';

/**
 * docs/product/screens.md#settings: idle, checking, then Available or Taken; 450 ms after the last keystroke and only for
 * 3+ characters. A failed check clears the state without a word (docs/product/screens.md#settings). A newer keystroke
 * cancels an older answer so a slow reply cannot overwrite a fresher one.
 */
export function useUsernameCheck(shopId: string) {
  const [status, setStatus] = useState<UsernameStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  const check = useCallback(
    (value: string) => {
      stop();
      const username = value.trim();
      if (username.length < USERNAME_MIN) {
        setStatus('idle');
        return;
      }
      timer.current = setTimeout(() => {
        const controller = new AbortController();
        inFlight.current = controller;
        setStatus('checking');
        checkUsername(username, shopId, controller.signal)
          .then((available) => {
            if (!controller.signal.aborted) setStatus(available ? 'available' : 'taken');
          })
          .catch(() => {
            if (!controller.signal.aborted) setStatus('idle');
          });
      }, USERNAME_DEBOUNCE_MS);
    },
    [shopId, stop],
  );

  useEffect(() => stop, [stop]);

  const reset = useCallback(() => {
    stop();
    setStatus('idle');
  }, [stop]);

  return { status, check, reset };
}
