import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** Header, main and footer around every marketing page; it names the tab and starts at the top. */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  const { pathname, hash } = useLocation();

  useEffect(() => {
    document.title = `${title} · Counterprint`;
  }, [title]);

  // The router keeps the old scroll position; a footer link would otherwise open the next page at its bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger, not an input
  useEffect(() => {
    if (!hash) document.documentElement.scrollTop = 0;
  }, [pathname, hash]);

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
