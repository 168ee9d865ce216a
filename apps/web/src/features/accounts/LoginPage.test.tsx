import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../App';
import { LOCAL } from '../../api/storage';
import { jsonResponse, makeToken, stubFetch } from '../../test/helpers';

const WAIT = { timeout: 4000 };

async function openLogin(url = '/login') {
  window.history.replaceState(null, '', url);
  const user = userEvent.setup();
  render(<App />);
  await screen.findByRole('heading', { name: 'Sign in' }, WAIT);
  return user;
}

const answer = (roles: string[]) => ({
  refreshToken: 'refresh-1',
  id: 'u1',
  name: 'Asha Rao',
  email: 'asha@shop.in',
  roles,
  shopName: 'Asha Prints',
  shops: [
    { id: 'shop-1', slug: 'asha-prints', name: 'Asha Prints' },
    { id: 'shop-2', slug: 'asha-prints-2', name: 'Asha Prints Annexe' },
  ],
});

describe('login', () => {
  it('enables submit only with a valid email and a password', async () => {
    const user = await openLogin();
    const submit = screen.getByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'asha@shop');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), '.in');
    expect(submit).toBeEnabled();
  });

  it('shows the session-expired message after a forced logout', async () => {
    await openLogin('/login?sessionExpired=true');
    expect(screen.getByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  });

  it("shows the server's message once, in a red line beside the form (no second copy in a dialog)", async () => {
    stubFetch(() => jsonResponse(401, { error: 'Bad credentials', code: 'BAD_CREDENTIALS' }));
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'asha@shop.in');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bad credentials');
    expect(screen.getAllByText('Bad credentials')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(LOCAL.token)).toBeNull();
  });

  it('stores the session and goes straight to the home of a single role', async () => {
    const token = makeToken({ roles: ['SHOP_OWNER'] });
    const { calls } = stubFetch(() => jsonResponse(200, answer(['SHOP_OWNER']), { Authorization: `Bearer ${token}` }));
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email'), ' Asha@Shop.in ');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/shop-dashboard'));
    expect(calls[0]?.body).toEqual({ email: 'asha@shop.in', password: 'secret123' });
    expect(localStorage.getItem(LOCAL.token)).toBe(token);
    // The refresh token stays in its HttpOnly cookie: nothing stored holds it.
    for (let i = 0; i < localStorage.length; i++) expect(localStorage.getItem(localStorage.key(i)!)).not.toContain('refresh-1');
    for (let i = 0; i < sessionStorage.length; i++) expect(sessionStorage.getItem(sessionStorage.key(i)!)).not.toContain('refresh-1');
    expect(localStorage.getItem(LOCAL.userId)).toBe('u1');
    expect(localStorage.getItem(LOCAL.shopName)).toBe('Asha Prints');
    expect(localStorage.getItem(LOCAL.activeShopId)).toBe('shop-1');
    expect(localStorage.getItem(LOCAL.activeShopSlug)).toBe('asha-prints');
    expect(localStorage.getItem(LOCAL.activeRole)).toBe('SHOP_OWNER');
  });

  it("warns 'No roles found - Contact admin' when the token carries no role", async () => {
    const token = makeToken({ roles: [] });
    stubFetch(() => jsonResponse(200, answer([]), { Authorization: `Bearer ${token}` }));
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'asha@shop.in');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('No roles found - Contact admin')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(localStorage.getItem(LOCAL.token)).toBeNull();
  });
});
