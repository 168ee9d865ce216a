import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App';
import { LOCAL } from '../../api/storage';
import { makeToken } from '../../test/helpers';

function signInAs(roles: string[]) {
  localStorage.setItem(LOCAL.token, makeToken({ roles }));
  localStorage.setItem(LOCAL.activeRole, 'ROLE_USER');
  localStorage.setItem(LOCAL.user, JSON.stringify({ id: 'u1', name: 'Asha Rao', email: 'asha@shop.in', roles, shopName: null, shops: [] }));
  window.history.replaceState(null, '', '/user-dashboard');
  render(<App />);
}

describe('user dashboard', () => {
  it('shows an account without a shop the way to create one, in the top bar and on the page', async () => {
    signInAs(['ROLE_USER']);
    await screen.findByRole('heading', { name: 'Your dashboard is on its way' });
    const links = screen.getAllByRole('link', { name: 'Create your shop' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/onboarding/shop');
  });

  it('offers no second shop to an account that already owns one', async () => {
    signInAs(['ROLE_USER', 'SHOP_OWNER']);
    await screen.findByRole('heading', { name: 'Your dashboard is on its way' });
    expect(screen.queryByRole('link', { name: 'Create your shop' })).not.toBeInTheDocument();
  });
});
