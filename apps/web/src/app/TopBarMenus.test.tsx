import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL } from '../api/storage';
import { AuthProvider } from '../session/auth';
import { makeJob } from '../test/fixtures';
import { jsonResponse, makeToken, stubFetch } from '../test/helpers';
import { renderPage } from '../test/render';
import { TopBar } from './TopBar';
import { NotificationsMenu, SupportChat } from './TopBarMenus';

beforeEach(() => {
  localStorage.setItem(LOCAL.token, makeToken());
  localStorage.setItem(LOCAL.user, JSON.stringify({ name: 'Asha Rao', email: 'asha@prints.in', shops: [] }));
  localStorage.setItem(LOCAL.activeShopId, 'shop-1');
});

describe('the bell', () => {
  it('on an empty shop says there are no jobs, not an invented order', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, []));
    const { user } = renderPage(<NotificationsMenu />);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/No jobs yet/)).toBeInTheDocument();
    expect(screen.queryByText(/New order received|System update|Customer message/)).not.toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/shops/shop-1/print-jobs?limit=5');
  });

  it("lists the active shop's newest jobs with their state", async () => {
    const jobs = [
      makeJob({ id: 'a', number: 7, customerName: 'Ravi' }),
      makeJob({ id: 'b', number: 6, customerName: null, status: 'done', printedAt: new Date().toISOString() }),
    ];
    stubFetch(() => jsonResponse(200, jobs));
    const { user } = renderPage(<NotificationsMenu />);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Job #7 from Ravi · waiting to print')).toBeInTheDocument();
    expect(screen.getByText('Job #6 from Walk-in customer · printed')).toBeInTheDocument();
  });
});

describe('support chat', () => {
  it('Send posts the message to the contact inbox and says it was sent', async () => {
    const { calls } = stubFetch(() => jsonResponse(201, { ok: true }));
    const { user } = renderPage(<SupportChat />);
    await user.click(screen.getByRole('button', { name: 'Support chat' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '  The printer page is blank  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/contact',
      body: { name: 'Asha Rao', email: 'asha@prints.in', subject: 'Support chat (dashboard)', message: 'The printer page is blank' },
    });
    const sent = within(screen.getByRole('list', { name: 'Support messages' }));
    expect(await sent.findByText('Sent')).toBeInTheDocument();
    expect(screen.getByText(/reply by email to asha@prints\.in/)).toBeInTheDocument();
  });

  it('says so when the message was not sent', async () => {
    stubFetch(() => jsonResponse(500, { error: 'Database down', code: 'INTERNAL' }));
    const { user } = renderPage(<SupportChat />);
    await user.click(screen.getByRole('button', { name: 'Support chat' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Help');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Not sent')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/not sent|Database down/);
  });
});

describe('top bar', () => {
  it('has no search box that searches nothing', () => {
    const props = { role: 'SHOP_OWNER' as const, onOpenDrawer: () => {} };
    renderPage(
      <AuthProvider>
        <TopBar {...props} />
      </AuthProvider>,
    );
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });
});
