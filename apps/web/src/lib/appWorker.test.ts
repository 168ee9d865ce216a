import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * public/sw.js run as a browser would run it, against a fake CacheStorage, network and clients: what
 * it answers, and above all what it keeps (only the shell and hashed assets, never /api/ or a file).
 */
const SOURCE = readFileSync(resolve(import.meta.dirname, '../../public/sw.js'), 'utf8');
const ORIGIN = 'https://print.example.com';
const SHELL =
  '<!doctype html><script type="module" src="/assets/index-abc123.js"></script><link rel="stylesheet" href="/assets/index-def456.css">';

type Req = { url: string; method: string; mode: string };
type WindowClient = { url: string; focused: boolean; visibilityState: string; focus: () => Promise<unknown> };

function worker(opts: { windows?: WindowClient[] } = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const stores = new Map<string, Map<string, Response>>();
  const fetched: string[] = [];
  const notes: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  let online = true;
  const keyOf = (r: string | Req) => new URL(typeof r === 'string' ? r : r.url, ORIGIN).href;
  const cache = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (r: string | Req) => store.get(keyOf(r))?.clone(),
      put: async (r: string | Req, res: Response) => void store.set(keyOf(r), res),
      add: async (r: string) => void store.set(keyOf(r), await network(r)),
      keys: async () => [...store.keys()].map((url) => ({ url })),
      delete: async (r: string | Req) => store.delete(keyOf(r)),
    };
  };
  const caches = {
    open: async (name: string) => cache(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (r: string, o?: { cacheName?: string }) =>
      stores
        .get(o?.cacheName ?? '')
        ?.get(keyOf(r))
        ?.clone(),
  };
  const network = async (r: string | Req) => {
    const url = new URL(typeof r === 'string' ? r : r.url, ORIGIN);
    fetched.push(url.pathname + url.search);
    if (!online) throw new TypeError('Failed to fetch');
    const html = url.pathname === '/index.html' || !url.pathname.includes('.');
    const body = html ? SHELL.replace('<!doctype html>', `<!doctype html><!-- ${url.pathname} -->`) : `/* ${url.pathname} */`;
    return new Response(body, { headers: { 'content-type': html ? 'text/html' : 'text/javascript' } });
  };
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, fn: (event: unknown) => void) => void listeners.set(type, fn),
    skipWaiting: async () => {},
    registration: {
      navigationPreload: { enable: async () => {} },
      showNotification: async (title: string, options: Record<string, unknown>) => void notes.push({ title, options }),
    },
    clients: {
      claim: async () => {},
      matchAll: async () => opts.windows ?? [],
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  new Function('self', 'caches', 'fetch', SOURCE)(self, caches, network);

  const dispatch = async (type: string, fields: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<Response> | undefined;
    listeners.get(type)!({
      ...fields,
      waitUntil: (p: Promise<unknown>) => waits.push(p),
      respondWith: (p: Promise<Response>) => (answer = p),
    });
    const response = answer && (await answer);
    await Promise.all(waits);
    return response;
  };
  const get = (path: string, mode = 'cors', method = 'GET') =>
    dispatch('fetch', { request: { url: new URL(path, ORIGIN).href, method, mode } });
  return {
    install: () => dispatch('install', {}),
    activate: () => dispatch('activate', {}),
    get,
    navigate: (path: string) => get(path, 'navigate'),
    push: (data: unknown) =>
      dispatch('push', { data: data === undefined ? null : { json: () => (typeof data === 'string' ? JSON.parse(data) : data) } }),
    click: (url: string) => dispatch('notificationclick', { notification: { data: { url }, close: () => {} } }),
    kept: () => [...stores.values()].flatMap((s) => [...s.keys()].map((k) => new URL(k).pathname)).sort(),
    fetched,
    notes,
    opened,
    offline: () => {
      online = false;
    },
  };
}

describe('the service worker', () => {
  it('keeps the shell and the entry files it names at install', async () => {
    const w = worker();
    await w.install();
    await w.activate();
    expect(w.kept()).toEqual(['/assets/index-abc123.js', '/assets/index-def456.css', '/index.html'].sort());
  });

  it('leaves the API, file links, other sites and anything but GET to the network, untouched', async () => {
    const w = worker();
    for (const [path, mode, method] of [
      ['/api/shops/s1/print-jobs', 'cors', 'GET'],
      ['/api/public/jobs/tok', 'cors', 'GET'],
      ['/files/shops/s1/a.pdf?sig=abc', 'navigate', 'GET'],
      ['/files/shops/s1/a.pdf?sig=abc', 'cors', 'GET'],
      ['/ws-endpoint/info', 'cors', 'GET'],
      ['/api/shops/s1/push-subscriptions', 'cors', 'POST'],
      ['https://cdn.example.org/assets/x.js', 'no-cors', 'GET'],
      ['/favicon.svg', 'no-cors', 'GET'],
    ] as const) {
      expect(await w.get(path, mode, method), `${method} ${path}`).toBeUndefined();
    }
    expect(w.kept()).toEqual([]);
  });

  it('goes to the network first for a page, and starts from the kept shell when offline', async () => {
    const w = worker();
    const online = await w.navigate('/printJob');
    expect(await online!.text()).toContain('<!-- /printJob -->');
    w.offline();
    const offline = await w.navigate('/customers');
    expect(await offline!.text()).toContain('<!-- /printJob -->');
  });

  it("never keeps a customer's page (a shop page or a status link) as the shell", async () => {
    const w = worker();
    await w.navigate('/public/asha-prints');
    await w.navigate('/j/secret-token');
    expect(w.kept()).toEqual([]);
  });

  it('serves a hashed asset from the cache once it has it', async () => {
    const w = worker();
    await w.get('/assets/PrintJobsPage-1a2b.js', 'cors');
    await w.get('/assets/PrintJobsPage-1a2b.js', 'cors');
    expect(w.fetched.filter((p) => p === '/assets/PrintJobsPage-1a2b.js')).toHaveLength(1);
    w.offline();
    expect(await (await w.get('/assets/PrintJobsPage-1a2b.js', 'cors'))!.text()).toContain('PrintJobsPage');
  });

  it('shows a pushed job as "New print job #N" with the customer and file count, one note per job', async () => {
    const w = worker();
    await w.push({ kind: 'job', jobId: 'j1', number: 12, customer: 'Asha', files: 2, url: '/printJob?job=j1' });
    await w.push({ kind: 'job', jobId: 'j2', number: 13, customer: 'Walk-in customer', files: 1, url: '/printJob?job=j2' });
    expect(w.notes.map((n) => [n.title, n.options.body, n.options.tag])).toEqual([
      ['New print job #12', 'Asha · 2 files', 'job-j1'],
      ['New print job #13', 'Walk-in customer · 1 file', 'job-j2'],
    ]);
    await w.push('not json at all');
    expect(w.notes[2]!.title).toBe('New print job');
  });

  it('stays quiet when the queue is on screen, where the job appears by itself', async () => {
    const w = worker({ windows: [{ url: `${ORIGIN}/printJob`, focused: true, visibilityState: 'visible', focus: async () => {} }] });
    await w.push({ kind: 'job', jobId: 'j1', number: 12, customer: 'Asha', files: 2, url: '/printJob?job=j1' });
    expect(w.notes).toEqual([]);
  });

  it("brings an open queue forward on a click, or opens the job's queue, never another site", async () => {
    let focused = 0;
    const queue = { url: `${ORIGIN}/printJob`, focused: false, visibilityState: 'hidden', focus: async () => void focused++ };
    const withQueue = worker({ windows: [{ ...queue, url: `${ORIGIN}/settings` }, queue] });
    await withQueue.click('/printJob?job=j1');
    expect([focused, withQueue.opened]).toEqual([1, []]);
    const without = worker();
    await without.click('/printJob?job=j1');
    for (const elsewhere of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 'http://[bad'])
      await without.click(elsewhere);
    expect(without.opened).toEqual([`${ORIGIN}/printJob?job=j1`, ...Array(4).fill(`${ORIGIN}/printJob`)]);
  });
});
