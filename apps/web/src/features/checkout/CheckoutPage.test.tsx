import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../App';
import { LOCAL } from '../../api/storage';
import { safeNext, withNext } from '../../lib/next';
import { jsonResponse, makeToken, stubFetch } from '../../test/helpers';

const WAIT = { timeout: 4000 };
const CHECKOUT = '/checkout?plan=premium&billing=annual';
const path = () => window.location.pathname + window.location.search;

function open(url: string) {
  window.history.replaceState(null, '', url);
  const user = userEvent.setup();
  render(<App />);
  return user;
}

function signIn() {
  localStorage.setItem(LOCAL.token, makeToken({ roles: ['ROLE_USER'] }));
  localStorage.setItem(
    LOCAL.user,
    JSON.stringify({ id: 'u1', name: 'Asha Rao', email: 'asha@shop.in', roles: ['ROLE_USER'], shopName: null, shops: [] }),
  );
}

describe('checkout', () => {
  it('sends a signed-out visitor to sign up first, keeping the way back', async () => {
    open(CHECKOUT);
    expect(await screen.findByRole('heading', { name: 'Create your account' }, WAIT)).toBeInTheDocument();
    expect(path()).toBe(`/signup?next=${encodeURIComponent(CHECKOUT)}`);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(CHECKOUT)}`);
  });

  it('comes back to checkout after signing in from that link', async () => {
    const token = makeToken({ roles: ['ROLE_USER'] });
    const answer = {
      refreshToken: 'r1',
      id: 'u1',
      name: 'Asha Rao',
      email: 'asha@shop.in',
      roles: ['ROLE_USER'],
      shopName: null,
      shops: [],
    };
    stubFetch(() => jsonResponse(200, answer, { Authorization: `Bearer ${token}` }));
    const user = open(`/login?next=${encodeURIComponent(CHECKOUT)}`);
    await user.type(await screen.findByLabelText('Email', undefined, WAIT), 'asha@shop.in');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Upgrade to Premium' }, WAIT)).toBeInTheDocument();
    expect(path()).toBe(CHECKOUT);
  });

  it('follows only same-site paths in next', () => {
    expect(safeNext('/checkout?plan=premium')).toBe('/checkout?plan=premium');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'checkout', '', null]) expect(safeNext(bad)).toBeNull();
    expect(withNext('/login', null)).toBe('/login');
    expect(withNext('/login', '/checkout?a=1&b=2')).toBe('/login?next=%2Fcheckout%3Fa%3D1%26b%3D2');
  });

  it('summarises the plan from the query and switches billing in place', async () => {
    signIn();
    const user = open(CHECKOUT);
    expect(await screen.findByRole('heading', { name: 'Upgrade to Premium' }, WAIT)).toBeInTheDocument();
    expect(screen.getByTestId('checkout-price')).toHaveTextContent('₹990/year');
    expect(screen.getByText('Save ₹198 (2 months free)')).toBeInTheDocument();
    expect(screen.getByText(/Payment is arranged by our team/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/card number/i)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Monthly/ }));
    expect(screen.getByTestId('checkout-price')).toHaveTextContent('₹99/month');
    expect(path()).toBe('/checkout?plan=premium&billing=monthly');
  });

  it('posts the upgrade request with the prefilled account details and shows the answer', async () => {
    signIn();
    const { calls } = stubFetch(() => jsonResponse(201, { id: 'c1', message: 'Thanks — our team will contact you to arrange payment.' }));
    const user = open('/checkout?plan=premium&billing=monthly');
    expect(await screen.findByLabelText('Name', undefined, WAIT)).toHaveValue('Asha Rao');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@shop.in');
    await user.type(screen.getByLabelText('Phone (optional)'), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Request upgrade' }));
    expect(await screen.findByText('Thanks — our team will contact you to arrange payment.')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/checkout/requests');
    expect(calls[0]?.headers.Authorization).toMatch(/^Bearer /);
    expect(calls[0]?.body).toEqual({
      plan: 'premium',
      billing: 'monthly',
      name: 'Asha Rao',
      email: 'asha@shop.in',
      phone: '+91 98765 43210',
    });
  });

  it('checks name and email before sending, and says so when the call fails', async () => {
    signIn();
    stubFetch(() => jsonResponse(503, { error: 'Database unavailable', code: 'DB_DOWN' }));
    const user = open('/checkout?plan=premium&billing=annual');
    const name = await screen.findByLabelText('Name', undefined, WAIT);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Request upgrade' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    await user.type(name, 'Asha');
    await user.click(screen.getByRole('button', { name: 'Request upgrade' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('We could not send your request'));
  });
});
