import type { TPublicShopDetails } from '@counterprint/contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/helpers';
import { renderPage } from '../../test/render';
import ShopNotFoundPage from './ShopNotFoundPage';
import ShopPublicPage from './ShopPublicPage';

const SHOP: TPublicShopDetails = {
  id: 'shop-1',
  slug: 'print-hub',
  shopName: 'Print Hub',
  category: 'Printing',
  bannerUrls: [],
  address: '12 MG Road, Bengaluru',
  tagline: 'Fast prints, fair prices',
  ownerName: 'Asha Rao',
  contact: '98765 43210',
  ownerEmail: 'asha@printhub.in',
  whatsapp: '98765 43210',
  hours: '9:30 AM – 8:00 PM',
  primaryColor: '#7c3aed',
  isOpen: true,
  rateCard: [],
};

const render = (url = '/public/print-hub') => renderPage(<ShopPublicPage />, { url, path: '/public/:slug' });

describe('public shop page', () => {
  it('shows the shop, its contact links and a Directions link to a maps search', async () => {
    const { calls } = stubFetch(
      () => jsonResponse(200, SHOP),
      () => jsonResponse(201, { ok: true }),
    );
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Print Hub' })).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/public/shops/print-hub/details');
    expect(screen.getByText('Open now')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Directions' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=12%20MG%20Road%2C%20Bengaluru',
    );
    expect(screen.getByRole('link', { name: 'Directions' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: '98765 43210' })).toHaveAttribute('href', 'tel:9876543210');
    expect(screen.getByRole('link', { name: 'Message on WhatsApp' })).toHaveAttribute('href', 'https://wa.me/919876543210');
    expect(screen.getByRole('link', { name: 'asha@printhub.in' })).toHaveAttribute('href', 'mailto:asha@printhub.in');
    expect(screen.getByText(/deleted within 1 hour of/)).toBeInTheDocument();
    // The shop's colour becomes the page's accent.
    expect(document.documentElement.style.getPropertyValue('--color-brand-500')).toBe('#7c3aed');
  });

  it('shows the spec default rates when the shop has no rate card', async () => {
    stubFetch(
      () => jsonResponse(200, SHOP),
      () => jsonResponse(201, { ok: true }),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Print Rates' }));
    const dialog = screen.getByRole('dialog', { name: 'Print Rates' });
    const rows = within(dialog).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual(['Black & white A4₹2per page', 'Colour A4₹10per page', 'Photo 4x6₹25per photo']);
    expect(within(dialog).getByText(/Typical prices/)).toBeInTheDocument();
  });

  it("shows the shop's own rate card when it has one", async () => {
    const rateCard = [{ id: 'r1', serviceName: 'Spiral binding', basePrice: 40.5, unit: 'per_item' as const, category: null, description: 'Up to 100 sheets' }];
    stubFetch(
      () => jsonResponse(200, { ...SHOP, rateCard }),
      () => jsonResponse(201, { ok: true }),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Print Rates' }));
    const dialog = screen.getByRole('dialog', { name: 'Print Rates' });
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Spiral bindingUp to 100 sheets₹40.50per item']);
    expect(within(dialog).queryByText(/Typical prices/)).not.toBeInTheDocument();
  });

  it('reports one visit per browser session, as qr when the QR code brought the customer', async () => {
    const { calls } = stubFetch(
      () => jsonResponse(200, SHOP),
      () => jsonResponse(201, { ok: true }),
    );
    const first = render('/public/print-hub?src=qr');
    await screen.findByRole('heading', { level: 1, name: 'Print Hub' });
    expect(calls[1]).toMatchObject({ url: '/api/public/shops/print-hub/visits', method: 'POST', body: { src: 'qr' } });
    first.unmount();

    const again = stubFetch(() => jsonResponse(200, SHOP));
    render();
    await screen.findByRole('heading', { level: 1, name: 'Print Hub' });
    expect(again.calls.map((c) => c.url)).toEqual(['/api/public/shops/print-hub/details']);
  });

  it('goes to /shop-not-found when the shop is unknown', async () => {
    stubFetch(() => jsonResponse(404, { error: 'Shop not found', code: 'SHOP_NOT_FOUND' }));
    render('/public/nobody');
    expect(screen.getByText('Loading shop')).toBeInTheDocument();
    await screen.findByText('/shop-not-found', { selector: 'output' });
  });

  it('tells /shop-not-found when the server could not be reached, so it can offer a retry', async () => {
    stubFetch(() => jsonResponse(503, { error: 'Database unavailable', code: 'UNAVAILABLE' }));
    renderPage(
      <Routes>
        <Route path="/public/:slug" element={<ShopPublicPage />} />
        <Route path="/shop-not-found" element={<ShopNotFoundPage />} />
      </Routes>,
      { url: '/public/print-hub' },
    );
    expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/public/print-hub');
  });

  it('draws a header in the shop colour when it has no banners, and a carousel when it has', async () => {
    stubFetch(
      () => jsonResponse(200, { ...SHOP, bannerUrls: ['/b/1', '/b/2'] }),
      () => jsonResponse(201, { ok: true }),
    );
    const { user } = render();
    const carousel = await screen.findByRole('region', { name: 'Print Hub banners' });
    expect(within(carousel).getAllByRole('img', { hidden: true })).toHaveLength(2);
    await user.click(within(carousel).getByRole('button', { name: 'Show banner 2' }));
    expect(within(carousel).getByRole('button', { name: 'Show banner 2' })).toHaveAttribute('aria-current', 'true');
  });
});
