import type { TCustomer } from '@counterprint/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL } from '../../api/storage';
import { ToastProvider } from '../../components/Toast';
import { jsonResponse, stubFetch } from '../../test/helpers';
import { renderPage } from '../../test/render';
import CustomersPage from './CustomersPage';

const customer = (n: number, extra: Partial<TCustomer> = {}): TCustomer => ({
  id: `id-${String(n).padStart(2, '0')}`,
  shopId: 'shop-1',
  name: `Customer ${String(n).padStart(2, '0')}`,
  email: `c${n}@example.com`,
  phone: null,
  address: null,
  tags: [],
  updatedAt: 1_700_000_000_000 + n,
  ...extra,
});

const titles = () => screen.getAllByRole('button', { name: /^View / }).map((b) => b.getAttribute('aria-label')!.replace('View ', ''));

function render() {
  return renderPage(
    <ToastProvider>
      <CustomersPage />
    </ToastProvider>,
  );
}

beforeEach(() => {
  localStorage.setItem(LOCAL.activeShopId, 'shop-1');
});

describe('CustomersPage', () => {
  it('shows 9 cards a page, newest first, and pages with Prev/Next', async () => {
    const { calls } = stubFetch(() =>
      jsonResponse(
        200,
        Array.from({ length: 20 }, (_, i) => customer(i + 1)),
      ),
    );
    const { user } = render();
    await screen.findByText('Showing 20 customers');
    expect(calls[0]!.url).toBe('/api/customers?shopId=shop-1&limit=5000');
    expect(titles()).toHaveLength(9);
    expect(titles()[0]).toBe('Customer 20');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(titles()).toEqual(['Customer 02', 'Customer 01']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('searches name, email or id ignoring case, and sorts A→Z and Z→A', async () => {
    stubFetch(() =>
      jsonResponse(200, [
        customer(1, { name: 'bharat', email: 'B@SHOP.in' }),
        customer(2, { name: 'Asha', email: null }),
        customer(3, { name: 'chitra', id: 'XYZ-999' }),
      ]),
    );
    const { user } = render();
    await screen.findByText('Showing 3 customers');
    const search = screen.getByRole('searchbox', { name: 'Search by name, email, phone or id...' });
    await user.type(search, 'b@shop');
    expect(titles()).toEqual(['bharat']);
    await user.clear(search);
    await user.type(search, 'xyz');
    expect(titles()).toEqual(['chitra']);
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText('No customers found. Try changing the filter or add a new customer.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 customers')).toBeInTheDocument();
    await user.clear(search);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort customers' }), 'A→Z');
    expect(titles()).toEqual(['Asha', 'bharat', 'chitra']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort customers' }), 'Z→A');
    expect(titles()).toEqual(['chitra', 'bharat', 'Asha']);
  });

  it('finds a customer by phone digits, ignoring the spaces and sign the phone was typed with', async () => {
    stubFetch(() =>
      jsonResponse(200, [customer(1, { name: 'Asha', phone: '+91 98765 43210' }), customer(2, { name: 'Bharat', phone: '99999 11111' })]),
    );
    const { user } = render();
    await screen.findByText('Showing 2 customers');
    const search = screen.getByRole('searchbox', { name: 'Search by name, email, phone or id...' });
    await user.type(search, '98765');
    expect(titles()).toEqual(['Asha']);
    await user.clear(search);
    await user.type(search, '8765 4321');
    expect(titles()).toEqual(['Asha']);
    await user.clear(search);
    await user.type(search, '+91 98');
    expect(titles()).toEqual(['Asha']);
  });

  it('shows at most 2 tags a card and counts the rest', async () => {
    stubFetch(() => jsonResponse(200, [customer(1, { tags: ['vip', 'college', 'bulk', 'late'] })]));
    render();
    const tags = await screen.findByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['vip', 'college', '+2']);
  });

  it('removes a deleted customer at once and puts it back when the call fails', async () => {
    let fail: () => void = () => {};
    const { calls } = stubFetch(
      () => jsonResponse(200, [customer(1), customer(2), customer(3)]),
      () =>
        jsonResponse(200, {
          ...customer(2),
          jobs: [{ id: 'j1', number: 7, status: 'done', createdAt: '2025-01-01T10:00:00Z', fileCount: 2 }],
        }),
      () => new Promise<Response>((resolve) => (fail = () => resolve(jsonResponse(500, { error: 'Database down', code: 'INTERNAL' })))),
    );
    const { user } = render();
    await screen.findByText('Showing 3 customers');
    expect(titles()).toEqual(['Customer 03', 'Customer 02', 'Customer 01']);
    await user.click(screen.getByRole('button', { name: 'View Customer 02' }));
    expect(await screen.findByText('#7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('Delete this customer? This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'View Customer 02' })).not.toBeInTheDocument());
    expect(screen.getByText('Deleting...')).toBeInTheDocument();
    fail();
    expect(await screen.findByText('Delete failed')).toBeInTheDocument();
    expect(titles()).toEqual(['Customer 03', 'Customer 02', 'Customer 01']);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE /api/customers/id-02');
  });

  it('prepends a saved new customer, sending tags trimmed with empties dropped', async () => {
    const created = customer(9, { name: 'New One', tags: ['a', 'b'] });
    const { calls } = stubFetch(
      () => jsonResponse(200, [customer(1)]),
      () => jsonResponse(201, created),
    );
    const { user } = render();
    await screen.findByText('Showing 1 customer');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'New One');
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), ' a, ,b ,');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls[1]!.method).toBe('POST');
    expect(calls[1]!.body).toMatchObject({ name: 'New One', tags: ['a', 'b'] });
    expect(titles()).toEqual(['New One', 'Customer 01']);
  });

  it('says so when the list cannot load', async () => {
    stubFetch(() => jsonResponse(503, { error: 'Service unavailable', code: 'UNAVAILABLE' }));
    render();
    await waitFor(() => expect(screen.getAllByText('Failed to load customers').length).toBeGreaterThan(0));
  });
});
