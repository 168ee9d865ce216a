import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { titleFor } from '../lib/screenTitles';

export { titleFor };

/**
 * Names the browser tab after the current screen. A layout effect runs before every screen's own
 * effects, so a screen that adds to its title (the queue's unopened count) has the last word.
 */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const title = titleFor(pathname);
    if (title) document.title = title;
  }, [pathname]);
}
