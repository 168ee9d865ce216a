import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupKeys } from '../../api/setup';
import { jsonResponse, stubFetch } from '../../test/helpers';
import { renderPage } from '../../test/render';
import { SetupChecklist } from './SetupChecklist';

const setup = (over: Record<string, unknown> = {}) => ({
  rateCardConfirmed: false,
  upiId: false,
  printerChosen: false,
  publicAddress: { url: 'http://localhost:8080', source: 'loopback', reachableFromPhone: false },
  ...over,
});

describe("a new shop's setup checklist on the dashboard", () => {
  it('lists what is left, from the server and from the owner, and says why each matters', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, setup({ upiId: true })));
    renderPage(<SetupChecklist shopId="shop-1" />);
    const list = await screen.findByRole('region', { name: 'Finish setting up your shop' });
    expect(calls[0]?.url).toBe('/api/shops/shop-1/setup');
    expect(within(list).getByText('5 of 6 steps left')).toBeInTheDocument();
    expect(within(list).getByText('Until you do, customers see “price at the counter” and jobs carry no total.')).toBeInTheDocument();
    expect(within(list).getByText(/Add your UPI ID/)).toHaveTextContent('(done)');
    expect(within(list).getByText(/which a customer's phone cannot open/)).toBeInTheDocument();
  });

  it('keeps the steps the owner ticks off, and is gone once every step is done', async () => {
    const done = { rateCardConfirmed: true, upiId: true, printerChosen: true };
    const reachable = { url: 'http://192.168.1.20:8080', source: 'lan', reachableFromPhone: true };
    stubFetch(() => jsonResponse(200, setup({ ...done, publicAddress: reachable })));
    const { user, unmount } = renderPage(<SetupChecklist shopId="shop-2" />);
    const list = await screen.findByRole('region', { name: 'Finish setting up your shop' });
    expect(within(list).getByText('2 of 6 steps left')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'They are right' }));
    expect(within(list).getByText('1 of 6 steps left')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'It is up' }));
    expect(screen.queryByRole('region', { name: 'Finish setting up your shop' })).not.toBeInTheDocument();
    unmount();
    // The owner's ticks are kept on this device: the next visit shows nothing left.
    stubFetch(() => jsonResponse(200, setup({ ...done, publicAddress: reachable })));
    const { client } = renderPage(<SetupChecklist shopId="shop-2" />);
    await waitFor(() => expect(client.getQueryState(setupKeys.shop('shop-2'))?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: 'Finish setting up your shop' })).not.toBeInTheDocument();
  });
});
