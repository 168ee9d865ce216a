import type { TPublicShopDetails } from '@counterprint/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { readRecentJobs, rememberJob } from '../../lib/recentJobs';
import { fakeUploads } from '../../test/fakeUploads';
import { jsonResponse, stubFetch } from '../../test/helpers';
import { makePublicJob, publicFile } from '../../test/publicJob';
import { renderPage } from '../../test/render';
import JobStatusPage from '../job-status/JobStatusPage';
import { UNPRICED_SHOP } from './PrintRatesModal';
import ShopNotFoundPage from './ShopNotFoundPage';
import ShopPublicPage from './ShopPublicPage';

const SHOP: TPublicShopDetails = {
  id: 'shop-1',
  slug: 'print-hub',
  shopName: 'Print Hub',
  category: 'Printing',
  bannerUrls: [],
  banners: [],
  address: '12 MG Road, Bengaluru',
  tagline: 'Fast prints, fair prices',
  ownerName: 'Asha Rao',
  contact: '98765 43210',
  email: 'asha@printhub.in',
  whatsapp: '98765 43210',
  hours: '9:30 AM – 8:00 PM',
  primaryColor: '#7c3aed',
  isOpen: true,
  rateCard: [],
  papers: ['A4'],
  colorDetection: false,
  retention: { afterPrintSeconds: 3600, unprintedSeconds: 86_400 },
  timeZone: 'Asia/Kolkata',
  openNow: true,
  closedToday: false,
  closesAt: null,
  opensAt: null,
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

  it('says every price is set at the counter when the shop has published none', async () => {
    stubFetch(
      () => jsonResponse(200, SHOP),
      () => jsonResponse(201, { ok: true }),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Print Rates' }));
    const dialog = screen.getByRole('dialog', { name: 'Print Rates' });
    // No typical prices stand in for a shop's own (docs/decisions/061-prices-a-shop-never-set-are-not-quoted.md).
    expect(within(dialog).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(dialog).getByText(UNPRICED_SHOP)).toBeInTheDocument();
  });

  it("shows the shop's own rate card when it has one", async () => {
    const rateCard = [
      {
        id: 'r1',
        serviceName: 'Spiral binding',
        basePrice: 40.5,
        unit: 'per_item' as const,
        category: null,
        description: 'Up to 100 sheets',
        paper: null,
        color: null,
        sides: null,
        extra: true,
      },
    ];
    stubFetch(
      () => jsonResponse(200, { ...SHOP, rateCard }),
      () => jsonResponse(201, { ok: true }),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Print Rates' }));
    const dialog = screen.getByRole('dialog', { name: 'Print Rates' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Spiral bindingUp to 100 sheets₹40.50per item']);
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

  it('tries twice more, then tells /shop-not-found the server could not be reached, so it can offer a retry', async () => {
    const unavailable = () => jsonResponse(503, { error: 'Database unavailable', code: 'UNAVAILABLE' });
    const { calls } = stubFetch(unavailable, unavailable, unavailable);
    renderPage(
      <Routes>
        <Route path="/public/:slug" element={<ShopPublicPage />} />
        <Route path="/shop-not-found" element={<ShopNotFoundPage />} />
      </Routes>,
      { url: '/public/print-hub' },
    );
    // After 1 s and 2 s more: a phone at the counter may lose a request or two.
    expect(await screen.findByRole('link', { name: 'Try again' }, { timeout: 6_000 })).toHaveAttribute('href', '/public/print-hub');
    expect(calls.map((c) => c.url)).toEqual(Array(3).fill('/api/public/shops/print-hub/details'));
  });

  it('waits for the network on a phone that is offline instead of spending its tries, then shows the shop', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls } = stubFetch(
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => jsonResponse(200, SHOP),
      () => jsonResponse(201, { ok: true }),
    );
    try {
      render();
      await waitFor(() => expect(calls).toHaveLength(1));
      // Past the first retry's second: nothing more is sent, and the customer is not sent away.
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(calls).toHaveLength(1);
      expect(screen.getByText('Loading shop')).toBeInTheDocument();
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Print Hub' })).toBeInTheDocument();
    } finally {
      onLine.mockRestore();
    }
  });

  it('shows the shop when a second try reaches it, without sending the customer away', async () => {
    stubFetch(
      () => jsonResponse(503, { error: 'Database unavailable', code: 'UNAVAILABLE' }),
      () => jsonResponse(200, SHOP),
      () => jsonResponse(201, { ok: true }),
    );
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Print Hub' }, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.queryByText('/shop-not-found', { selector: 'output' })).not.toBeInTheDocument();
  });

  it('draws a header in the shop colour when it has no banners, and a carousel when it has', async () => {
    stubFetch(
      () =>
        jsonResponse(200, {
          ...SHOP,
          bannerUrls: ['/b/1', '/b/2'],
          banners: [
            {
              url: '/b/1',
              width: 1920,
              height: 1080,
              sizes: [
                { url: '/b/1?w=640', width: 640 },
                { url: '/b/1', width: 1920 },
              ],
            },
            { url: '/b/2', width: null, height: null, sizes: [] },
          ],
        }),
      () => jsonResponse(201, { ok: true }),
    );
    const { user } = render();
    const carousel = await screen.findByRole('region', { name: 'Print Hub banners' });
    const images = within(carousel).getAllByRole('img', { hidden: true });
    expect(images).toHaveLength(2);
    // The stored widths go to srcset, so a phone fetches the narrow one; an older banner has only its src.
    expect(images[0]).toHaveAttribute('srcset', '/b/1?w=640 640w, /b/1 1920w');
    expect(images[0]).toHaveAttribute('sizes', '(min-width: 1024px) 976px, 100vw');
    expect(images[1]).not.toHaveAttribute('srcset');
    await user.click(within(carousel).getByRole('button', { name: 'Show banner 2' }));
    expect(within(carousel).getByRole('button', { name: 'Show banner 2' })).toHaveAttribute('aria-current', 'true');
  });

  it('shows each banner whole in a sized frame, and loads only the first one eagerly', async () => {
    stubFetch(
      () =>
        jsonResponse(200, {
          ...SHOP,
          bannerUrls: ['/b/1', '/b/2', '/b/3'],
          banners: ['/b/1', '/b/2', '/b/3'].map((url) => ({ url, width: 1600, height: 900, sizes: [{ url: `${url}?w=640`, width: 640 }] })),
        }),
      () => jsonResponse(201, { ok: true }),
    );
    render();
    const carousel = await screen.findByRole('region', { name: 'Print Hub banners' });
    const banners = within(carousel).getAllByRole('img', { hidden: true });
    expect(banners.map((b) => b.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    for (const banner of banners) {
      // Contained, never cropped: a name painted across a wide banner stays readable on a phone.
      expect(banner).toHaveClass('object-contain');
      expect(banner).not.toHaveClass('object-cover');
      expect(banner).toHaveAttribute('width');
      expect(banner).toHaveAttribute('height');
    }
  });
});

const TOMORROW_930 = { time: '9:30 AM', day: 'tomorrow', at: '2026-11-25T04:00:00.000Z' };
const CLOSED: Partial<TPublicShopDetails> = { isOpen: false, openNow: false, closesAt: null, opensAt: TOMORROW_930 };

describe('public shop page: open or closed as the server reads the shop clock (issue 16)', () => {
  it.each<[string, Partial<TPublicShopDetails>, string, string | null]>([
    ['open, with closing time', { closesAt: { time: '7:00 PM', at: '2026-11-24T13:30:00.000Z' } }, 'Open now · closes at 7:00 PM', null],
    [
      'closed until tomorrow',
      CLOSED,
      'Closed · opens at 9:30 AM tomorrow',
      'The shop opens at 9:30 AM tomorrow; your files will be waiting.',
    ],
    [
      'closed until later today',
      { ...CLOSED, opensAt: { time: '9:30 AM', day: 'today', at: '2026-11-24T04:00:00.000Z' } },
      'Closed · opens at 9:30 AM',
      'The shop opens at 9:30 AM; your files will be waiting.',
    ],
    [
      'closed until Monday',
      { ...CLOSED, opensAt: { time: '10:00 AM', day: 'Monday', at: '2026-11-30T04:30:00.000Z' } },
      'Closed · opens at 10:00 AM on Monday',
      'The shop opens at 10:00 AM on Monday; your files will be waiting.',
    ],
    [
      'closed today by the owner',
      { ...CLOSED, closedToday: true },
      'Closed today',
      'The shop opens at 9:30 AM tomorrow; your files will be waiting.',
    ],
    ['never open', { ...CLOSED, opensAt: null }, 'Closed', null],
  ])('%s', async (_label, state, badge, hint) => {
    stubFetch(
      () => jsonResponse(200, { ...SHOP, ...state }),
      () => jsonResponse(201, { ok: true }),
    );
    render();
    expect(await screen.findByText(badge)).toBeInTheDocument();
    if (hint) expect(screen.getByText(hint)).toBeInTheDocument();
    else expect(screen.queryByText(/your files will be waiting/)).not.toBeInTheDocument();
  });

  it('still takes an upload while closed, then goes to the job status page, which says when the shop will see it', async () => {
    const token = 'AAAAAAAAAAAAAAAAAAAAAA';
    const { calls } = stubFetch(
      () => jsonResponse(200, { ...SHOP, ...CLOSED }),
      () => jsonResponse(201, { ok: true }),
      () => jsonResponse(200, makePublicJob({ number: 7, files: [publicFile({ id: 'f1', name: 'menu.pdf' })] })),
    );
    const { uploads, makeJob, of } = fakeUploads();
    makeJob.mockResolvedValue({
      jobId: 'job-1',
      number: 7,
      fileCount: 1,
      files: [{ id: 'f1', name: 'menu.pdf', kind: 'pdf', note: null }],
      token,
      statusUrl: `/j/${token}`,
    });
    const { user } = renderPage(
      <Routes>
        <Route path="/public/:slug" element={<ShopPublicPage uploads={uploads} />} />
        <Route path="/j/:token" element={<JobStatusPage />} />
      </Routes>,
      { url: '/public/print-hub' },
    );
    await screen.findByText('Closed · opens at 9:30 AM tomorrow');
    await user.upload(screen.getByLabelText('Choose files to print'), new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: /^Upload/ }));
    of('menu.pdf').done('menu');
    await waitFor(() => expect(makeJob).toHaveBeenCalledOnce());
    expect(await screen.findByRole('heading', { level: 1, name: 'Job #7' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/j/${token}`);
    expect(calls[2]?.url).toBe(`/api/public/jobs/${token}`);
    expect(screen.getByText('Files sent! 1 file sent to Print Hub.')).toBeInTheDocument();
    expect(screen.getByText('The shop opens at 9:30 AM tomorrow; your files will be waiting.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Your files' })).getByText('menu.pdf')).toBeInTheDocument();
    // The job is remembered on this phone for the shop page's "Your recent jobs here".
    expect(readRecentJobs().map((j) => [j.token, j.number, j.shopSlug])).toEqual([[token, 7, 'print-hub']]);
  });

  it("lists this phone's recent jobs at this shop, each linking to its status page", async () => {
    rememberJob({ token: 'T'.repeat(22), number: 11, shopName: 'Print Hub', shopSlug: 'print-hub' });
    rememberJob({ token: 'U'.repeat(22), number: 3, shopName: 'Copy Corner', shopSlug: 'copy-corner' });
    rememberJob({ token: 'V'.repeat(22), number: 12, shopName: 'Print Hub', shopSlug: 'print-hub' });
    stubFetch(
      () => jsonResponse(200, SHOP),
      () => jsonResponse(201, { ok: true }),
    );
    render();
    const recent = await screen.findByRole('region', { name: 'Your recent jobs here' });
    expect(
      within(recent)
        .getAllByRole('link')
        .map((a) => [a.getAttribute('href'), a.textContent?.startsWith('Job #')]),
    ).toEqual([
      [`/j/${'V'.repeat(22)}`, true],
      [`/j/${'T'.repeat(22)}`, true],
    ]);
    expect(within(recent).getByRole('link', { name: /Job #12/ })).toBeInTheDocument();
    expect(within(recent).queryByText(/Job #3/)).not.toBeInTheDocument();
  });

  it('shows no recent jobs section on a phone that sent nothing here', async () => {
    stubFetch(
      () => jsonResponse(200, SHOP),
      () => jsonResponse(201, { ok: true }),
    );
    render();
    await screen.findByRole('heading', { level: 1, name: 'Print Hub' });
    expect(screen.queryByText('Your recent jobs here')).not.toBeInTheDocument();
  });

  it("says on the upload card how long this shop keeps files, from the server's retention", async () => {
    stubFetch(
      () => jsonResponse(200, { ...SHOP, retention: { afterPrintSeconds: 7200, unprintedSeconds: 172_800 } }),
      () => jsonResponse(201, { ok: true }),
    );
    render();
    const upload = await screen.findByRole('region', { name: 'Send your files' });
    expect(within(upload).getByTestId('privacy-notice')).toHaveTextContent(
      "Your files are kept only for Print Hub to print. They are deleted within 2 hours after printing, or 2 days after sending if never printed (counted from opening time if the shop is closed), and you get a signed proof of deletion; it keeps only each file's name, size and fingerprint. A phone number, if you give one, joins the shop's customer list.",
    );
    expect(screen.getByText(/deleted within 2 hours of printing/)).toBeInTheDocument();
  });

  it("gives each picked file the shop's print options and prices them from its rate card (issue 19)", async () => {
    const rate = { category: null, description: 'per printed side', sides: null, extra: false, unit: 'per_page' as const };
    const rateCard = [
      { ...rate, id: 'r1', serviceName: 'B&W A4', basePrice: 1.5, paper: 'A4', color: 'bw' as const },
      { ...rate, id: 'r2', serviceName: 'B&W A3', basePrice: 4, paper: 'A3', color: 'bw' as const },
    ];
    stubFetch(
      () => jsonResponse(200, { ...SHOP, rateCard, papers: ['A4', 'A3'], colorDetection: true }),
      () => jsonResponse(201, { ok: true }),
    );
    const { uploads, makeJob, of } = fakeUploads();
    const { user } = renderPage(<ShopPublicPage uploads={uploads} />, { url: '/public/print-hub', path: '/public/:slug' });
    await screen.findByRole('heading', { level: 1, name: 'Print Hub' });
    await user.upload(screen.getByLabelText('Choose files to print'), new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }));
    const chips = screen.getByRole('group', { name: 'Print options for menu.pdf' });
    expect(within(chips).getByRole('combobox', { name: 'Colour' })).toHaveDisplayValue('Auto colour');
    await user.selectOptions(within(chips).getByRole('combobox', { name: 'Colour' }), 'bw');
    await user.selectOptions(within(chips).getByRole('combobox', { name: 'Paper' }), 'A3');
    expect(within(chips).getByText('₹4.00 per side · B&W A3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Upload/ }));
    of('menu.pdf').done('menu');
    await waitFor(() => expect(makeJob).toHaveBeenCalledOnce());
    expect(makeJob.mock.calls[0]).toMatchObject([
      'print-hub',
      { uploads: ['menu'], options: [{ color: 'bw', paper: 'A3', pages: 'all' }] },
    ]);
  });
});
