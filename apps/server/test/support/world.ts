/**
 * Two shops with real data, for the access tests: shop A holds one object of every kind a
 * route can name (queued job, printed job with an order, recycled and saved files, the PDF, preview
 * and thumbnails made from files, customer, inventory sku, rate-card service, banner); shop B's
 * owner is the intruder.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import { queryRows } from '../../src/db/index.js';
import { blobKeys, heicBytes, multipart, ownerWithShop, type Part, pdfBytes, pngBytes, rtfBytes, upload } from './fixtures.js';
import { json, type TestApp } from './harness.js';

type Owner = Awaited<ReturnType<typeof ownerWithShop>>;

export type World = {
  a: Owner;
  b: Owner;
  /** A's objects */
  queuedJobId: string;
  /** The queued job's first file (a PDF; a Rich Text letter and a HEIC photo follow it). */
  queuedFileId: string;
  printedJobId: string;
  recycledFileId: string;
  savedFileId: string;
  customerId: string;
  orderId: string;
  sku: string;
  serviceId: string;
  bannerId: string;
  bannerPath: string;
};

export type Call = { method: string; url: string; payload?: unknown; parts?: Part[] };

export async function send(app: App, call: Call, headers: Record<string, string> = {}) {
  if (call.parts) {
    const body = await multipart(call.parts);
    return app.inject({ method: call.method as 'POST', url: call.url, payload: body.payload, headers: { ...headers, ...body.headers } });
  }
  return app.inject({
    method: call.method as 'POST',
    url: call.url,
    headers,
    ...(call.payload === undefined ? {} : { payload: call.payload as object }),
  });
}

const ok = (res: { statusCode: number; body: string }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return json(res);
};

export async function buildWorld(t: TestApp): Promise<World> {
  const { app } = t;
  const a = await ownerWithShop(app, 'sec-a@example.com', { shopName: 'Alpha Secure Prints' });
  const b = await ownerWithShop(app, 'sec-b@example.com', { shopName: 'Beta Secure Prints' });
  const q = `?shopId=${a.shop.id}`;

  const queued = await upload(app, a.shop.slug, [
    { name: 'name', value: 'Asha Alpha' },
    { name: 'phone', value: '+919800000001' },
    { name: 'files', filename: 'id-card.pdf', data: await pdfBytes(1) },
    // Made in the background: a converted PDF, a preview JPEG and thumbnails, all A's to keep.
    { name: 'files', filename: 'letter.rtf', data: rtfBytes() },
    { name: 'files', filename: 'IMG_0001.heic', data: await heicBytes(120, 90) },
  ]);
  const queuedJobId = ok(queued, 201).jobId as string;
  const queuedFileId = ok(queued, 201).files[0].id as string;
  const printedRes = await upload(app, a.shop.slug, [
    { name: 'name', value: 'Asha Alpha' },
    { name: 'phone', value: '+919800000001' },
    { name: 'files', filename: 'bank-form.pdf', data: await pdfBytes(2) },
    { name: 'files', filename: 'photo.png', data: pngBytes() },
  ]);
  const printedJobId = ok(printedRes, 201).jobId as string;
  await app.services.pageCounter.idle();

  const service = ok(
    await send(app, { method: 'PUT', url: `/api/settings/ratecard${q}`, payload: [{ serviceName: 'Alpha B/W', basePrice: 2 }] }, a.auth),
  ) as { id: string }[];
  const serviceId = service[0]!.id;
  const printed = ok(
    await send(
      app,
      {
        method: 'POST',
        url: `/api/shops/print-jobs/${printedJobId}/mark-printed`,
        payload: { amount: 40, paymentMethod: 'cash', serviceId },
      },
      a.auth,
    ),
  ) as { files: { id: string }[] };
  const [recycledFileId, savedFileId] = printed.files.map((f) => f.id) as [string, string];
  ok(await send(app, { method: 'PUT', url: `/api/recycle/${savedFileId}/save` }, a.auth));

  const sku = 'ALPHA-ONLY-CARD';
  ok(
    await send(app, { method: 'POST', url: `/api/settings/inventory${q}`, payload: { sku, name: 'Alpha card stock', stock: 50 } }, a.auth),
    201,
  );
  const banners = ok(
    await send(
      app,
      {
        method: 'POST',
        url: `/api/settings/banners/upload${q}`,
        parts: [{ name: 'banners', filename: 'wide.png', data: pngBytes(60, 20) }],
      },
      a.auth,
    ),
  ) as { bannerGcsPaths: string[] };
  const bannerPath = banners.bannerGcsPaths[0]!;
  const bannerId = bannerPath.split('/').pop()!;

  // Thumbnails are made after the uploads answer: wait, so that A's snapshot does not move under the test.
  await t.app.services.preparer.idle();
  const db = t.deps.database.db;
  const made = await queryRows<{ role: string }>(
    db,
    sql`SELECT DISTINCT role FROM file_derivatives WHERE shop_id = ${a.shop.id} ORDER BY 1`,
  );
  expect(made.map((d) => d.role)).toEqual(['pdf', 'preview', 'thumbnail']);
  const customerId = (await queryRows<{ id: string }>(db, sql`SELECT id FROM customers WHERE shop_id = ${a.shop.id}`))[0]!.id;
  const orderId = (await queryRows<{ id: string }>(db, sql`SELECT id FROM orders WHERE shop_id = ${a.shop.id}`))[0]!.id;
  return {
    a,
    b,
    queuedJobId,
    queuedFileId,
    printedJobId,
    recycledFileId,
    savedFileId,
    customerId,
    orderId,
    sku,
    serviceId,
    bannerId,
    bannerPath,
  };
}

/** Every id and name of shop A that must never appear in an answer to B. */
export function secretsOf(w: World): string[] {
  return [
    w.a.shop.id,
    w.a.shop.slug,
    w.a.shop.shopName,
    w.queuedJobId,
    w.queuedFileId,
    w.printedJobId,
    w.recycledFileId,
    w.savedFileId,
    w.customerId,
    w.orderId,
    w.serviceId,
    w.bannerId,
    'Asha Alpha',
    '+919800000001',
  ];
}

/**
 * Every row of every table with a shop_id column that belongs to A, the shop row itself and
 * A's blob keys, as one canonical string: equal before and after means B changed nothing of A's.
 */
export async function snapshotOf(t: TestApp, shopId: string): Promise<string> {
  const db = t.deps.database.db;
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`SELECT table_name FROM information_schema.columns
        WHERE column_name = 'shop_id' AND table_schema = current_schema() ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const rows = await queryRows<{ r: string }>(
      db,
      sql`SELECT to_jsonb(x)::text AS r FROM ${sql.identifier(table_name)} x WHERE shop_id = ${shopId} ORDER BY 1`,
    );
    parts.push(`${table_name}: ${rows.map((r) => r.r).join('\n')}`);
  }
  const shop = await queryRows<{ r: string }>(db, sql`SELECT to_jsonb(s)::text AS r FROM shops s WHERE id = ${shopId}`);
  parts.push(`shops: ${shop[0]?.r}`);
  parts.push(`blobs: ${(await blobKeys(t.deps.blobs, `shops/${shopId}/`)).sort().join(',')}`);
  return parts.join('\n');
}

/** A digest of every table's rows: equal before and after means the request wrote nothing anywhere. */
export async function databaseFingerprint(t: TestApp): Promise<Record<string, string>> {
  const db = t.deps.database.db;
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    const rows = await queryRows<{ n: number | string; h: string | null }>(
      db,
      sql`SELECT count(*) AS n, md5(string_agg(to_jsonb(x)::text, ',' ORDER BY to_jsonb(x)::text)) AS h FROM ${sql.identifier(table_name)} x`,
    );
    out[table_name] = `${rows[0]?.n}:${rows[0]?.h}`;
  }
  out.blobs = (await blobKeys(t.deps.blobs)).sort().join(',');
  return out;
}
