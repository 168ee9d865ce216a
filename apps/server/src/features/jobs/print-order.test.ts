import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, pdfBytes, pdfWithColorPages, pngBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import { queryRows } from '../../db/index.js';

// Issue 19 end to end through the API: options at upload, the estimate on every job, staff changing
// options, and Mark Printed recording the estimate's lines, on both databases.
describe.each(DATABASE_KINDS)('the print order on %s', (kind) => {
  let t: TestApp;
  let slug: string;
  let shopId: string;
  let auth: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    const o = await ownerWithShop(t.app, `print-order-${kind}@example.com`);
    slug = o.shop.slug;
    shopId = o.shop.id;
    auth = o.auth;
  });
  afterAll(async () => t?.close());

  const settled = async () => {
    await t.app.services.pageCounter.idle();
    await t.app.services.preparer.idle();
  };
  const jobOf = async (jobId: string) => {
    const list = json(await t.app.inject({ method: 'GET', url: `/api/shops/${shopId}/print-jobs`, headers: auth }));
    return list.find((j: { id: string }) => j.id === jobId);
  };
  const putOptions = (jobId: string, files: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/shops/print-jobs/${jobId}/options`, headers: auth, payload: { files } });

  it('a new shop starts with the default rate card as real services, and publishes it with its papers', async () => {
    const details = json(await t.app.inject({ method: 'GET', url: `/api/public/shops/${slug}/details` }));
    expect(details.rateCard.map((r: Record<string, unknown>) => [r.serviceName, r.basePrice, r.unit, r.paper, r.color, r.extra])).toEqual([
      ['Black & white A4', 2, 'per_page', 'A4', 'bw', false],
      ['Colour A4', 10, 'per_page', 'A4', 'color', false],
      ['Photo 4x6', 25, 'per_page', '4x6', 'color', false],
    ]);
    expect(details.papers).toEqual(['A4', '4x6']);
    expect(details.colorDetection).toBe(false);
  });

  let jobId: string;
  let pdfId: string;
  let photoId: string;
  let token: string;

  it('prices each file from the rate card, the same on the staff queue and the customer status page', async () => {
    const res = await upload(t.app, slug, [
      {
        name: 'options',
        value: JSON.stringify([
          { copies: 2, sides: 'double', pages: '1-3' },
          { color: 'color', paper: '4X6' },
        ]),
      },
      { name: 'files', filename: 'notes.pdf', data: await pdfBytes(5) },
      { name: 'files', filename: 'photo.png', data: pngBytes() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    ({ jobId, token } = json(res));
    await settled();
    const job = await jobOf(jobId);
    [pdfId, photoId] = job.files.map((f: { id: string }) => f.id);
    // 3 pages, double-sided: 3 sides and 2 sheets a copy; 2 copies.
    expect(job.files[0]).toMatchObject({ printPages: 3, pagesClipped: false, printedSides: 6, sheets: 4 });
    expect(job.files[1]).toMatchObject({ options: { paper: '4x6', color: 'color' }, printPages: 1, printedSides: 1, sheets: 1 });
    expect(job.estimate).toEqual({
      total: 37,
      currency: 'INR',
      complete: true,
      lines: [
        expect.objectContaining({ fileId: pdfId, description: 'notes.pdf: Black & white A4', quantity: 6, unitPrice: 2, amount: 12 }),
        expect.objectContaining({ fileId: photoId, description: 'photo.png: Photo 4x6', quantity: 1, unitPrice: 25, amount: 25 }),
      ],
    });
    expect(job.items.map((i: { sheetsUsed: number }) => i.sheetsUsed)).toEqual([4, 1]);
    const mine = json(await t.app.inject({ method: 'GET', url: `/api/public/jobs/${token}` }));
    expect(mine.estimate).toEqual(job.estimate);
    expect(mine.files[0]).toMatchObject({ options: { copies: 2, sides: 'double', pages: '1-3' }, printPages: 3, sheets: 4 });
  });

  it('clips a range past the end and says so', async () => {
    const res = await upload(t.app, slug, [
      { name: 'options', value: JSON.stringify([{ pages: '2-9' }]) },
      { name: 'files', filename: 'short.pdf', data: await pdfBytes(4) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    await settled();
    const job = await jobOf(json(res).jobId);
    expect(job.files[0]).toMatchObject({ printPages: 3, pagesClipped: true });
    expect(job.estimate.total).toBe(6);
  });

  it('refuses a paper the shop does not offer, naming the file, and stores nothing', async () => {
    const before = await queryRows<{ n: number }>(t.deps.database.db, sql`SELECT count(*)::int AS n FROM job_files`);
    const res = await upload(t.app, slug, [
      { name: 'options', value: JSON.stringify([{ paper: 'A3' }]) },
      { name: 'files', filename: 'poster.pdf', data: await pdfBytes(1) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      error: "poster.pdf: paper must be one of this shop's sizes: A4, 4x6",
      code: 'INVALID_PRINT_OPTIONS',
    });
    const after = await queryRows<{ n: number }>(t.deps.database.db, sql`SELECT count(*)::int AS n FROM job_files`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('staff change a file’s options: the estimate follows; a bad value is a 400 naming the file and changes nothing', async () => {
    const bad = await putOptions(jobId, [
      { fileId: photoId, options: { copies: 3, color: 'color', paper: '4x6' } },
      { fileId: pdfId, options: { copies: 0 } },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ error: 'notes.pdf: copies must be between 1 and 99', code: 'INVALID_PRINT_OPTIONS' });
    expect((await jobOf(jobId)).estimate.total).toBe(37);

    const res = await putOptions(jobId, [{ fileId: pdfId, options: { copies: 1, sides: 'double', pages: '1-3' } }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).files[0]).toMatchObject({ options: { copies: 1 }, printedSides: 3, sheets: 2 });
    expect(json(res).estimate.total).toBe(31);
    expect((await jobOf(jobId)).estimate.total).toBe(31);

    const stranger = await putOptions(jobId, [{ fileId: '00000000-0000-4000-8000-000000000000', options: {} }]);
    expect(stranger.statusCode).toBe(404);
    const auto = await putOptions(jobId, [{ fileId: pdfId, options: { color: 'auto' } }]);
    expect(auto.statusCode).toBe(400);
    expect(json(auto).error).toMatch(/^notes\.pdf: color auto needs colour detection/);
  });

  it('Mark Printed records the estimate as the order’s lines, and a lower amount as a discount', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shops/print-jobs/${jobId}/mark-printed`,
      headers: auth,
      payload: { amount: 29, paymentMethod: 'upi' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const earnings = json(await t.app.inject({ method: 'GET', url: `/api/earnings?shopId=${shopId}&range=7d`, headers: auth }));
    const order = earnings.orders.find((o: { jobNumber: number }) => o.jobNumber === json(res).number);
    expect(order.amount).toBe(29);
    expect(order.lines).toEqual([
      { kind: 'print', serviceId: expect.any(String), description: 'notes.pdf: Black & white A4', quantity: 3, unitPrice: 2, amount: 6 },
      { kind: 'print', serviceId: expect.any(String), description: 'photo.png: Photo 4x6', quantity: 1, unitPrice: 25, amount: 25 },
      { kind: 'adjustment', serviceId: null, description: 'Discount', quantity: 1, unitPrice: null, amount: -2 },
    ]);
    expect(order.lines.reduce((n: number, l: { amount: number }) => n + l.amount, 0)).toBe(order.amount);
    const top = Object.fromEntries(
      earnings.topProducts.map((p: { name: string; sold: number; revenue: number }) => [p.name, [p.sold, p.revenue]]),
    );
    // The ₹2 discount is shared by the lines' amounts (6 and 25 of 31): what each service was really paid.
    expect(top).toEqual({ 'Black & white A4': [3, 5.61], 'Photo 4x6': [1, 23.39] });
    const changed = await putOptions(jobId, [{ fileId: pdfId, options: {} }]);
    expect(changed.statusCode).toBe(409);
  });

  it('with colour detection on, `auto` prices the colour pages at the colour rate and the rest at B&W', async () => {
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/settings/shop?shopId=${shopId}`,
      headers: auth,
      payload: { shopName: 'Colour Prints', username: `colour_${kind}`, colorDetection: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    await new Promise((r) => setTimeout(r, 1100)); // the public details are answered from memory for a second
    const details = json(await t.app.inject({ method: 'GET', url: `/api/public/shops/${slug}/details` }));
    expect(details.colorDetection).toBe(true);
    const res = await upload(t.app, slug, [
      { name: 'options', value: JSON.stringify([{ color: 'auto' }, {}]) },
      { name: 'files', filename: 'report.pdf', data: await pdfWithColorPages(5, [2, 4]) },
      { name: 'files', filename: 'plain.pdf', data: await pdfBytes(2) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    await settled();
    await settled();
    const job = await jobOf(json(res).jobId);
    expect(job.files.map((f: { colorPages: unknown; options: { color: string } }) => [f.options.color, f.colorPages])).toEqual([
      ['auto', [2, 4]],
      // With detection on, `auto` is the default colour.
      ['auto', []],
    ]);
    expect(job.estimate).toMatchObject({ total: 2 * 3 + 10 * 2 + 2 * 2, complete: true });
  });
});
