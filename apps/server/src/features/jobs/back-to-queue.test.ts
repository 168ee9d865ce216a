import { BACK_TO_QUEUE_REFUSED } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, pdfBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import { queryRows } from '../../db/index.js';

// Move back to queue undoes Mark Printed: files back from the bin, the order gone, the paper back on the shelf.
describe.each(DATABASE_KINDS)('Move back to queue on %s', (kind) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof ownerWithShop>>;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    a = await ownerWithShop(t.app, `back-to-queue-${kind}@example.com`, { shopName: 'Undo Prints' });
  });
  afterAll(async () => t?.close());

  const post = (jobId: string, action: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/shops/print-jobs/${jobId}/${action}`, headers: a.auth, ...(payload ? { payload } : {}) });
  const setStock = async (stock: number) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/settings/inventory/A4-70GSM?shopId=${a.shop.id}`,
      headers: a.auth,
      payload: { stock },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const stock = async () =>
    (
      await queryRows<{ stock: number }>(
        t.deps.database.db,
        sql`SELECT stock::int AS stock FROM inventory_items WHERE shop_id = ${a.shop.id} AND sku = 'A4-70GSM'`,
      )
    )[0]?.stock;
  const orderRows = async (jobId: string) =>
    queryRows<{ orders: number; lines: number }>(
      t.deps.database.db,
      sql`SELECT (SELECT count(*)::int FROM orders WHERE job_id = ${jobId}) AS orders,
                 (SELECT count(*)::int FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.job_id = ${jobId}) AS lines`,
    );
  /** A job of 3 pages, 2 copies: 6 sheets. */
  const newJob = async () => {
    const res = await upload(t.app, a.shop.slug, [
      { name: 'name', value: 'Meera' },
      { name: 'options', value: JSON.stringify([{ copies: 2 }]) },
      { name: 'files', filename: 'doc.pdf', data: await pdfBytes(3) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    await t.app.services.pageCounter.idle();
    return json(res).jobId as string;
  };

  it('puts a printed job back in the queue: files restored, its order and lines removed, its sheets back in stock', async () => {
    await setStock(100);
    const jobId = await newJob();
    const printed = await post(jobId, 'mark-printed', { amount: 12, paymentMethod: 'cash' });
    expect(printed.statusCode, printed.body).toBe(200);
    const sheets = json(printed).files[0].sheets as number;
    expect(sheets).toBeGreaterThan(0);
    expect(await stock()).toBe(100 - sheets);
    expect(await orderRows(jobId)).toEqual([{ orders: 1, lines: expect.any(Number) }]);

    const back = await post(jobId, 'back-to-queue');
    expect(back.statusCode, back.body).toBe(200);
    const job = json(back);
    expect(job.status).toBe('queued');
    expect(job.printedAt).toBeNull();
    expect(job.files.map((f: { state: string }) => f.state)).toEqual(['active']);
    expect(await orderRows(jobId)).toEqual([{ orders: 0, lines: 0 }]);
    expect(await stock()).toBe(100);
    const kept = await queryRows<{ printed_sheets: number | null; paper_taken: number | null }>(
      t.deps.database.db,
      sql`SELECT printed_sheets, paper_taken FROM jobs WHERE id = ${jobId}`,
    );
    expect(kept).toEqual([{ printed_sheets: null, paper_taken: null }]);

    // Printed again, it counts once.
    expect((await post(jobId, 'mark-printed', { amount: 12, paymentMethod: 'upi' })).statusCode).toBe(200);
    expect(await stock()).toBe(100 - sheets);
    expect((await orderRows(jobId))[0]!.orders).toBe(1);
  });

  it('gives back only the sheets the stock had, when Mark Printed ran it down to zero', async () => {
    await setStock(2);
    const jobId = await newJob();
    expect((await post(jobId, 'mark-printed')).statusCode).toBe(200);
    expect(await stock()).toBe(0);
    expect((await post(jobId, 'back-to-queue')).statusCode).toBe(200);
    expect(await stock()).toBe(2);
  });

  it('refuses a queued job, and a printed job whose files have left the bin, changing nothing', async () => {
    await setStock(100);
    const jobId = await newJob();
    const queued = await post(jobId, 'back-to-queue');
    expect(queued.statusCode).toBe(409);
    expect(json(queued)).toMatchObject({ code: 'JOB_NOT_PRINTED', error: BACK_TO_QUEUE_REFUSED['not-printed'] });

    const printed = await post(jobId, 'mark-printed', { amount: 5 });
    const fileId = json(printed).files[0].id as string;
    const purge = await t.app.inject({ method: 'DELETE', url: `/api/recycle/${fileId}`, headers: a.auth });
    expect(purge.statusCode, purge.body).toBe(200);
    const stockAfter = await stock();
    const gone = await post(jobId, 'back-to-queue');
    expect(gone.statusCode).toBe(409);
    expect(json(gone)).toMatchObject({ code: 'FILES_GONE', error: BACK_TO_QUEUE_REFUSED['files-gone'] });
    expect(await stock()).toBe(stockAfter);
    expect((await orderRows(jobId))[0]!.orders).toBe(1);
    const list = await t.app.inject({ method: 'GET', url: `/api/shops/${a.shop.id}/print-jobs`, headers: a.auth });
    expect(json(list).find((j: { id: string }) => j.id === jobId).status).toBe('done');

    const missing = await post('00000000-0000-4000-8000-000000000000', 'back-to-queue');
    expect(missing.statusCode).toBe(404);
  });
});
