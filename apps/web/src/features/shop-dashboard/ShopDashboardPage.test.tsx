import { DEFAULT_WEEKLY_HOURS } from '@counterprint/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOCAL, setActiveShop } from '../../api/storage';
import { makeJob } from '../../test/fixtures';
import { jsonResponse, makeToken, stubFetch } from '../../test/helpers';
import { renderPage } from '../../test/render';
import { TIPS } from './content';
import { todayFigures } from './ShopActivity';
import ShopDashboardPage from './ShopDashboardPage';

const now = new Date();
const earlier = (ms: number) => new Date(now.getTime() - ms).toISOString();
const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12).toISOString();

const jobs = [
  makeJob({ id: 'a', number: 6, customerName: 'Asha', createdAt: earlier(60_000) }, [3]),
  makeJob({ id: 'b', number: 5, customerName: 'Ravi', status: 'done', createdAt: earlier(120_000), printedAt: earlier(30_000) }, [10, 2]),
  makeJob({ id: 'c', number: 4, customerName: null, status: 'cancelled', createdAt: earlier(180_000) }, [1]),
  makeJob({ id: 'd', number: 3, customerName: 'Kiran', createdAt: yesterday, status: 'done', printedAt: yesterday }, [50]),
  makeJob({ id: 'e', number: 2, customerName: 'Meena', createdAt: yesterday }, [1]),
  makeJob({ id: 'f', number: 1, customerName: 'Oldest', createdAt: yesterday }, [1]),
];

const hours = (closedToday: boolean) => ({ timeZone: 'Asia/Kolkata', weeklyHours: DEFAULT_WEEKLY_HOURS, closedToday });
const earnings = {
  periodLabel: 'Last 30 days',
  from: '2026-10-26',
  to: '2026-11-24',
  shops: [],
  totals: {
    revenue: 1234.5,
    orders: 7,
    averageOrderValue: 176.36,
    refunds: 0,
    refundCount: 0,
    paymentBreakdown: { cash: 1234.5, upi: 0, card: 0 },
  },
  revenueByDay: [],
  topProducts: [],
  orders: [],
  ordersTruncated: false,
};
/** The page reads its jobs, the earnings report and (for the closed-today switch) the shop's settings, in any order. */
/** A shop whose setup is done: the checklist stays out of these tests' way (SetupChecklist.test.tsx has its own). */
const SETUP_DONE = {
  rateCardConfirmed: true,
  upiId: true,
  printerChosen: true,
  publicAddress: { url: 'https://print.example.in', source: 'configured', reachableFromPhone: true },
};
const byUrl = (list: unknown) => (call: { url: string }) =>
  call.url.startsWith('/api/settings')
    ? jsonResponse(200, { hours: hours(false) })
    : call.url.endsWith('/setup')
      ? jsonResponse(200, SETUP_DONE)
      : jsonResponse(200, call.url.startsWith('/api/earnings') ? earnings : list);

describe('/shop-dashboard', () => {
  it("counts today's uploads, sheets printed today and the queue from real jobs", () => {
    expect(todayFigures(jobs, now)).toEqual({ uploadsToday: 3, sheetsPrintedToday: 12, queuedNow: 3 });
  });

  it('shows the figures, the five newest jobs, and real links', async () => {
    localStorage.setItem(LOCAL.token, makeToken());
    setActiveShop('shop-1', 'demo-prints', false);
    const { calls } = stubFetch(byUrl(jobs), byUrl(jobs), byUrl(jobs), byUrl(jobs));
    renderPage(<ShopDashboardPage />);
    const activity = await screen.findByRole('region', { name: 'Recent activity' });
    expect(await within(activity).findByText('Asha')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/shops/shop-1/print-jobs?limit=100');
    expect(within(activity).getAllByRole('listitem')).toHaveLength(5);
    expect(within(activity).queryByText('Oldest')).not.toBeInTheDocument();
    expect(within(activity).getByText('Walk-in customer')).toBeInTheDocument();
    expect(screen.getByText('Uploads today').parentElement).toHaveTextContent('3');
    expect(screen.getByText('Sheets printed').parentElement).toHaveTextContent('12');
    // The revenue card shows the Earnings report for this shop, not 'Coming soon'.
    const revenue = screen.getByText('Total revenue').parentElement!.parentElement!;
    expect(await within(revenue).findByText('₹1,234.50')).toBeInTheDocument();
    expect(revenue).toHaveTextContent('7 paid orders in the last 30 days');
    expect(revenue).not.toHaveTextContent(/coming soon/i);
    expect(calls.map((c) => c.url)).toContain('/api/earnings?range=30d&shopId=shop-1');
    expect(screen.getByRole('link', { name: 'Start Printing Now' })).toHaveAttribute('href', '/printJob');
    expect(screen.getByRole('link', { name: 'Watch Demo' })).toHaveAttribute('href', '/public/demo');
    expect(screen.getByRole('link', { name: 'View Earnings' })).toHaveAttribute('href', '/revenue');
    expect(screen.getByRole('link', { name: 'Shop Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByText('₹99.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download QR Code' })).toBeEnabled();
  });

  it('rotates tips every 3 s and on New Tip', async () => {
    localStorage.setItem(LOCAL.token, makeToken());
    setActiveShop('shop-1', 'demo-prints', false);
    stubFetch(byUrl([]), byUrl([]), byUrl([]), byUrl([]));
    vi.useFakeTimers();
    renderPage(<ShopDashboardPage />);
    expect(screen.getByText(TIPS[0]!)).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.getByText(TIPS[1]!)).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'New Tip' }).click());
    expect(screen.getByText(TIPS[2]!)).toBeInTheDocument();
  });

  it('switches the shop to closed for today on the server, where the public page reads it (issue 16)', async () => {
    localStorage.setItem(LOCAL.token, makeToken());
    setActiveShop('shop-1', 'demo-prints', false);
    const { calls } = stubFetch(byUrl([]), byUrl([]), byUrl([]), byUrl([]), () => jsonResponse(200, hours(true)));
    const { user } = renderPage(<ShopDashboardPage />);
    const toggle = await screen.findByRole('switch', { name: 'Shop open today' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(screen.getByText('Closed today')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      method: 'PUT',
      url: '/api/settings/closed-today?shopId=shop-1',
      body: { closedToday: true },
    });
  });

  it('links to onboarding when there is no active shop', () => {
    renderPage(<ShopDashboardPage />);
    expect(screen.getByRole('link', { name: 'Create your shop' })).toHaveAttribute('href', '/onboarding/shop');
  });
});
