import { type RefObject, useEffect, useRef } from 'react';

/**
 * While `active`, Escape calls `onEscape`; focus goes back to where it was when `active` began
 * (the button that opened a menu), so a keyboard user is not left at the top of the page.
 * `focusFirst`, when given, takes focus as `active` begins.
 */
export function useEscape(active: boolean, onEscape: () => void, focusFirst?: RefObject<HTMLElement | null>): void {
  const handler = useRef(onEscape);
  handler.current = onEscape;
  useEffect(() => {
    if (!active) return;
    const opener = document.activeElement as HTMLElement | null;
    focusFirst?.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') handler.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [active, focusFirst]);
}
