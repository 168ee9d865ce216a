/**
 * The service worker (public/sw.js): the app shell offline, and pushed new jobs. Registered from the
 * staff shell only, so the shop page and the status page customers open never load or install it.
 */
export function registerAppWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(undefined);
  return navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
