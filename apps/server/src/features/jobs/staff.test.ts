import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, pdfBytes, pngBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import { queryRows } from '../../db/index.js';

describe.each(DATABASE_KINDS)('staff job calls on %s', (kind) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof ownerWithShop>>;
  let b: Awaited<ReturnType<typeof ownerWithShop>>;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    a = await ownerWithShop(t.app, 'shop-a@example.com', { shopName: 'Alpha Prints' });
    b = await ownerWithShop(t.app, 'shop-b@example.com', { shopName: 'Beta Prints' });
  });
  afterAll(async () => t?.close());

  const newJob = async (slug = a.shop.slug) => {
    const res = await upload(t.app, slug, [
      { name: 'name', value: 'Meera' },
      { name: 'files', filename: 'doc.pdf', data: await pdfBytes(2) },
      { name: 'files', filename: 'pic.png', data: pngBytes() },
    ]);
    expect(res.statusCode).toBe(201);
    await t.app.services.pageCounter.idle();
    return json(res).jobId as string;
  };

  it("answers 403 to another shop's owner on every job call, and 401 without a token", async () => {
    const jobId = await newJob();
    const calls = [
      { method: 'GET' as const, url: `/api/shops/${a.shop.id}/print-jobs` },
      { method: 'GET' as const, url: `/api/shops-action/print-jobs/${jobId}/signed-urls` },
      { method: 'POST' as const, url: `/api/shops/print-jobs/${jobId}/mark-printed` },
      { method: 'DELETE' as const, url: `/api/shops/print-jobs/${jobId}` },
    ];
    for (const call of calls) {
      const other = await t.app.inject({ ...call, headers: b.auth });
      expect(other.statusCode, `${call.method} ${call.url}`).toBe(403);
      const anon = await t.app.inject(call);
      expect(anon.statusCode).toBe(401);
    }
    const list = await t.app.inject({ method: 'GET', url: `/api/shops/${a.shop.id}/print-jobs`, headers: a.auth });
    expect(json(list).find((j: { id: string }) => j.id === jobId).status).toBe('queued');
  });

  it('answers 404 for an unknown job and 400 for a malformed id', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/shops/print-jobs/00000000-0000-4000-8000-000000000000/mark-printed',
      headers: a.auth,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/shops-action/print-jobs/42/signed-urls', headers: a.auth });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toMatch(/id/);
  });

  it('marks a job printed with an amount: an order is recorded, paper consumed, files go to the recycle bin', async () => {
    const jobId = await newJob();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shops/print-jobs/${jobId}/mark-printed`,
      headers: a.auth,
      payload: { amount: 42.5, paymentMethod: 'upi' },
    });
    expect(res.statusCode).toBe(200);
    const job = json(res);
    expect(job.status).toBe('done');
    expect(job.printedAt).toEqual(expect.any(String));
    expect(job.files.map((f: { state: string }) => f.state)).toEqual(['recycled', 'recycled']);
    const orders = await queryRows<{ amount_paise: number; payment_method: string; status: string }>(
      t.deps.database.db,
      sql`SELECT amount_paise::int AS amount_paise, payment_method, status FROM orders WHERE job_id = ${jobId}`,
    );
    expect(orders).toEqual([{ amount_paise: 4250, payment_method: 'upi', status: 'paid' }]);
    const again = await t.app.inject({ method: 'POST', url: `/api/shops/print-jobs/${jobId}/mark-printed`, headers: a.auth });
    expect(again.statusCode).toBe(409);
    // Printed files stay downloadable from the bin until their retention passes.
    const urls = await t.app.inject({ method: 'GET', url: `/api/shops-action/print-jobs/${jobId}/signed-urls`, headers: a.auth });
    expect(json(urls)).toHaveLength(2);
  });

  it('marks printed with an empty body (the spec client) and records no order', async () => {
    const jobId = await newJob();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shops/print-jobs/${jobId}/mark-printed`,
      headers: { ...a.auth, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const orders = await queryRows<{ n: number }>(t.deps.database.db, sql`SELECT count(*)::int AS n FROM orders WHERE job_id = ${jobId}`);
    expect(orders[0]?.n).toBe(0);
  });

  it('validates the mark-printed body', async () => {
    const jobId = await newJob();
    for (const payload of [{ amount: -1 }, { amount: 'ten' }, { amount: 5, paymentMethod: 'bitcoin' }]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/shops/print-jobs/${jobId}/mark-printed`, headers: a.auth, payload });
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toMatch(/amount|paymentMethod/);
    }
  });

  it('cancels a job: status cancelled, files in the bin, and only queued jobs when asked', async () => {
    const jobId = await newJob();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/shops/print-jobs/${jobId}`, headers: a.auth });
    expect(res.statusCode).toBe(200);
    expect(json(res).status).toBe('cancelled');
    const queued = await t.app.inject({ method: 'GET', url: `/api/shops/${a.shop.id}/print-jobs?status=queued`, headers: a.auth });
    expect(json(queued).some((j: { id: string }) => j.id === jobId)).toBe(false);
  });

  it('pages the job list newest first with limit and before', async () => {
    const all = json(await t.app.inject({ method: 'GET', url: `/api/shops/${a.shop.id}/print-jobs?limit=500`, headers: a.auth }));
    expect(all.length).toBeGreaterThanOrEqual(4);
    const first = json(await t.app.inject({ method: 'GET', url: `/api/shops/${a.shop.id}/print-jobs?limit=2`, headers: a.auth }));
    const next = json(
      await t.app.inject({ method: 'GET', url: `/api/shops/${a.shop.id}/print-jobs?limit=2&before=${first[1].id}`, headers: a.auth }),
    );
    expect([...first, ...next].map((j: { id: string }) => j.id)).toEqual(all.slice(0, 4).map((j: { id: string }) => j.id));
    const numbers = all.map((j: { number: number }) => j.number);
    expect(numbers).toEqual([...numbers].sort((x: number, y: number) => y - x));
    const tooMany = await t.app.inject({ method: 'GET', url: `/api/shops/${a.shop.id}/print-jobs?limit=501`, headers: a.auth });
    expect(tooMany.statusCode).toBe(400);
  });

  it('a signed URL stops working once its file is purged, and a changed URL is refused', async () => {
    const jobId = await newJob();
    const [url] = json(await t.app.inject({ method: 'GET', url: `/api/shops-action/print-jobs/${jobId}/signed-urls`, headers: a.auth }));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const tampered = url.replace(/\/files\/(.)/, (_m: string, c: string) => `/files/${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    await t.deps.database.db.execute(sql`UPDATE job_files SET state = 'purged' WHERE job_id = ${jobId}`);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
