import {
  DEFAULT_WEEKLY_HOURS,
  PRINTER_WARNING_WORDS,
  PUBLIC_ADDRESS_MESSAGES,
  type TSettings,
  UPI_VPA_MESSAGE,
} from '@counterprint/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jobKeys } from '../../api/jobs';
import { LOCAL } from '../../api/storage';
import { ToastProvider } from '../../components/Toast';
import { AuthProvider } from '../../session/auth';
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
    publicEmail: null,
    colorDetection: false,
    upiId: null,
    upiPayeeName: null,
  },
  inventory: [],
  rateCardConfirmed: true,
  rateCard: [
    {
      id: 'r1',
      serviceName: 'B&W A4',
      basePrice: 2,
      unit: 'per_page',
      category: null,
      description: null,
      isActive: true,
      paper: 'A4',
      color: 'bw',
      sides: null,
      extra: false,
    },
  ],
  hours: { timeZone: 'Asia/Kolkata', weeklyHours: DEFAULT_WEEKLY_HOURS, closedToday: false },
});

type Call = { method: string; url: string; body: unknown };
const NO_CHOICE = { bw: null, color: null, markPrintedOnComplete: false };

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
      if (/^GET \/api\/shops\/[^/]+\/printers$/.test(route)) return jsonResponse(200, { devices: [], choice: NO_CHOICE });
      return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
    }),
  );
  return calls;
}

/** The rate card's edit row of service n (1-based). */
const rateRow = (n: number) => screen.getByLabelText(`Service ${n} name`).closest('li')!;

const renderSettings = () =>
  renderPage(
    <ToastProvider>
      <SettingsPage />
    </ToastProvider>,
  );

/** Fills Your account's password form, from `current` to newpass456, and submits it. */
async function changePasswordFrom(current: string) {
  const { user } = renderSettings();
  const account = await screen.findByRole('region', { name: 'Your account' });
  await user.type(await within(account).findByLabelText('Current password'), current);
  await user.type(within(account).getByLabelText('New password'), 'newpass456');
  await user.type(within(account).getByLabelText('Confirm new password'), 'newpass456');
  await user.click(within(account).getByRole('button', { name: 'Change password' }));
}

beforeEach(() => {
  localStorage.setItem(LOCAL.activeShopId, SHOP);
  localStorage.setItem(LOCAL.activeShopSlug, 'demo-prints');
});

describe('shop settings: opening hours (issue 16)', () => {
  it('saves hours per weekday and the time zone; refuses a closing time before the opening time', async () => {
    const calls = serve({
      'PUT /api/settings/hours': (call) => jsonResponse(200, { ...(call.body as object), closedToday: false }),
    });
    const { user } = renderSettings();
    await user.click(await screen.findByRole('checkbox', { name: 'Sunday' }));
    expect(screen.queryByLabelText('Sunday opens')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Friday closes'), { target: { value: '08:00' } });
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Friday: closing time must be after opening time.');
    fireEvent.change(screen.getByLabelText('Friday closes'), { target: { value: '19:00' } });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Europe/London' } });
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText('Opening hours saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT' && c.url.startsWith('/api/settings/hours'));
    expect(put?.url).toBe(`/api/settings/hours?shopId=${SHOP}`);
    expect(put?.body).toEqual({
      timeZone: 'Europe/London',
      weeklyHours: { ...DEFAULT_WEEKLY_HOURS, fri: { open: '09:30', close: '19:00' }, sun: null },
    });
  });

  it('closes the shop for today with the switch, and opens it again', async () => {
    const calls = serve({
      'PUT /api/settings/closed-today': (call) =>
        jsonResponse(200, {
          timeZone: 'Asia/Kolkata',
          weeklyHours: DEFAULT_WEEKLY_HOURS,
          closedToday: (call.body as { closedToday: boolean }).closedToday,
        }),
    });
    const { user } = renderSettings();
    const toggle = await screen.findByRole('switch', { name: 'Shop open today' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(await screen.findByText('Closed for today. Customers see it now.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ closedToday: true }, { closedToday: false }]);
  });
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

  it('says why the first save of a shop without a username failed, and takes the person to the field', async () => {
    const calls = serve({ 'GET /api/settings': () => jsonResponse(200, { ...settings(), shop: { ...settings().shop, username: null } }) });
    const { user } = renderSettings();
    const field = await screen.findByLabelText('Username');
    expect(field).toBeVisible();
    expect(field).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    const form = screen.getByRole('button', { name: 'Save Profile' }).closest('form')!;
    expect(within(form).getByRole('alert')).toHaveTextContent('Failed to save. Please choose a username (3+ chars).');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription('Please choose a username (3+ chars)');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('keeps the reason a save failed beside the button', async () => {
    serve({ 'PUT /api/settings/shop': () => jsonResponse(409, { error: 'That username is already taken', code: 'USERNAME_TAKEN' }) });
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Save Profile' }));
    const form = screen.getByRole('button', { name: 'Save Profile' }).closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent('Failed to save. That username is already taken');
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
    expect(put?.body).toMatchObject({
      shopName: 'Demo Prints 2',
      shopType: 'Wholesale',
      username: 'demo_prints',
      enableOnlinePayments: true,
      colorDetection: false,
      bannersToRemove: [],
    });
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
    const paths = [
      `/api/public/shops/demo-prints/banners/${'b'.repeat(8)}-1111-4222-8333-000000000001`,
      '/api/public/shops/demo-prints/banners/x2',
    ];
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

  it("shows a new shop's 0-sheet paper as 'No stock recorded', and low stock only once stock is set", async () => {
    const item = {
      sku: 'A4-70GSM',
      name: 'A4 paper 70 gsm',
      category: 'paper',
      price: 0,
      unit: 'pcs',
      description: null,
      sheetsPerReam: 500,
      lowStockThreshold: 10,
    };
    serve({
      'GET /api/settings': () =>
        jsonResponse(200, {
          ...settings(),
          inventory: [
            { ...item, stock: 0 },
            { ...item, sku: 'A3', name: 'A3 paper', stock: 4 },
          ],
        }),
    });
    renderSettings();
    const fresh = (await screen.findByText('A4 paper 70 gsm')).parentElement!;
    expect(fresh).toHaveTextContent('No stock recorded');
    expect(fresh).not.toHaveTextContent('Low stock');
    expect(screen.getByText('A3 paper').parentElement).toHaveTextContent('Low stock');
  });

  it('adds an inventory item with a blank threshold as 10', async () => {
    const calls = serve({
      'POST /api/settings/inventory': (call) =>
        jsonResponse(201, { category: 'general', description: null, sheetsPerReam: null, ...(call.body as object) }),
    });
    const { user } = renderSettings();
    const form = await screen.findByRole('form', { name: 'Add inventory item' });
    await user.type(within(form).getByLabelText('SKU *'), 'PEN-1');
    await user.type(within(form).getByLabelText('Name *'), 'Blue pen');
    await user.type(within(form).getByLabelText('Price (₹)'), '10');
    await user.type(within(form).getByLabelText('Stock'), '5');
    await user.click(within(form).getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Inventory item added.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      sku: 'PEN-1',
      price: 10,
      stock: 5,
      lowStockThreshold: 10,
      unit: 'pcs',
    });
    expect(screen.getByLabelText('Stock of Blue pen')).toHaveValue(5);
  });

  it('edits the rate card: Remove only with more than one, blank names dropped, Cancel resets', async () => {
    const calls = serve({
      'PUT /api/settings/ratecard': (call) =>
        jsonResponse(
          200,
          (call.body as object[]).map((s, i) => ({ id: `n${i}`, ...s })),
        ),
    });
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

  it('saves the print attributes of page rates and the add-ons (issue 19)', async () => {
    const calls = serve({
      // As the server answers: '' cleared an attribute, so it comes back null.
      'PUT /api/settings/ratecard': (call) =>
        jsonResponse(
          200,
          (call.body as Record<string, unknown>[]).map((s, i) => ({
            id: `n${i}`,
            ...s,
            paper: s.paper || null,
            color: s.color || null,
            sides: s.sides || null,
          })),
        ),
    });
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Edit Rate Card' }));
    const first = rateRow(1);
    expect(within(first).getByLabelText('Paper')).toHaveValue('A4');
    await user.clear(within(first).getByLabelText('Paper'));
    await user.type(within(first).getByLabelText('Paper'), 'A3');
    await user.selectOptions(within(first).getByLabelText('Colour'), 'Colour');
    await user.selectOptions(within(first).getByLabelText('Sides'), 'Double');

    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    const second = rateRow(2);
    await user.type(within(second).getByLabelText('Service 2 name'), 'Spiral binding');
    await user.selectOptions(within(second).getByLabelText('Unit'), 'per item');
    await user.click(within(second).getByRole('checkbox', { name: /Add-on the customer can choose/ }));
    await user.click(screen.getByRole('button', { name: 'Save Rate Card' }));

    expect(await screen.findByText('Rate card saved.')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>[];
    expect(body[0]).toMatchObject({ id: 'r1', unit: 'per_page', paper: 'A3', color: 'color', sides: 'double', extra: false });
    expect(body[1]).toMatchObject({ serviceName: 'Spiral binding', unit: 'per_item', paper: '', color: '', sides: '', extra: true });
    expect(screen.getByText('A3 · Colour · double-sided')).toBeInTheDocument();
    expect(screen.getByText('Add-on')).toBeInTheDocument();
  });

  it('offers paper, colour and sides for per page, and the add-on choice only for per item and per order', async () => {
    serve();
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Edit Rate Card' }));
    const row = rateRow(1);
    const unit = within(row).getByLabelText('Unit');
    expect(unit).toHaveAccessibleDescription(
      '“Per page” means per printed side, matched by paper + colour + sides. No paper: not a print rate.',
    );
    const shown = () => ({
      paper: within(row).queryByLabelText('Paper') !== null,
      extra: within(row).queryByRole('checkbox', { name: /Add-on/ }) !== null,
    });
    expect(shown()).toEqual({ paper: true, extra: false });
    expect(within(row).getByLabelText('Sides')).toHaveDisplayValue('Either');
    for (const [label, expected] of [
      ['per item', { paper: false, extra: true }],
      ['per order', { paper: false, extra: true }],
      ['per hour', { paper: false, extra: false }],
      ['per sq ft', { paper: false, extra: false }],
      ['per page', { paper: true, extra: false }],
    ] as const) {
      await user.selectOptions(unit, label);
      expect(shown(), label).toEqual(expected);
    }
    // Switching units while editing keeps what the row said.
    expect(within(row).getByLabelText('Paper')).toHaveValue('A4');
  });

  it('says which service has a paper that is no paper size, and does not save', async () => {
    const calls = serve();
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Edit Rate Card' }));
    await user.type(within(rateRow(1)).getByLabelText('Paper'), '!');
    await user.click(screen.getByRole('button', { name: 'Save Rate Card' }));
    expect(screen.getByRole('alert')).toHaveTextContent('B&W A4: paper must be a paper size such as A4');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('turns colour detection on with its switch, by keyboard, and saves it with the profile (issue 19)', async () => {
    const calls = serve({ 'PUT /api/settings/shop': () => jsonResponse(200, { ...settings().shop, colorDetection: true }) });
    const { user, client } = renderSettings();
    // What the queue's option editor read before: it offers Auto colour by it, so the save must refresh it.
    client.setQueryData(jobKeys.rateCard('demo-prints'), { papers: ['A4'], colorDetection: false });
    const toggle = await screen.findByRole('switch', { name: 'Colour detection' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(
      'Customers may choose Auto colour: colour pages are charged at the colour rate, the rest at B&W.',
    );
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Shop profile saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ colorDetection: true });
    expect(screen.getByRole('switch', { name: 'Colour detection' })).toHaveAttribute('aria-checked', 'true');
    expect(client.getQueryState(jobKeys.rateCard('demo-prints'))?.isInvalidated).toBe(true);
  });

  describe('UPI ID (issue 20)', () => {
    const withUpi = () => ({
      ...settings(),
      shop: { ...settings().shop, upiId: 'demoprints@okhdfcbank', upiPayeeName: 'Demo Prints LLP' },
    });
    const saved = (call: Call) => {
      const body = call.body as { upiId: string; upiPayeeName: string };
      return jsonResponse(200, { ...settings().shop, upiId: body.upiId || null, upiPayeeName: body.upiPayeeName || null });
    };

    it('shows the saved UPI ID and payee name, and says what they are for', async () => {
      serve({ 'GET /api/settings': () => jsonResponse(200, withUpi()) });
      renderSettings();
      const group = await screen.findByRole('group', { name: 'UPI payments' });
      expect(within(group).getByLabelText('UPI ID')).toHaveValue('demoprints@okhdfcbank');
      expect(within(group).getByLabelText('Payee name')).toHaveValue('Demo Prints LLP');
      expect(within(group).getByLabelText('Payee name')).toHaveAccessibleDescription(
        "The name customers' UPI apps show. Leave blank to use your shop name.",
      );
      expect(group).toHaveTextContent('no payment gateway and no commission');
      expect(group).toHaveTextContent("A merchant (business) UPI ID is accepted more reliably by customers' UPI apps than a personal one.");
    });

    it('refuses a UPI ID that is no UPI ID, under the field, and sends nothing', async () => {
      const calls = serve();
      const { user } = renderSettings();
      const field = await screen.findByLabelText('UPI ID');
      expect(field).toHaveAttribute('placeholder', 'shopname@okhdfcbank');
      await user.type(field, 'demoprints.okhdfcbank');
      await user.click(screen.getByRole('button', { name: 'Save Profile' }));
      expect(field).toHaveAccessibleDescription(UPI_VPA_MESSAGE);
      await waitFor(() => expect(field).toHaveFocus());
      expect(calls.some((c) => c.method === 'PUT')).toBe(false);
      await user.type(field, 'x');
      expect(field).not.toHaveAccessibleDescription(UPI_VPA_MESSAGE);
    });

    it('saves a UPI ID, with the payee name left to the shop name', async () => {
      const calls = serve({ 'PUT /api/settings/shop': saved });
      const { user } = renderSettings();
      await user.type(await screen.findByLabelText('UPI ID'), ' demoprints@okhdfcbank ');
      expect(screen.getByLabelText('Payee name')).toHaveAttribute('placeholder', 'Demo Prints');
      await user.click(screen.getByRole('button', { name: 'Save Profile' }));
      expect(await screen.findByText('Shop profile saved.')).toBeInTheDocument();
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ upiId: 'demoprints@okhdfcbank', upiPayeeName: '' });
      expect(screen.getByLabelText('UPI ID')).toHaveValue('demoprints@okhdfcbank');
    });

    it('clears the UPI ID and payee name when the fields are emptied', async () => {
      const calls = serve({ 'GET /api/settings': () => jsonResponse(200, withUpi()), 'PUT /api/settings/shop': saved });
      const { user } = renderSettings();
      await user.clear(await screen.findByLabelText('UPI ID'));
      await user.clear(screen.getByLabelText('Payee name'));
      await user.click(screen.getByRole('button', { name: 'Save Profile' }));
      expect(await screen.findByText('Shop profile saved.')).toBeInTheDocument();
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ upiId: '', upiPayeeName: '' });
      expect(screen.getByLabelText('UPI ID')).toHaveValue('');
      expect(screen.getByLabelText('Payee name')).toHaveValue('');
    });

    it("shows the server's refusal of a UPI ID as it wrote it", async () => {
      serve({ 'PUT /api/settings/shop': () => jsonResponse(400, { error: UPI_VPA_MESSAGE, code: 'VALIDATION_ERROR' }) });
      const { user } = renderSettings();
      // One the screen's pattern takes; the server has the last word.
      await user.type(await screen.findByLabelText('UPI ID'), 'demoprints@okhdfcbank');
      await user.click(screen.getByRole('button', { name: 'Save Profile' }));
      const form = screen.getByRole('button', { name: 'Save Profile' }).closest('form')!;
      expect(await within(form).findByRole('alert')).toHaveTextContent(`Failed to save. ${UPI_VPA_MESSAGE}`);
      expect(screen.getByLabelText('UPI ID')).toHaveAccessibleDescription(UPI_VPA_MESSAGE);
    });
  });

  it('says so when the settings cannot load', async () => {
    serve({ 'GET /api/settings': () => jsonResponse(403, { error: 'You do not own this shop', code: 'FORBIDDEN' }) });
    renderSettings();
    await waitFor(() =>
      expect(screen.getAllByText('Failed to load settings').some((el) => el.getAttribute('role') === 'status')).toBe(true),
    );
    expect(screen.getByText('You do not own this shop')).toBeInTheDocument();
  });
});

describe('owner settings', () => {
  it("shows the OWNER's own account instead of a shop", async () => {
    localStorage.setItem(LOCAL.token, makeToken({ roles: ['OWNER'] }));
    serve({
      'GET /api/auth/me': () =>
        jsonResponse(200, {
          id: 'u1',
          name: 'Platform Owner',
          email: 'owner@example.com',
          emailVerified: true,
          roles: ['OWNER'],
          shops: [],
        }),
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

describe('shop owner account', () => {
  const me = { id: 'u2', name: 'Asha Rao', email: 'asha@example.com', emailVerified: true, roles: ['SHOP_OWNER', 'ROLE_USER'], shops: [] };

  it('lets a shop owner change their own name', async () => {
    const calls = serve({
      'GET /api/auth/me': () => jsonResponse(200, me),
      'PUT /api/auth/me': (call) => jsonResponse(200, { ...me, ...(call.body as object) }),
    });
    const { user } = renderSettings();
    const account = await screen.findByRole('region', { name: 'Your account' });
    const name = await within(account).findByLabelText('Name');
    expect(name).toHaveValue('Asha Rao');
    await user.clear(name);
    await user.type(name, 'Asha R.');
    await user.click(within(account).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/auth/me', body: { name: 'Asha R.' } });
  });

  it('lets a shop owner change their password and keeps the new bearer the server answers', async () => {
    localStorage.setItem(LOCAL.token, makeToken({ roles: ['SHOP_OWNER', 'ROLE_USER'] }));
    const renewed = makeToken({ roles: ['SHOP_OWNER', 'ROLE_USER'], sub: 'renewed' });
    const calls = serve({
      'GET /api/auth/me': () => jsonResponse(200, me),
      'PUT /api/auth/me': () => jsonResponse(200, me, { Authorization: `Bearer ${renewed}` }),
    });
    await changePasswordFrom('printme123');
    expect(await screen.findByText('Password changed.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ currentPassword: 'printme123', newPassword: 'newpass456' });
    expect(localStorage.getItem(LOCAL.token)).toBe(renewed);
  });

  it('says so when the current password is wrong', async () => {
    serve({
      'GET /api/auth/me': () => jsonResponse(200, me),
      'PUT /api/auth/me': () => jsonResponse(400, { error: 'Current password is incorrect', code: 'BAD_CURRENT_PASSWORD' }),
    });
    await changePasswordFrom('wrong-one1');
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
  });
});

describe("shop settings: the shop's link (issue 33)", () => {
  it('shows the link at the address a phone reaches, and says which address it is', async () => {
    const lan = { url: 'http://192.168.1.20:8080', source: 'lan', reachableFromPhone: true };
    serve({ 'GET /api/public-address': () => jsonResponse(200, lan) });
    renderSettings();
    const panel = await screen.findByRole('region', { name: 'Shop link' });
    expect(await within(panel).findByRole('link', { name: 'http://192.168.1.20:8080/public/demo-prints' })).toHaveAttribute(
      'href',
      'http://192.168.1.20:8080/public/demo-prints',
    );
    expect(within(panel).getByText(PUBLIC_ADDRESS_MESSAGES.lan(lan.url))).toBeInTheDocument();
  });

  it('warns when the link is one a phone cannot open', async () => {
    serve({
      'GET /api/public-address': () => jsonResponse(200, { url: 'http://localhost:8080', source: 'loopback', reachableFromPhone: false }),
    });
    renderSettings();
    const panel = await screen.findByRole('region', { name: 'Shop link' });
    expect(await within(panel).findByRole('status')).toHaveTextContent(PUBLIC_ADDRESS_MESSAGES.unreachable('http://localhost:8080'));
    expect(within(panel).getByTestId('public-link')).toHaveTextContent('http://localhost:8080/public/demo-prints');
  });
});

describe('shop settings: printers (issue 22)', () => {
  const printer = (uri: string, name: string, color: boolean, over: object = {}) => ({
    uri,
    name,
    makeAndModel: null,
    state: 'idle',
    reasons: [],
    stateMessage: null,
    acceptingJobs: true,
    color,
    duplex: true,
    paper: ['A4'],
    pageRanges: true,
    pdf: true,
    ...over,
  });
  const agent = {
    id: 'dev-1',
    name: 'Counter PC',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastSeenAt: '2026-11-25T08:00:00.000Z',
    connected: true,
    printers: [
      printer('ipp://10.0.0.5/ipp/print', 'Laser', false),
      printer('ipp://10.0.0.6/ipp/print', 'Inkjet', true, { state: 'stopped', reasons: ['media-empty-error'] }),
    ],
  };

  it('pairs an agent with the command lines to run, shows its printers and their state, and saves the B&W and colour printers', async () => {
    const calls = serve({
      [`GET /api/shops/${SHOP}/printers`]: () => jsonResponse(200, { devices: [agent], choice: NO_CHOICE }),
      [`POST /api/shops/${SHOP}/devices/pairing-codes`]: () =>
        jsonResponse(201, { code: 'K7M2-Q9XD', expiresAt: '2026-11-25T08:10:00.000Z' }),
      [`PUT /api/shops/${SHOP}/printers/choice`]: (call) => jsonResponse(200, { devices: [agent], choice: call.body }),
    });
    const { user } = renderSettings();
    const panel = await screen.findByRole('region', { name: 'Printers' });
    expect(await within(panel).findByText('Laser')).toBeInTheDocument();
    expect(within(panel).getByText('Stopped: out of paper')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Pair a print agent' }));
    expect(await within(panel).findByText('K7M2-Q9XD')).toBeInTheDocument();
    expect(within(panel).getByText(/npx counterprint-agent pair K7M2-Q9XD --server http:\/\/localhost/)).toBeInTheDocument();

    // Only colour printers are offered for colour files.
    const colour = within(panel).getByLabelText('Colour files print on');
    expect(
      within(colour)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No colour printer', 'Inkjet (Counter PC)']);
    await user.selectOptions(within(panel).getByLabelText('Black & white files print on'), 'Laser (Counter PC)');
    await user.selectOptions(colour, 'Inkjet (Counter PC)');
    await user.click(within(panel).getByLabelText(/Mark a job printed when the printer completes/));
    await user.click(within(panel).getByRole('button', { name: 'Save printers' }));
    expect(await within(panel).findByText('Saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      bw: { deviceId: 'dev-1', uri: 'ipp://10.0.0.5/ipp/print' },
      color: { deviceId: 'dev-1', uri: 'ipp://10.0.0.6/ipp/print' },
      markPrintedOnComplete: true,
    });
  });

  const download = (over: object = {}) => ({
    windows: {
      available: true,
      url: '/api/public/agent/windows',
      fileName: 'counterprint-agent-windows.zip',
      bytes: 31_400_000,
      builtAt: '2026-11-28T10:00:00.000Z',
      howToBuild:
        'The Windows agent is not built on this server yet. Whoever runs the server builds it with: npm run package:windows -w apps/agent (see docs/agent-windows.md).',
      ...over,
    },
  });

  it("offers the Windows download from the server's build, and the pairing commands for Windows, macOS and Linux", async () => {
    serve({
      'GET /api/public/agent': () => jsonResponse(200, download()),
      [`POST /api/shops/${SHOP}/devices/pairing-codes`]: () =>
        jsonResponse(201, { code: 'K7M2-Q9XD', expiresAt: '2026-11-25T08:10:00.000Z' }),
    });
    const { user } = renderSettings();
    const panel = await screen.findByRole('region', { name: 'Printers' });
    const link = await within(panel).findByRole('link', { name: 'Download for Windows' });
    expect(link).toHaveAttribute('href', '/api/public/agent/windows');
    expect(link).toHaveAttribute('download', 'counterprint-agent-windows.zip');
    expect(within(panel).getByText(/zip, 31 MB/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Pair a print agent' }));
    const windows = (await within(panel).findByText(/^Windows: /)).parentElement!;
    expect(within(windows).getByText(/^counterprint-agent pair K7M2-Q9XD --server http:\/\/localhost/).textContent).toBe(
      'counterprint-agent pair K7M2-Q9XD --server http://localhost:3000\ncounterprint-agent install --discover',
    );
    const unix = within(panel).getByText(/^macOS and Linux: /).parentElement!;
    expect(within(unix).getByText(/^npx counterprint-agent pair K7M2-Q9XD/)).toBeInTheDocument();
  });

  it('says how the server builds the Windows download while there is none', async () => {
    serve({ 'GET /api/public/agent': () => jsonResponse(200, download({ available: false, bytes: null, builtAt: null })) });
    renderSettings();
    const panel = await screen.findByRole('region', { name: 'Printers' });
    expect(
      await within(panel).findByText(/No Windows download yet\. Whoever runs the server builds it with: npm run package:windows/),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Download for Windows' })).toBeNull();
  });

  it('warns when the rate card sells two-sided printing or a paper no chosen printer can print', async () => {
    const warnings = [
      { need: 'duplex', paper: null, message: PRINTER_WARNING_WORDS.duplex },
      { need: 'paper', paper: 'A3', message: PRINTER_WARNING_WORDS.paper('A3') },
    ];
    serve({ [`GET /api/shops/${SHOP}/printers`]: () => jsonResponse(200, { devices: [agent], choice: NO_CHOICE, warnings }) });
    renderSettings();
    const panel = await screen.findByRole('region', { name: 'Printers' });
    const list = await within(panel).findByRole('list', { name: 'What your printers cannot print' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([PRINTER_WARNING_WORDS.duplex, PRINTER_WARNING_WORDS.paper('A3')]);
  });
});
