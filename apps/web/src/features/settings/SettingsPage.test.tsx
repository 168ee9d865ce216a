import type { TSettings } from '@counterprint/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL } from '../../api/storage';
import { AuthProvider } from '../../app/auth';
import { ToastProvider } from '../../components/Toast';
import { jsonResponse, makeToken } from '../../test/helpers';
import { renderPage } from '../../test/render';
import SettingsPage from './SettingsPage';

const SHOP = '5a0e8a4e-1111-4222-8333-444455556666';

const settings = (): TSettings => ({
  shop: {
    id: SHOP,
    slug: 'demo-prints',
    shopName: 'Demo Prints',
    ownerName: null,
    shopAddress: '1 Main Rd',
    shopContactNumber: null,
    shopContactNumberAlternate: null,
    gstNumber: null,
    shopType: null,
    username: 'demo_prints',
    integrations: ['online_payments'],
    bannerGcsPaths: [],
    tagline: null,
    category: 'Printing',
    primaryColor: '#06b6d4',
    pan: null,
    hours: '9:30 AM – 8:00 PM',
    whatsapp: null,
    ownerEmail: 'asha@example.com',
  },
  inventory: [],
  rateCard: [{ id: 'r1', serviceName: 'B&W A4', basePrice: 2, unit: 'per_page', category: null, description: null, isActive: true }],
});

type Call = { method: string; url: string; body: unknown };

/** Answers by method and path; `answers` overrides a route for one test. */
function serve(answers: Record<string, (call: Call) => Response> = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const call = { method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body };
      calls.push(call);
      const route = `${method} ${url.split('?')[0]}`;
      if (answers[route]) return answers[route](call);
      if (route === 'GET /api/settings') return jsonResponse(200, settings());
      return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
    }),
  );
  return calls;
}

const renderSettings = () =>
  renderPage(
    <ToastProvider>
      <SettingsPage />
    </ToastProvider>,
  );

beforeEach(() => {
  localStorage.setItem(LOCAL.activeShopId, SHOP);
  localStorage.setItem(LOCAL.activeShopSlug, 'demo-prints');
});

describe('shop settings', () => {
  it('refuses to save a short shop name or username, with the spec messages', async () => {
    const calls = serve();
    const { user } = renderSettings();
    const name = await screen.findByLabelText('Shop name');
    await user.clear(name);
    await user.type(name, ' A ');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(screen.getByLabelText('Shop name')).toHaveAccessibleDescription('Shop name is required');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Please choose a username (3+ chars)');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the profile and says so', async () => {
    const calls = serve({ 'PUT /api/settings/shop': () => jsonResponse(200, { ...settings().shop, shopName: 'Demo Prints 2' }) });
    const { user } = renderSettings();
    await user.type(await screen.findByLabelText('Shop name'), ' 2');
    await user.selectOptions(screen.getByLabelText('Shop type'), 'Wholesale');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Shop profile saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe(`/api/settings/shop?shopId=${SHOP}`);
    expect(put?.body).toMatchObject({ shopName: 'Demo Prints 2', shopType: 'Wholesale', username: 'demo_prints', enableOnlinePayments: true, bannersToRemove: [] });
  });

  it('shows the server error when a save fails', async () => {
    serve({ 'PUT /api/settings/shop': () => jsonResponse(409, { error: 'That username is already taken', code: 'USERNAME_TAKEN' }) });
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('That username is already taken')).toBeInTheDocument();
  });

  it('checks the username 450 ms after typing, and only for 3+ characters', async () => {
    vi.useFakeTimers();
    const calls = serve({ 'GET /api/settings/username-check': () => jsonResponse(200, { available: false }) });
    renderSettings();
    await act(() => vi.advanceTimersByTimeAsync(20));
    const checks = () => calls.filter((c) => c.url.startsWith('/api/settings/username-check'));
    const username = screen.getByLabelText('Username');

    fireEvent.change(username, { target: { value: 'ab' } });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(checks()).toHaveLength(0);

    fireEvent.change(username, { target: { value: 'abc' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(username, { target: { value: 'abcd' } });
    await act(() => vi.advanceTimersByTimeAsync(449));
    expect(checks()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(checks()).toHaveLength(1);
    expect(checks()[0]!.url).toBe(`/api/settings/username-check?username=abcd&shopId=${SHOP}`);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('Taken')).toBeInTheDocument();
  });

  it('clears the username state silently when the check fails', async () => {
    vi.useFakeTimers();
    serve({ 'GET /api/settings/username-check': () => jsonResponse(500, { error: 'boom', code: 'X' }) });
    renderSettings();
    await act(() => vi.advanceTimersByTimeAsync(20));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'newname' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByText(/Checking|Available|Taken|boom/)).not.toBeInTheDocument();
  });

  it('marks banners To be removed, unmarks them, and removes the selected ones', async () => {
    const paths = [`/api/public/shops/demo-prints/banners/${'b'.repeat(8)}-1111-4222-8333-000000000001`, '/api/public/shops/demo-prints/banners/x2'];
    const withBanners = { ...settings(), shop: { ...settings().shop, bannerGcsPaths: paths } };
    const calls = serve({
      'GET /api/settings': () => jsonResponse(200, withBanners),
      'DELETE /api/settings/banners': () => jsonResponse(200, { ...withBanners.shop, bannerGcsPaths: [paths[1]] }),
    });
    const { user } = renderSettings();
    const removeSelected = await screen.findByRole('button', { name: /Remove Selected/ });
    expect(removeSelected).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Mark for removal banner 1' }));
    expect(screen.getByText('To be removed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unmark banner 1' }));
    expect(screen.queryByText('To be removed')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark for removal banner 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove Selected (1)' }));
    expect(await screen.findByText('Banners removed successfully.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ bannerGcsPaths: [paths[0]] });
    expect(screen.getAllByRole('img', { name: /^Banner/ })).toHaveLength(1);
  });

  it('adds an inventory item with a blank threshold as 10', async () => {
    const calls = serve({
      'POST /api/settings/inventory': (call) => jsonResponse(201, { category: 'general', description: null, sheetsPerReam: null, ...(call.body as object) }),
    });
    const { user } = renderSettings();
    const form = await screen.findByRole('form', { name: 'Add inventory item' });
    await user.type(within(form).getByLabelText('SKU *'), 'PEN-1');
    await user.type(within(form).getByLabelText('Name *'), 'Blue pen');
    await user.type(within(form).getByLabelText('Price (₹)'), '10');
    await user.type(within(form).getByLabelText('Stock'), '5');
    await user.click(within(form).getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Inventory item added.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ sku: 'PEN-1', price: 10, stock: 5, lowStockThreshold: 10, unit: 'pcs' });
    expect(screen.getByLabelText('Stock of Blue pen')).toHaveValue(5);
  });

  it('edits the rate card: Remove only with more than one, blank names dropped, Cancel resets', async () => {
    const calls = serve({ 'PUT /api/settings/ratecard': (call) => jsonResponse(200, (call.body as object[]).map((s, i) => ({ id: `n${i}`, ...s }))) });
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Edit Rate Card' }));
    expect(screen.queryByRole('button', { name: /Remove service/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(screen.getAllByRole('button', { name: /Remove service/ })).toHaveLength(2);

    await user.clear(screen.getByLabelText('Service 1 name'));
    await user.click(screen.getByRole('button', { name: 'Save Rate Card' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please add at least one service before saving.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('B&W A4')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Rate Card' }));
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    await user.type(screen.getByLabelText('Service 2 name'), 'Spiral binding');
    await user.click(screen.getByRole('button', { name: 'Save Rate Card' }));
    expect(await screen.findByText('Rate card saved.')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'PUT')?.body as { serviceName: string; isActive: boolean }[];
    expect(body.map((s) => s.serviceName)).toEqual(['B&W A4', 'Spiral binding']);
    expect(body.every((s) => s.isActive)).toBe(true);
    expect(screen.getByText('Spiral binding')).toBeInTheDocument();
  });

  it('says so when the settings cannot load', async () => {
    serve({ 'GET /api/settings': () => jsonResponse(403, { error: 'You do not own this shop', code: 'FORBIDDEN' }) });
    renderSettings();
    await waitFor(() => expect(screen.getAllByText('Failed to load settings').some((el) => el.getAttribute('role') === 'status')).toBe(true));
    expect(screen.getByText('You do not own this shop')).toBeInTheDocument();
  });
});

describe('owner settings', () => {
  it("shows the OWNER's own account instead of a shop", async () => {
    localStorage.setItem(LOCAL.token, makeToken({ roles: ['OWNER'] }));
    serve({
      'GET /api/auth/me': () =>
        jsonResponse(200, { id: 'u1', name: 'Platform Owner', email: 'owner@example.com', emailVerified: true, roles: ['OWNER'], shops: [] }),
    });
    renderPage(
      <AuthProvider>
        <SettingsPage />
      </AuthProvider>,
    );
    expect(await screen.findByLabelText('Name')).toHaveValue('Platform Owner');
    expect(screen.getByLabelText('Email')).toHaveValue('owner@example.com');
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
    expect(screen.queryByText('Shop Profile')).not.toBeInTheDocument();
  });
});
