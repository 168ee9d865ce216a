import { render, screen } from '@testing-library/react';
import { createRoutesFromChildren, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { App } from '../../App';
import { LOCAL } from '../../api/storage';
import { PUBLIC_PAGES } from '../../app/publicPages';
import { AppRoutes } from '../../app/routes';
import * as checkout from '../../content/checkout';
import * as contact from '../../content/contact';
import * as faqs from '../../content/faqs';
import * as features from '../../content/features';
import * as help from '../../content/help';
import * as home from '../../content/home';
import * as how from '../../content/how';
import * as pricing from '../../content/pricing';
import * as reviews from '../../content/reviews';
import * as security from '../../content/security';
import * as setup from '../../content/setup';
import * as site from '../../content/site';
import { makeToken } from '../../test/helpers';

/** The app's real route table, read from the same element tree the router renders. */
const ROUTES = createRoutesFromChildren((AppRoutes() as { props: { children: React.ReactNode } }).props.children);

/** True when `href` reaches a declared page: not the catch-all, and not a /public word mistaken for a shop slug. */
function isDeclared(href: string): boolean {
  const pathname = new URL(href, 'http://x').pathname;
  const last = matchRoutes(ROUTES, pathname)?.at(-1)?.route;
  if (!last || last.path === '*') return false;
  return !(last.path === 'public/:slug');
}

/** A shop owner by default; `ROLE_USER` is an account that has not created its shop yet. */
function signIn(role: 'SHOP_OWNER' | 'ROLE_USER' = 'SHOP_OWNER') {
  localStorage.setItem(LOCAL.token, makeToken({ roles: [role] }));
  localStorage.setItem(
    LOCAL.user,
    JSON.stringify({ id: 'u1', name: 'Asha Rao', email: 'asha@shop.in', roles: [role], shopName: null, shops: [] }),
  );
}

async function internalLinksOf(path: string): Promise<string[]> {
  window.history.replaceState(null, '', path);
  render(<App />);
  await screen.findByRole('heading', { level: 1 }, { timeout: 4000 });
  expect(window.location.pathname).toBe(new URL(path, 'http://x').pathname);
  return [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '').filter((h) => h.startsWith('/'));
}

/** Every `to`/`href` string anywhere in the content modules. */
function contentLinks(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'function') {
    if (value === pricing.checkoutHref) for (const b of pricing.BILLINGS) found.push(pricing.checkoutHref(b));
    return found;
  }
  if (!value || typeof value !== 'object') return found;
  for (const [key, v] of Object.entries(value)) {
    if ((key === 'to' || key === 'href') && typeof v === 'string') found.push(v);
    else contentLinks(v, found);
  }
  return found;
}

describe('public links lead to real pages', () => {
  it('knows a typo from a page', () => {
    expect(isDeclared('/public/pricing')).toBe(true);
    expect(isDeclared('/public/pricng')).toBe(false);
    expect(isDeclared('/no-such-page')).toBe(false);
  });

  it.each(PUBLIC_PAGES)('%s renders its h1 and links only to declared routes (signed out)', async (path) => {
    const links = await internalLinksOf(path);
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((h) => !isDeclared(h))).toEqual([]);
    expect(links).toEqual(
      expect.arrayContaining(['/login', '/signup', '/public/home', '/public/reveiw', '/public/security', '/public/testimonials']),
    );
  });

  it('offers Dashboard and My Account to a signed-in visitor', async () => {
    signIn();
    const links = await internalLinksOf('/public/home');
    expect(screen.getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute('href', '/shop-dashboard');
    expect(screen.getAllByRole('link', { name: 'My Account' })[0]).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(links.filter((h) => !isDeclared(h))).toEqual([]);
  });

  it('offers an account without a shop its own dashboard and a way to create the shop, never a second sign-up', async () => {
    signIn('ROLE_USER');
    const links = await internalLinksOf('/public/home');
    expect(screen.getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute('href', '/user-dashboard');
    expect(screen.getAllByRole('link', { name: 'My Account' })[0]).toHaveAttribute('href', '/profile');
    const create = screen.getAllByRole('link', { name: /Create your shop/ });
    expect(create.length).toBeGreaterThanOrEqual(2);
    for (const link of create) expect(link).toHaveAttribute('href', '/onboarding/shop');
    expect(screen.queryByRole('link', { name: 'I already have an account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your email address' })).not.toBeInTheDocument();
    expect(links.filter((h) => h.startsWith('/signup'))).toEqual([]);
    expect(links.filter((h) => !isDeclared(h))).toEqual([]);
  });

  it.each(PUBLIC_PAGES)('%s sends a signed-in account without a shop to onboarding, never to sign-up', async (path) => {
    signIn('ROLE_USER');
    const links = await internalLinksOf(path);
    expect(links.filter((h) => h.startsWith('/signup'))).toEqual([]);
  });

  it('/checkout renders for a signed-in visitor and links only to declared routes', async () => {
    signIn();
    const links = await internalLinksOf('/checkout?plan=premium&billing=annual');
    expect(links.filter((h) => !isDeclared(h))).toEqual([]);
  });

  it('every to/href in the content data is a declared route', () => {
    const modules = [checkout, contact, faqs, features, help, home, how, pricing, reviews, security, setup, site];
    const links = contentLinks(modules).filter((h) => h.startsWith('/'));
    expect(links.length).toBeGreaterThan(25);
    expect(links.filter((h) => !isDeclared(h))).toEqual([]);
  });
});
