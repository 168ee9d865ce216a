import type { TAnalytics, TPaperInventoryItem } from '@counterprint/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL } from '../../api/storage';
import { AuthProvider, useAuth } from '../../session/auth';
import { jsonResponse, makeToken, stubFetch } from '../../test/helpers';
import { renderPage } from '../../test/render';
import AnalyticsPage from './AnalyticsPage';
import { isLowStock } from './restock';

const paper = (extra: Partial<TPaperInventoryItem> = {}): TPaperInventoryItem => ({
  sku: 'A4-70GSM',
  name: 'A4 paper 70 gsm',
  reams: 2,
  sheetsPerReam: 500,
  totalSheets: 1200,
  usedSheets: 200,
  remainingSheets: 1000,
  usagePct: 16.7,
  lastUsedDate: '2025-01-30',
  lowStock: false,
  lowStockThreshold: 10,
  shopId: 'shop-1',
  ...extra,
});

const report = (extra: Partial<TAnalytics> = {}): TAnalytics => ({
  periodLabel: 'Last 30 days',
  from: '2025-01-01',
  to: '2025-01-30',
  scope: 'shops',
  summaryCards: [{ key: 'jobs', title: 'Jobs printed', value: 12, sub: 'in the period' }],
  paperInventory: [paper(), paper({ sku: 'A3', name: 'A3 paper', remainingSheets: 50, totalSheets: 600 })],
  usage: { totalUsed: 0, series: [], avgDaily: 0, projectedMonth: 0 },
  recentJobs: { items: [], page: 1, totalPages: 1, total: 0 },
  traffic: { series: [], total: 0, avg: 0, walkinPct: 0, onlinePct: 0 },
  shops: [{ id: 'shop-1', name: 'Demo Prints' }],
  ...extra,
});

// The charts load lazily; loading recharts once up front keeps each test inside its time limits.
beforeAll(() => import('./Charts'), 20_000);

beforeEach(() => {
  localStorage.setItem(LOCAL.activeShopId, 'shop-1');
});

describe('low stock', () => {
  it('is flagged by the server or at most 10% remaining', () => {
    expect(isLowStock(paper())).toBe(false);
    expect(isLowStock(paper({ lowStock: true }))).toBe(true);
    expect(isLowStock(paper({ remainingSheets: 120, totalSheets: 1200 }))).toBe(true);
    expect(isLowStock(paper({ remainingSheets: 121, totalSheets: 1200 }))).toBe(false);
  });

  it("a new shop's paper (nothing left, nothing used) is 'No stock recorded', not low stock", async () => {
    const fresh = paper({
      sku: 'A4-70GSM',
      name: 'A4 paper 70 gsm',
      remainingSheets: 0,
      usedSheets: 0,
      totalSheets: 0,
      usagePct: 0,
      reams: 0,
      lowStock: true,
    });
    expect(isLowStock(fresh)).toBe(false);
    stubFetch(() => jsonResponse(200, report({ paperInventory: [fresh] })));
    renderPage(<AnalyticsPage />);
    expect(await screen.findByText('No stock recorded')).toBeInTheDocument();
    expect(screen.queryByText('Low stock')).not.toBeInTheDocument();
  });
});

/** The app renders routes only once the session is checked (App's AuthGate); so does this test. */
function AfterAuthCheck() {
  return useAuth().checked ? <AnalyticsPage /> : null;
}

describe('AnalyticsPage', () => {
  it("shows the empty states: 'No data' charts and 'No recent jobs found'", async () => {
    const { calls } = stubFetch(() => jsonResponse(200, report()));
    renderPage(<AnalyticsPage />);
    expect(await screen.findByText('Jobs printed')).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/analytics?range=30d&page=1&pageSize=8&shopId=shop-1');
    expect(await screen.findAllByText('No data')).toHaveLength(2);
    expect(screen.getByText('No recent jobs found')).toBeInTheDocument();
    expect(screen.getByText('Items below 10%: 1')).toBeInTheDocument();
    expect(screen.getByText('Materials & Services Analytics')).toBeInTheDocument();
  });

  it('checks the restock form: item, then a positive whole quantity', async () => {
    stubFetch(() => jsonResponse(200, report()));
    const { user } = renderPage(<AnalyticsPage />);
    const restock = await screen.findByRole('button', { name: 'Restock' });
    await user.click(restock);
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an inventory item.');
    await user.selectOptions(screen.getByLabelText('Inventory item'), 'A3 paper');
    await user.click(restock);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid quantity (positive number).');
    for (const bad of ['0', '-5', '2.5']) {
      await user.clear(screen.getByLabelText('Sheets to add'));
      await user.type(screen.getByLabelText('Sheets to add'), bad);
      await user.click(restock);
      expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid quantity (positive number).');
    }
    expect(screen.getByLabelText('Sheets to add')).toHaveAttribute('min', '1');
  });

  it("says 'Restocking...' while it runs and merges the returned item by sku", async () => {
    let answer: (r: Response) => void = () => {};
    const { calls } = stubFetch(
      () => jsonResponse(200, report()),
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const { user } = renderPage(<AnalyticsPage />);
    await user.click(await screen.findByRole('button', { name: 'Restock A3 paper' }));
    await user.type(screen.getByLabelText('Sheets to add'), '500');
    await user.click(screen.getByRole('button', { name: 'Restock' }));
    expect(screen.getByRole('button', { name: 'Restocking...' })).toBeDisabled();
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/api/analytics/restock?shopId=shop-1&sku=A3&addSheets=500' });
    answer(jsonResponse(200, paper({ sku: 'A3', name: 'A3 paper', remainingSheets: 550, totalSheets: 1100 })));
    expect(await screen.findByText('Added 500 sheets to A3 paper.')).toBeInTheDocument();
    expect(screen.getByText('550 of 1,100 sheets left · 200 used')).toBeInTheDocument();
    expect(screen.getByText('Items below 10%: 0')).toBeInTheDocument();
  });

  it("shows 'Failed to restock — try again.' when the call fails", async () => {
    stubFetch(
      () => jsonResponse(200, report()),
      () => jsonResponse(500, { error: 'Database down', code: 'INTERNAL' }),
    );
    const { user } = renderPage(<AnalyticsPage />);
    await user.click(await screen.findByRole('button', { name: 'Restock A3 paper' }));
    await user.type(screen.getByLabelText('Sheets to add'), '10');
    await user.click(screen.getByRole('button', { name: 'Restock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to restock — try again.');
  });

  it('pages recent jobs on the server with Page X of Y', async () => {
    const job = (n: number) => ({
      id: `j${n}`,
      number: n,
      shopId: 'shop-1',
      customerName: 'Asha',
      createdAt: '2025-01-02T10:00:00Z',
      status: 'done' as const,
      sheets: 3,
      paper: 'A4',
    });
    const { calls } = stubFetch(
      () => jsonResponse(200, report({ recentJobs: { items: [job(9)], page: 1, totalPages: 2, total: 9 } })),
      () => jsonResponse(200, report({ recentJobs: { items: [job(1)], page: 2, totalPages: 2, total: 9 } })),
    );
    const { user } = renderPage(<AnalyticsPage />);
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(calls[1]!.url).toContain('page=2&pageSize=8');
    expect(within(screen.getByRole('table')).getByText('#1')).toBeInTheDocument();
  });

  it('gives an OWNER platform-wide figures without restock or the overlay', async () => {
    localStorage.setItem(LOCAL.token, makeToken({ roles: ['OWNER'] }));
    const { calls } = stubFetch(() => jsonResponse(200, report({ scope: 'platform' })));
    renderPage(
      <AuthProvider>
        <AfterAuthCheck />
      </AuthProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Global Analytics' })).toBeInTheDocument();
    await waitFor(() => expect(calls[0]?.url).toBe('/api/analytics?range=30d&page=1&pageSize=8&scope=platform'));
    expect(screen.queryByRole('button', { name: /^Restock/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Feature coming soon/)).not.toBeInTheDocument();
  });

  it('shows an error, not sample data, when the report fails', async () => {
    stubFetch(() => jsonResponse(500, { error: 'Database down', code: 'INTERNAL' }));
    renderPage(<AnalyticsPage />);
    expect(await screen.findByText('Could not load analytics')).toBeInTheDocument();
    expect(screen.queryByText('Jobs printed')).not.toBeInTheDocument();
  });
});
