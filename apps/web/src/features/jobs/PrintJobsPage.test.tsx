import type { TJob } from '@counterprint/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedHandlers, LiveStatus } from '../../api/stomp';
import { LOCAL, setActiveShop } from '../../api/storage';
import { jsonResponse, makeToken } from '../../test/helpers';
import { renderPage } from '../../test/render';
import { makeJob } from './fixtures';
import PrintJobsPage from './PrintJobsPage';

const feed = vi.hoisted(() => ({
  handlers: null as Omit<FeedHandlers, 'onStatus'> | null,
  shopIds: [] as (string | null)[],
  status: 'connected' as LiveStatus,
}));
vi.mock('../../api/stomp', () => ({
  useShopJobsFeed: (shopId: string | null, handlers: Omit<FeedHandlers, 'onStatus'>) => {
    feed.handlers = handlers;
    if (feed.shopIds.at(-1) !== shopId) feed.shopIds.push(shopId);
    return { status: feed.status, everConnected: true };
  },
}));
const alerts = vi.hoisted(() => ({ beeps: 0, notified: [] as string[] }));
vi.mock('./arrivalAlerts', () => ({
  playArrivalBeep: () => void alerts.beeps++,
  notifyArrival: (job: { id: string }) => void alerts.notified.push(job.id),
  notificationsSupported: () => false,
  askNotificationPermission: async () => 'denied',
}));

type Route = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Answers by URL, since the list, links, preview and rate card load side by side. */
function serve(routes: Record<string, Route>) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const key = Object.keys(routes).find((k) => url.startsWith(k));
      if (!key) throw new Error(`Unexpected fetch ${url}`);
      return routes[key]!(url, init);
    }),
  );
  return calls;
}

const queued = makeJob({ id: 'j1', number: 7, customerName: 'Asha', createdAt: new Date(Date.now() - 120_000).toISOString() }, [4, 2]);
const rateCard = [{ id: 'svc-bw', serviceName: 'B&W A4', basePrice: 1.5, unit: 'per_page', category: null, description: null }];

beforeEach(() => {
  localStorage.setItem(LOCAL.token, makeToken());
  setActiveShop('shop-1', 'demo-prints', false);
  feed.status = 'connected';
  feed.shopIds = [];
  alerts.beeps = 0;
  alerts.notified = [];
  let n = 0;
  vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: () => `blob:file-${++n}`, revokeObjectURL: () => {} }));
});

const baseRoutes = (jobs: TJob[]): Record<string, Route> => ({
  '/api/shops/shop-1/print-jobs': () => jsonResponse(200, jobs),
  '/api/shops-action/print-jobs/j1/signed-urls': () => jsonResponse(200, ['/files/a?sig=1', '/files/b?sig=2']),
  '/files/': () => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'Content-Length': '4' } }),
  '/api/public/shops/demo-prints/details': () => jsonResponse(200, { rateCard }),
});

describe('/printJob', () => {
  it('lists the queue, tells the connection truth, and shows a new job without a reload', async () => {
    serve(baseRoutes([queued]));
    feed.status = 'disconnected';
    renderPage(<PrintJobsPage />);
    expect(await screen.findByText('Asha')).toBeInTheDocument();
    expect(screen.getByText('1 job')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Live updates: Disconnected' })).toHaveTextContent('Disconnected');
    expect(screen.getByText('Select a user to view documents')).toBeInTheDocument();
    expect(feed.shopIds).toEqual(['shop-1']);

    const arrival = makeJob({ id: 'j2', number: 8, customerName: 'Ravi', createdAt: new Date().toISOString() }, [120]);
    act(() => feed.handlers!.onMessage({ action: 'created', job: arrival }));
    expect(await screen.findByText('Ravi')).toBeInTheDocument();
    expect(screen.getByText('2 jobs')).toBeInTheDocument();
    expect(screen.getByText('120 sheets')).toHaveClass('bg-orange-100');
    expect(alerts).toEqual({ beeps: 1, notified: ['j2'] });

    // The same job again, or one for an action we do not know, changes nothing and stays quiet.
    act(() => feed.handlers!.onMessage({ action: 'created', job: arrival }));
    act(() => feed.handlers!.onMessage({ action: 'archived', job: makeJob({ id: 'j9' }) }));
    expect(screen.getByText('2 jobs')).toBeInTheDocument();
    expect(alerts.beeps).toBe(1);
  });

  it('marks a job printed with the prefilled amount and payment method, and it leaves the queue', async () => {
    const calls = serve({
      ...baseRoutes([queued]),
      '/api/shops/print-jobs/j1/mark-printed': () =>
        jsonResponse(200, { ...queued, status: 'done', printedAt: new Date().toISOString() }),
    });
    const { user } = renderPage(<PrintJobsPage />);
    await user.click(await screen.findByRole('button', { name: 'View job #7 from Asha' }));
    const viewer = await screen.findByRole('region', { name: 'Job #7' });
    expect(within(viewer).getByText('file-1.pdf')).toBeInTheDocument();
    expect(within(viewer).getByText('1 KB · 4 pages')).toBeInTheDocument();
    expect(await within(viewer).findByTitle('Preview of file-1.pdf')).toHaveAttribute('src', 'blob:file-1');

    await user.click(within(viewer).getByRole('button', { name: 'Mark Printed' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark as Printed?' });
    // ₹1.50 a page from the rate card × 6 sheets.
    await waitFor(() => expect(within(dialog).getByLabelText('Amount (₹)')).toHaveValue('9.00'));
    await user.click(within(dialog).getByRole('button', { name: 'UPI' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const post = calls.find((c) => c.url.endsWith('/mark-printed'));
    expect(post).toMatchObject({ method: 'POST', body: { amount: 9, paymentMethod: 'upi', serviceId: 'svc-bw' } });
    expect(screen.getByText('0 jobs')).toBeInTheDocument();
    expect(screen.getByText('The queue is empty')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Printed today' }));
    expect(screen.getByText('1 job')).toBeInTheDocument();
  });

  it("says 'Failed to mark job as printed.' when the call fails, and keeps the job queued", async () => {
    serve({
      ...baseRoutes([queued]),
      '/api/shops/print-jobs/j1/mark-printed': () => jsonResponse(409, { error: 'Job is already printed', code: 'JOB_NOT_QUEUED' }),
    });
    const { user } = renderPage(<PrintJobsPage />);
    await user.click(await screen.findByRole('button', { name: 'View job #7 from Asha' }));
    await user.click(await screen.findByRole('button', { name: 'Mark Printed' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark as Printed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to mark job as printed. Job is already printed');
    expect(screen.getByText('1 job')).toBeInTheDocument();
  });

  it('follows the shop switcher: a new shop gets its own list and feed', async () => {
    serve({
      ...baseRoutes([queued]),
      '/api/shops/shop-2/print-jobs': () => jsonResponse(200, []),
    });
    renderPage(<PrintJobsPage />);
    await screen.findByText('Asha');
    act(() => setActiveShop('shop-2', 'other-shop'));
    expect(await screen.findByText('The queue is empty')).toBeInTheDocument();
    expect(feed.shopIds).toEqual(['shop-1', 'shop-2']);
  });

  it('loads older jobs a page at a time below the newest 100, and stops when a page comes back short', async () => {
    const at = (i: number) => new Date(Date.UTC(2026, 2, 2, 10, 0, 0) - i * 60_000).toISOString();
    const newest = Array.from({ length: 100 }, (_, i) => makeJob({ id: `n${i}`, number: 500 - i, customerName: `New ${i}`, createdAt: at(i) }));
    const older = [makeJob({ id: 'o1', number: 42, customerName: 'Older Olga', createdAt: at(200) })];
    const calls = serve({
      ...baseRoutes([]),
      '/api/shops/shop-1/print-jobs': (url) => jsonResponse(200, url.includes('before=') ? older : newest),
    });
    renderPage(<PrintJobsPage />);
    expect(await screen.findByText('New 0')).toBeInTheDocument();
    expect(screen.queryByText('Older Olga')).not.toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Load older jobs' }).click());
    expect(await screen.findByText('Older Olga')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('print-jobs?')).at(-1)?.url).toContain('before=n99');
    expect(screen.getByText('101 jobs')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load older jobs' })).not.toBeInTheDocument());
  });

  it('offers no older jobs when the newest page is not full', async () => {
    serve(baseRoutes([queued]));
    renderPage(<PrintJobsPage />);
    expect(await screen.findByText('Asha')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load older jobs' })).not.toBeInTheDocument();
  });

  it('asks for a shop first when there is none', async () => {
    localStorage.removeItem(LOCAL.activeShopId);
    renderPage(<PrintJobsPage />);
    expect(screen.getByRole('link', { name: 'Create your shop' })).toHaveAttribute('href', '/onboarding/shop');
  });
});
