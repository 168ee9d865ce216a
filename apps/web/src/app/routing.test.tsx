import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../App';
import { clearAccountKeys, LAST_WORKSPACE_KEY, LOCAL, notifyAuthChanged } from '../api/storage';
import { jsonResponse, makeToken, stubFetch } from '../test/helpers';
import { serveJob, stubEventSource } from '../test/jobServer';
import { makePublicJob, PUBLIC_JOB_TOKEN } from '../test/publicJob';

const WAIT = { timeout: 4000 };

function openApp(path: string) {
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  render(<App />);
  return user;
}

function signInAs(roles: unknown[], activeRole?: string) {
  localStorage.setItem(LOCAL.token, makeToken({ roles }));
  localStorage.setItem(LOCAL.user, JSON.stringify({ id: 'u1', name: 'Asha Rao', email: 'asha@shop.in', roles, shopName: null, shops: [] }));
  if (activeRole) localStorage.setItem(LOCAL.activeRole, activeRole);
}

const path = () => window.location.pathname + window.location.search;

describe('route table and guards (docs/product/routes.md#web-routes, docs/product/rules.md#roles)', () => {
  it('sends a visitor on an unknown path to /public/home', async () => {
    openApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 8000 })).toBeInTheDocument();
    expect(path()).toBe('/public/home');
  });

  it("opens a job's status link (issue 20) bare, without the shell, even for signed-in staff", async () => {
    signInAs([{ authority: 'SHOP_OWNER' }]);
    stubEventSource();
    serveJob(makePublicJob());
    openApp(`/j/${PUBLIC_JOB_TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Job #12' }, { timeout: 8000 })).toBeInTheDocument();
    expect(path()).toBe(`/j/${PUBLIC_JOB_TOKEN}`);
    expect(screen.queryByText('Hello Shop Owner')).not.toBeInTheDocument();
  });

  it('sends a visitor of a staff page to /login', async () => {
    openApp('/shop-dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' }, WAIT)).toBeInTheDocument();
    expect(path()).toBe('/login');
  });

  it("shows 'Page Not Found' with a button home to a signed-in user on an unknown path", async () => {
    signInAs(['ROLE_USER']);
    openApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/user-dashboard');
  });

  it('redirects / to the role home and shows the shell with the role greeting', async () => {
    signInAs([{ authority: 'SHOP_OWNER' }]);
    openApp('/');
    expect(await screen.findByRole('heading', { name: 'Shop dashboard' }, WAIT)).toBeInTheDocument();
    expect(path()).toBe('/shop-dashboard');
    expect(screen.getByText('Hello Shop Owner')).toBeInTheDocument();
    expect(screen.getByText('Manage your shop effectively.')).toBeInTheDocument();
    expect(localStorage.getItem(LOCAL.activeRole)).toBe('SHOP_OWNER');
  });

  it('keeps an OWNER out of shop-owner pages but lets them into /analytics', async () => {
    signInAs(['OWNER']);
    stubFetch(() => jsonResponse(200, { shops: 4, users: 9, jobsToday: 2, jobsThisWeek: 11, filesStored: 30, bytesStored: 2048 }));
    const user = openApp('/shop-dashboard');
    expect(await screen.findByRole('heading', { name: 'Platform overview' }, WAIT)).toBeInTheDocument();
    expect(path()).toBe('/owner-dashboard');
    expect(await screen.findByText('11')).toBeInTheDocument();
    expect(screen.getByText('2 KB')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Global Analytics' }));
    expect(await screen.findByRole('heading', { name: 'Global Analytics' }, { timeout: 8000 })).toBeInTheDocument();
    expect(path()).toBe('/analytics');
  });

  it('shows an error, not sample numbers, when the owner overview fails', async () => {
    signInAs(['OWNER']);
    stubFetch(
      () => jsonResponse(503, { error: 'Database unavailable', code: 'DB_DOWN' }),
      () => jsonResponse(503, { error: 'Database unavailable', code: 'DB_DOWN' }),
      () => jsonResponse(503, { error: 'Database unavailable', code: 'DB_DOWN' }),
    );
    openApp('/owner-dashboard');
    expect(await screen.findByText('Could not load the overview', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  }, 10_000);

  it('opens the workspace a several-role account used last, with no choice to make', async () => {
    signInAs(['SHOP_OWNER', 'ROLE_USER']);
    localStorage.setItem(LAST_WORKSPACE_KEY, JSON.stringify({ 'user-1': 'ROLE_USER' }));
    openApp('/login');
    expect(await screen.findByText('Hello User', undefined, WAIT)).toBeInTheDocument();
    expect(path()).toBe('/user-dashboard');
    expect(screen.queryByText('Choose a workspace')).not.toBeInTheDocument();
  });

  it('opens the shop workspace on a first sign-in, and remembers a switch past sign-out', async () => {
    signInAs(['ROLE_USER', 'SHOP_OWNER']);
    const user = openApp('/login');
    expect(await screen.findByRole('heading', { name: 'Shop dashboard' }, WAIT)).toBeInTheDocument();
    expect(path()).toBe('/shop-dashboard');
    await user.click(screen.getAllByRole('button', { name: 'User' })[0]!);
    await waitFor(() => expect(path()).toBe('/user-dashboard'));
    // Sign-out clears the account's keys; the next sign-in of the same account opens User.
    clearAccountKeys();
    signInAs(['ROLE_USER', 'SHOP_OWNER']);
    notifyAuthChanged();
    window.history.replaceState(null, '', '/login');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(path()).toBe('/user-dashboard'));
    expect(localStorage.getItem(LOCAL.activeRole)).toBe('ROLE_USER');
  });

  it('falls back to a workspace the account still has when the remembered one is gone', async () => {
    signInAs(['SHOP_OWNER', 'OWNER']);
    localStorage.setItem(LAST_WORKSPACE_KEY, JSON.stringify({ 'user-1': 'ROLE_USER' }));
    openApp('/login');
    expect(await screen.findByRole('heading', { name: 'Shop dashboard' }, WAIT)).toBeInTheDocument();
  });

  it('switches role from the sidebar, storing it and replacing the page with its home', async () => {
    signInAs(['SHOP_OWNER', 'ROLE_USER'], 'SHOP_OWNER');
    const user = openApp('/printJob');
    await screen.findByRole('heading', { name: 'Print jobs' }, WAIT);
    await user.click(screen.getAllByRole('button', { name: 'User' })[0]!);
    await waitFor(() => expect(path()).toBe('/user-dashboard'));
    expect(localStorage.getItem(LOCAL.activeRole)).toBe('ROLE_USER');
    expect(await screen.findByText('Hello User')).toBeInTheDocument();
  });

  it('renews an expired token during the auth check before showing the page', async () => {
    signInAs(['SHOP_OWNER']);
    localStorage.setItem(LOCAL.token, makeToken({ roles: ['SHOP_OWNER'], expiresInSeconds: -60 }));
    const renewed = makeToken({ roles: ['SHOP_OWNER'] });
    const { calls } = stubFetch(() => jsonResponse(200, { token: renewed }));
    openApp('/recycle');
    expect(await screen.findByRole('heading', { name: 'Recycle bin' }, WAIT)).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/auth/refresh-token');
    expect(localStorage.getItem(LOCAL.token)).toBe(renewed);
  });

  it('sends an expired session that cannot be renewed to login with the expiry message', async () => {
    signInAs(['SHOP_OWNER']);
    localStorage.setItem(LOCAL.token, makeToken({ roles: ['SHOP_OWNER'], expiresInSeconds: -60 }));
    stubFetch(() => jsonResponse(401, { error: 'Authentication failed', code: 'UNAUTHORIZED' }));
    openApp('/recycle');
    expect(await screen.findByText('Your session has expired. Please log in again.', undefined, WAIT)).toBeInTheDocument();
    expect(path()).toBe('/login?sessionExpired=true');
    expect(localStorage.getItem(LOCAL.token)).toBeNull();
  });
});
