import { DEFAULT_RATE_CARD } from '@counterprint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { createShop, ownerWithShop, pngBytes, shopJson, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, signUpAndIn, type TestApp } from '../../../test/support/harness.js';

/** docs/decisions/061-prices-a-shop-never-set-are-not-quoted.md */
describe.each(DATABASE_KINDS)('prices a shop never set are not quoted, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
  }, 60_000);
  afterAll(async () => t?.close());

  const details = async (slug: string) => json(await t.app.inject({ method: 'GET', url: `/api/public/shops/${slug}/details` }));
  const settings = async (shopId: string, auth: Record<string, string>) =>
    json(await t.app.inject({ method: 'GET', url: `/api/settings?shopId=${shopId}`, headers: auth }));
  const photoJob = async (slug: string) => {
    const res = await upload(t.app, slug, [{ name: 'files', filename: 'photo.png', data: pngBytes() }]);
    expect(res.statusCode, res.body).toBe(201);
    return json(res).token as string;
  };
  const estimateOf = async (token: string) => json(await t.app.inject({ method: 'GET', url: `/api/public/jobs/${token}` })).estimate;

  it('quotes nothing until the owner confirms the rate card, then quotes it, on the page and on a job already sent', async () => {
    const owner = await ownerWithShop(t.app, 'unconfirmed@example.in', { prices: null, shopName: 'Never Priced Prints' });
    const page = await details(owner.shop.slug);
    expect(page.rateCard).toEqual([]);
    expect(page.papers).toEqual(['A4', '4x6']);
    expect((await settings(owner.shop.id, owner.auth)).rateCardConfirmed).toBe(false);
    const token = await photoJob(owner.shop.slug);
    expect(await estimateOf(token)).toMatchObject({ total: 0, complete: false });

    const card = (await settings(owner.shop.id, owner.auth)).rateCard;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/settings/ratecard?shopId=${owner.shop.id}`,
      headers: owner.auth,
      payload: card,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await settings(owner.shop.id, owner.auth)).rateCardConfirmed).toBe(true);
    await expect.poll(async () => (await details(owner.shop.slug)).rateCard.length).toBe(DEFAULT_RATE_CARD.length);
    // Pricing is on read: the job sent before is priced now, one B&W A4 side at the default ₹2.
    expect(await estimateOf(token)).toMatchObject({ total: 2, complete: true });
  });

  it("takes the onboarding step's prices as the confirmed rate card: per paper, double-sided and the photo", async () => {
    const prices = {
      papers: [
        { paper: 'A4', bw: 3, color: 12, bwDouble: 2.5 },
        { paper: 'A3', bw: 6, color: 25 },
      ],
      photo4x6: 30,
    };
    const owner = await ownerWithShop(t.app, 'priced@example.in', { prices, shopName: 'Own Prices Prints' });
    const rows = (await details(owner.shop.slug)).rateCard.map((r: { serviceName: string; basePrice: number; sides: string | null }) => [
      r.serviceName,
      r.basePrice,
      r.sides,
    ]);
    expect(rows).toEqual([
      ['Black & white A4', 3, null],
      ['Black & white A4 double-sided', 2.5, 'double'],
      ['Colour A4', 12, null],
      ['Black & white A3', 6, null],
      ['Colour A3', 25, null],
      ['Photo 4x6', 30, null],
    ]);
    expect((await settings(owner.shop.id, owner.auth)).rateCardConfirmed).toBe(true);
    expect(await estimateOf(await photoJob(owner.shop.slug))).toMatchObject({ total: 3, complete: true });
  });

  it('refuses prices it cannot use with a clear 400, and creates no shop', async () => {
    const { token } = await signUpAndIn(t.app, 'badprices@example.in');
    const auth = { authorization: `Bearer ${token}` };
    for (const prices of [
      { papers: [] },
      { papers: [{ paper: 'B5', bw: 1, color: 2 }] },
      { papers: [{ paper: 'A4', bw: -1, color: 2 }] },
    ]) {
      const res = await createShop(t.app, auth, shopJson({ prices, shopName: 'Bad Prices' }));
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).error).toMatch(/paper|0 or more/i);
    }
    const mine = json(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth }));
    expect(mine.shops ?? []).toEqual([]);
  });
});
