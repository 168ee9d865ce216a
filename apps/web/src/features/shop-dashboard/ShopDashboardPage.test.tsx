import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOCAL, setActiveShop } from '../../api/storage';
import { jsonResponse, makeToken, stubFetch } from '../../test/helpers';
import { renderPage } from '../../test/render';
import { makeJob } from '../jobs/fixtures';
import { TIPS } from './content';
import ShopDashboardPage from './ShopDashboardPage';
import { todayFigures } from './ShopActivity';

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

describe('/shop-dashboard', () => {
  it("counts today's uploads, sheets printed today and the queue from real jobs", () => {
    expect(todayFigures(jobs, now)).toEqual({ uploadsToday: 3, sheetsPrintedToday: 12, queuedNow: 3 });
  });

  it('shows the figures, the five newest jobs, and real links', async () => {
    localStorage.setItem(LOCAL.token, makeToken());
    setActiveShop('shop-1', 'demo-prints', false);
    const { calls } = stubFetch(() => jsonResponse(200, jobs));
    renderPage(<ShopDashboardPage />);
    const activity = await screen.findByRole('region', { name: 'Recent activity' });
    expect(await within(activity).findByText('Asha')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/shops/shop-1/print-jobs?limit=100');
    expect(within(activity).getAllByRole('listitem')).toHaveLength(5);
    expect(within(activity).queryByText('Oldest')).not.toBeInTheDocument();
    expect(within(activity).getByText('Walk-in customer')).toBeInTheDocument();
    expect(screen.getByText('Uploads today').parentElement).toHaveTextContent('3');
    expect(screen.getByText('Sheets printed').parentElement).toHaveTextContent('12');
    expect(screen.getByText('Total revenue').parentElement).toHaveTextContent('Coming soon');
    expect(screen.getByRole('link', { name: 'Start Printing Now' })).toHaveAttribute('href', '/printJob');
    expect(screen.getByRole('link', { name: 'Watch Demo' })).toHaveAttribute('href', '/public/contact');
    expect(screen.getByRole('link', { name: 'View Earnings' })).toHaveAttribute('href', '/revenue');
    expect(screen.getByRole('link', { name: 'Shop Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByText('₹99.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download QR Code' })).toBeEnabled();
  });

  it('rotates tips every 3 s and on New Tip; the open toggle is local', async () => {
    localStorage.setItem(LOCAL.token, makeToken());
    setActiveShop('shop-1', 'demo-prints', false);
    stubFetch(() => jsonResponse(200, []));
    vi.useFakeTimers();
    renderPage(<ShopDashboardPage />);
    expect(screen.getByText(TIPS[0]!)).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.getByText(TIPS[1]!)).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'New Tip' }).click());
    expect(screen.getByText(TIPS[2]!)).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Shop open' });
    act(() => toggle.click());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Shop closed')).toBeInTheDocument();
  });

  it('links to onboarding when there is no active shop', () => {
    renderPage(<ShopDashboardPage />);
    expect(screen.getByRole('link', { name: 'Create your shop' })).toHaveAttribute('href', '/onboarding/shop');
  });
});
