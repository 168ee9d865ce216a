// Counterprint's service worker (docs/decisions/044-web-push-for-new-jobs.md), registered by the staff
// app only. It keeps the app shell for offline starts and shows pushed new jobs. It caches nothing but
// index.html and the hashed /assets/ files: never an /api/ answer, a customer's file or a signed link.

const SHELL_CACHE = 'counterprint-shell-v1';
const ASSET_CACHE = 'counterprint-assets-v1';
const SHELL_URL = '/index.html';
/** Hashed files of a few builds; past this the oldest go (a new build's names never match old ones). */
const MAX_ASSETS = 120;
const QUEUE_PATH = '/printJob';

/** Paths the worker leaves alone, even for a navigation (a signed file link opened in a tab is one). */
const PASS_THROUGH = /^\/(api|files|ws-endpoint|\.well-known)(\/|$)/;
/** Pages whose answer is not the plain shell (per-shop link previews) or names a customer: never kept. */
const NOT_SHELL = /^\/(public|j)(\/|$)/;

self.addEventListener('install', (event) => {
  // Offline at install: the worker still takes over (pushes need it); the shell is kept at the next navigation.
  event.waitUntil(
    cacheShell()
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, ASSET_CACHE]);
      for (const name of await caches.keys()) if (name.startsWith('counterprint-') && !keep.has(name)) await caches.delete(name);
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

/** The shell and the entry files it names, so the app starts offline even before a second visit. */
async function cacheShell() {
  const response = await fetch(SHELL_URL, { cache: 'no-cache', credentials: 'omit' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await (await caches.open(SHELL_CACHE)).put(SHELL_URL, response);
  const entries = [...html.matchAll(/(?:src|href)="(\/assets\/[^"?#]+)"/g)].map((m) => m[1]);
  const assets = await caches.open(ASSET_CACHE);
  await Promise.all(entries.map((url) => assets.add(url).catch(() => undefined)));
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || PASS_THROUGH.test(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(navigate(event, url));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});

/** Network first, so a deploy is seen at once; the kept shell only when the network fails. */
async function navigate(event, url) {
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    const html = (response.headers.get('content-type') || '').startsWith('text/html');
    if (response.ok && html && !NOT_SHELL.test(url.pathname)) {
      const copy = response.clone();
      event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(SHELL_URL, copy)));
    }
    return response;
  } catch (err) {
    const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw err;
  }
}

/** A hashed file never changes under its name: the cache first. */
async function asset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(old);
  }
  return response;
}

self.addEventListener('push', (event) => {
  event.waitUntil(showJob(event));
});

function readJob(event) {
  try {
    const data = event.data?.json();
    if (data?.kind === 'job' && typeof data.number === 'number') return data;
  } catch {
    // Not ours, or garbled: a plain note still tells staff to look at the queue.
  }
  return null;
}

async function showJob(event) {
  const job = readJob(event);
  // Staff looking at the queue see the job arrive there; a note on top would only repeat it.
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.some((w) => w.focused && w.visibilityState === 'visible' && new URL(w.url).pathname === QUEUE_PATH)) return;
  if (!job) {
    await self.registration.showNotification('New print job', {
      body: 'Open the queue to see it.',
      tag: 'new-job',
      data: { url: QUEUE_PATH },
    });
    return;
  }
  const files = `${job.files} ${job.files === 1 ? 'file' : 'files'}`;
  await self.registration.showNotification(`New print job #${job.number}`, {
    body: `${job.customer} · ${files}`,
    // The queue tab's own note for the same job (features/jobs/arrivalAlerts.ts) has this tag: one replaces the other.
    tag: `job-${job.jobId}`,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    data: { url: job.url },
  });
}

/** Only a page of this app: a click never opens another site, whatever a payload said. */
function sameOrigin(url) {
  try {
    const target = new URL(url, self.location.origin);
    if (target.origin === self.location.origin) return target;
  } catch {
    // Not an address at all.
  }
  return new URL(QUEUE_PATH, self.location.origin);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sameOrigin(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const queue = windows.find((w) => new URL(w.url).pathname === QUEUE_PATH);
      if (queue) return queue.focus();
      return self.clients.openWindow(target.href);
    })(),
  );
});
