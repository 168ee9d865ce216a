import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../App';
import { LOCAL } from '../api/storage';
import { NAV_BY_ROLE } from '../content/shell';
import { makeToken } from '../test/helpers';
import { titleFor } from './documentTitle';

describe('tab titles', () => {
  it('every sidebar screen of every role has its own title', () => {
    const links = Object.values(NAV_BY_ROLE).flat();
    for (const link of links) expect(titleFor(link.to), link.to).toMatch(/^.+ — Counterprint$/);
    expect(titleFor('/printJob')).toBe('Print — Counterprint');
    expect(titleFor('/revenue')).toBe('Earnings — Counterprint');
    expect(new Set(links.map((l) => titleFor(l.to))).size).toBeGreaterThan(8);
    // Public pages and a shop's upload page name their own tab.
    expect(titleFor('/public/pricing')).toBeNull();
    expect(titleFor('/public/demo-prints')).toBeNull();
  });

  it("the running app names the tab after the screen, not just 'Counterprint'", async () => {
    localStorage.setItem(LOCAL.token, makeToken({ roles: ['SHOP_OWNER'] }));
    localStorage.setItem(
      LOCAL.user,
      JSON.stringify({ id: 'u1', name: 'Asha Rao', email: 'asha@shop.in', roles: ['SHOP_OWNER'], shops: [] }),
    );
    window.history.replaceState(null, '', '/shop-dashboard');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Shop dashboard' }, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Shop dashboard — Counterprint'));
  });
});
