import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';

describe.each(DATABASE_KINDS)("a new shop's setup checklist on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off', PUBLIC_BASE_URL: 'http://localhost:8080' } });
  }, 60_000);
  afterAll(async () => t?.close());

  it('shows what is left (prices, UPI, a printer, an address phones reach) and ticks each off as it is done', async () => {
    const owner = await ownerWithShop(t.app, 'setup@example.in', { prices: null, shopName: 'Fresh Prints' });
    const setup = async () => json(await t.app.inject({ method: 'GET', url: `/api/shops/${owner.shop.id}/setup`, headers: owner.auth }));
    expect(await setup()).toEqual({
      rateCardConfirmed: false,
      upiId: false,
      printerChosen: false,
      publicAddress: { url: 'http://localhost:8080', source: 'configured', reachableFromPhone: false },
    });
    const settings = json(await t.app.inject({ method: 'GET', url: `/api/settings?shopId=${owner.shop.id}`, headers: owner.auth }));
    const put = (url: string, payload: unknown) => t.app.inject({ method: 'PUT', url, headers: owner.auth, payload: payload as object });
    expect((await put(`/api/settings/ratecard?shopId=${owner.shop.id}`, settings.rateCard)).statusCode).toBe(200);
    const upi = await put(`/api/settings/shop?shopId=${owner.shop.id}`, {
      shopName: 'Fresh Prints',
      username: 'fresh_prints',
      upiId: 'fresh@okbank',
    });
    expect(upi.statusCode, upi.body).toBe(200);
    expect(await setup()).toMatchObject({ rateCardConfirmed: true, upiId: true, printerChosen: false });
  });
});
