import { PUBLIC_ADDRESS_MESSAGES } from '@counterprint/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL, readStoredUser, SESSION } from '../../api/storage';
import { AuthProvider, useAuth } from '../../session/auth';
import { jsonResponse, makeToken, stubFetch } from '../../test/helpers';
import { renderPage } from '../../test/render';
import type { ImageSizeReader } from './banners';
import OnboardingShopPage from './OnboardingShopPage';

const LAN = { url: 'http://192.168.1.20:8080', source: 'lan', reachableFromPhone: true } as const;
const landscape: ImageSizeReader = async () => ({ width: 1600, height: 900 });
const png = (name: string) => new File(['png'], name, { type: 'image/png' });
type User = ReturnType<typeof renderPage>['user'];

beforeEach(() => {
  // jsdom has no object URLs; previews only need a string.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

function startSignedOut(readSize: ImageSizeReader = landscape) {
  sessionStorage.setItem(SESSION.onboardingEmail, 'asha@printhub.in');
  sessionStorage.setItem(SESSION.onboardingToken, 'ob-token');
  return renderPage(<OnboardingShopPage readSize={readSize} />);
}

const next = (user: User) => user.click(screen.getByRole('button', { name: 'Next' }));

async function fillShopInfo(user: User) {
  await user.type(screen.getByLabelText('Shop name'), 'Print Hub');
  await user.selectOptions(screen.getByLabelText('Category'), 'Printing');
  await user.type(screen.getByLabelText('Address'), '12 MG Road, Bengaluru');
}

const pickBanners = (...files: File[]) => fireEvent.change(screen.getByLabelText('Add banners'), { target: { files } });

describe('onboarding wizard', () => {
  it('sends someone with no onboarding email and no session to /login', () => {
    renderPage(<OnboardingShopPage />);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('will not leave Shop Info until name, category and address are valid', async () => {
    const { user } = startSignedOut();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Shop Info');
    expect(screen.queryByRole('button', { name: 'Finish' })).not.toBeInTheDocument();
    await next(user);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Shop Info');
    expect(screen.getByLabelText('Shop name')).toHaveAccessibleDescription('Shop name is required');
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Category is required');
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Address is required');

    await user.type(screen.getByLabelText('Shop name'), 'P');
    expect(screen.getByLabelText('Shop name')).toHaveAccessibleDescription('Shop name must be at least 2 characters');
    await user.clear(screen.getByLabelText('Shop name'));
    await fillShopInfo(user);
    await next(user);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Branding');
  });

  it('refuses a fifth banner and a portrait one, keeping the rest', async () => {
    const readSize = vi.fn<ImageSizeReader>(async (file) =>
      file.name === 'tall.png' ? { width: 800, height: 1200 } : { width: 1600, height: 900 },
    );
    const { user } = startSignedOut(readSize);
    await fillShopInfo(user);
    await next(user);

    pickBanners(png('tall.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Portrait Not Allowed: tall.png. Please upload landscape banners.');
    expect(screen.queryByRole('list', { name: 'Chosen banners' })).not.toBeInTheDocument();

    pickBanners(png('a.png'), png('b.png'), png('c.png'), png('d.png'), png('e.png'));
    expect(await screen.findByText('You can upload up to 4 banners only.')).toBeInTheDocument();
    const chosen = screen.getByRole('list', { name: 'Chosen banners' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(4);
    expect(within(chosen).queryByText('e.png')).not.toBeInTheDocument();
    expect(screen.getByText('4 of 4')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove banner b.png' }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(3);
  });

  it('checks business details in the contract words and fills WhatsApp from the contact phone', async () => {
    const { user } = startSignedOut();
    await fillShopInfo(user);
    await next(user);
    await next(user);
    expect(screen.getByLabelText('Opening hours')).toHaveValue('9:30 AM – 8:00 PM');
    await user.type(screen.getByLabelText('Contact phone'), '98765 43210');
    expect(screen.getByLabelText('WhatsApp number')).toHaveValue('98765 43210');
    await user.type(screen.getByLabelText('PAN'), 'ABC');
    await next(user);
    expect(screen.getByLabelText('PAN')).toHaveAccessibleDescription('PAN must look like ABCDE1234F');
  });

  it('creates the shop with the onboarding token, shows its public link at the address a phone reaches, and goes to /login', async () => {
    const { calls } = stubFetch(() => jsonResponse(201, { id: 'shop-1', slug: 'print-hub', shopName: 'Print Hub', address: LAN }));
    const { user } = startSignedOut();
    await fillShopInfo(user);
    await next(user);
    pickBanners(png('front.png'));
    await screen.findByRole('list', { name: 'Chosen banners' });
    await next(user);
    await next(user);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Prices');
    await next(user);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Review');
    expect(screen.getByText('asha@printhub.in')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    // The server's LAN address, not this browser's localhost: the link a customer's phone can open.
    const link = await screen.findByRole('link', { name: 'http://192.168.1.20:8080/public/print-hub' });
    expect(link).toHaveAttribute('href', 'http://192.168.1.20:8080/public/print-hub');
    expect(screen.getByText(PUBLIC_ADDRESS_MESSAGES.lan(LAN.url))).toBeInTheDocument();
    const call = calls[0]!;
    expect(call.url).toBe('/api/public/onboarding-shops/create');
    expect(call.headers['X-Onboarding-Token']).toBe('ob-token');
    expect(call.headers.Authorization).toBeUndefined();
    const form = call.body as FormData;
    expect(JSON.parse(await (form.get('shop') as Blob).text())).toMatchObject({
      shopName: 'Print Hub',
      category: 'Printing',
      primaryColor: '#06b6d4',
      hours: '9:30 AM – 8:00 PM',
      prices: { papers: [{ paper: 'A4', bw: 2, color: 10, bwDouble: null }], photo4x6: 25 },
    });
    expect((form.get('shop') as Blob).type).toBe('application/json');
    expect(form.getAll('banners').map((f) => (f as File).name)).toEqual(['front.png']);
    expect(sessionStorage.getItem(SESSION.onboardingEmail)).toBeNull();
    expect(sessionStorage.getItem(SESSION.onboardingToken)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continue to sign in' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it("warns on the ready page when the shop's link is one a phone cannot open", async () => {
    stubFetch(() =>
      jsonResponse(201, {
        id: 'shop-1',
        slug: 'print-hub',
        shopName: 'Print Hub',
        address: { url: 'http://localhost:8080', source: 'loopback', reachableFromPhone: false },
      }),
    );
    const { user } = startSignedOut();
    await fillShopInfo(user);
    await next(user);
    await next(user);
    await next(user);
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText(PUBLIC_ADDRESS_MESSAGES.unreachable('http://localhost:8080'))).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('public-link')).toHaveTextContent('http://localhost:8080/public/print-hub');
  });

  it("shows the server's message, or 'Failed to create shop'", async () => {
    stubFetch(
      () => jsonResponse(400, { error: 'Portrait Not Allowed: front.png. Please upload landscape banners.', code: 'BANNER_PORTRAIT' }),
      () => new Response('', { status: 500 }),
    );
    const { user } = startSignedOut();
    await fillShopInfo(user);
    for (let i = 0; i < 4; i++) await next(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Portrait Not Allowed: front.png. Please upload landscape banners.');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Failed to create shop')).toBeInTheDocument();
  });
});

function AuthGate({ children }: { children: ReactNode }) {
  return useAuth().checked ? children : null;
}

describe('onboarding a further shop when signed in', () => {
  it('uses the bearer, refreshes the session for SHOP_OWNER and makes the new shop active', async () => {
    localStorage.setItem(LOCAL.token, makeToken({ roles: ['ROLE_USER'] }));
    localStorage.setItem(
      LOCAL.user,
      JSON.stringify({ id: 'u1', name: 'Asha', email: 'asha@printhub.in', roles: ['ROLE_USER'], shopName: null, shops: [] }),
    );
    const ownerToken = makeToken({ roles: ['ROLE_USER', 'SHOP_OWNER'] });
    const { calls } = stubFetch(
      () => jsonResponse(201, { id: 'shop-2', slug: 'print-hub-2', shopName: 'Print Hub 2' }),
      () => jsonResponse(200, { token: ownerToken }),
    );
    const { user } = renderPage(
      <AuthProvider>
        <AuthGate>
          <OnboardingShopPage readSize={landscape} />
        </AuthGate>
      </AuthProvider>,
    );
    expect(await screen.findByText('Setting up a shop for asha@printhub.in')).toBeInTheDocument();
    await fillShopInfo(user);
    for (let i = 0; i < 4; i++) await next(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    await screen.findByTestId('public-link');
    expect(calls[0]?.headers.Authorization).toMatch(/^Bearer /);
    expect(calls[0]?.headers['X-Onboarding-Token']).toBeUndefined();
    expect(calls[1]).toMatchObject({ url: '/api/auth/refresh-token', body: undefined, credentials: 'same-origin' });
    expect(localStorage.getItem(LOCAL.token)).toBe(ownerToken);
    expect(localStorage.getItem(LOCAL.activeShopId)).toBe('shop-2');
    expect(localStorage.getItem(LOCAL.activeShopSlug)).toBe('print-hub-2');
    expect(localStorage.getItem(LOCAL.activeRole)).toBe('SHOP_OWNER');
    expect(readStoredUser()?.shops).toEqual([{ id: 'shop-2', slug: 'print-hub-2', name: 'Print Hub 2' }]);

    await user.click(screen.getByRole('button', { name: 'Go to my shop dashboard' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/shop-dashboard$/);
  });
});

describe('the prices step (docs/decisions/061-prices-a-shop-never-set-are-not-quoted.md)', () => {
  const toPrices = async (user: User) => {
    await fillShopInfo(user);
    for (let i = 0; i < 3; i++) await next(user);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Prices');
  };
  const sentPrices = async (calls: { body: unknown }[]) =>
    JSON.parse(await ((calls[0]!.body as FormData).get('shop') as Blob).text()).prices;

  it('offers the defaults to change, adds a paper, and sends what the owner typed', async () => {
    const { calls } = stubFetch(() => jsonResponse(201, { id: 'shop-1', slug: 'print-hub', shopName: 'Print Hub' }));
    const { user } = startSignedOut();
    await toPrices(user);
    expect(screen.getByLabelText('B&W A4, ₹ per side')).toHaveValue('2');
    await user.clear(screen.getByLabelText('B&W A4, ₹ per side'));
    await user.type(screen.getByLabelText('B&W A4, ₹ per side'), '1.50');
    await user.click(screen.getByRole('button', { name: 'A3' }));
    await next(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the A3 prices in rupees, like 2 or 2.50');
    await user.type(screen.getByLabelText('B&W A3, ₹ per side'), '4');
    await user.type(screen.getByLabelText('Colour A3, ₹ per side'), '20');
    await next(user);
    expect(screen.getByText('Black & white A3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByTestId('public-link');
    expect(await sentPrices(calls)).toEqual({
      papers: [
        { paper: 'A4', bw: 1.5, color: 10, bwDouble: null },
        { paper: 'A3', bw: 4, color: 20, bwDouble: null },
      ],
      photo4x6: 25,
    });
  });

  it('sends no prices when the owner sets them later, and the review says customers see price at the counter', async () => {
    const { calls } = stubFetch(() => jsonResponse(201, { id: 'shop-1', slug: 'print-hub', shopName: 'Print Hub' }));
    const { user } = startSignedOut();
    await toPrices(user);
    await user.click(screen.getByRole('radio', { name: /Set prices later/ }));
    await next(user);
    expect(screen.getByText('Price at the counter, until you set prices in Settings')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByTestId('public-link');
    expect(await sentPrices(calls)).toBeNull();
  });
});
