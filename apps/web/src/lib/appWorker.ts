/**
 * The service worker (public/sw.js): the app shell offline, and pushed new jobs. Registered from the
 * staff shell only, so the shop page and the status page customers open never load or install it.
 */
export function registerAppWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(undefined);
  return navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}

/**
 * The web manifest and home-screen icon, linked by the staff shell only: in index.html every page
 * fetched them, and the shop page a customer opens on 3G carried 1.2 KB it never used (bench/RESULTS.md).
 */
export function linkAppManifest(): void {
  if (typeof document === 'undefined' || document.querySelector('link[rel="manifest"]')) return;
  for (const [rel, href] of [
    ['manifest', '/manifest.webmanifest'],
    ['apple-touch-icon', '/icons/icon-192.png'],
  ] as const) {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    document.head.appendChild(link);
  }
}
