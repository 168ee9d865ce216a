import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, pdfBytes } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp, testClock } from '../../../test/support/harness.js';
import { clientKeyOf } from './quota.js';
import { usageOf } from './quota-repo.js';

const KIB = 1024;
const MIB = 1024 * KIB;
const b64 = (s: string) => Buffer.from(s).toString('base64');
/** A real PDF of `size` bytes, padded with a comment. */
async function pdfOfSize(size: number, marker: string): Promise<Buffer> {
  const pdf = await pdfBytes(1, marker);
  const pad = randomBytes(Math.max(0, size - pdf.length - 3)).map((b) => 0x41 + (b % 26));
  return Buffer.concat([pdf, Buffer.from('\n%'), pad, Buffer.from('\n')]);
}

// A 4 MiB shop, half of it one address's; five uploads open per address, eight per shop; five minutes to move on.
const ENV = {
  SHOP_STORAGE_QUOTA: String(4 * MIB),
  ADDRESS_STORAGE_SHARE: '0.5',
  ADDRESS_OPEN_UPLOADS: '5',
  SHOP_OPEN_UPLOADS: '8',
  UPLOAD_STALL_TIMEOUT: '300',
};

describe.each(DATABASE_KINDS)('tus uploads against the quotas on %s', (kind) => {
  let t: TestApp;
  const clock = testClock(new Date('2026-12-04T09:00:00Z'));
  let shopNo = 0;
  let shop: { id: string; slug: string };
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, env: ENV });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  /** Each test at a shop of its own, so that what one leaves open does not count in the next. */
  const freshShop = async () => {
    shopNo += 1;
    const made = await ownerWithShop(t.app, `tus-quota-${shopNo}@example.com`, { shopName: `Quota Prints ${shopNo}` });
    shop = made.shop;
    auth = made.auth;
  };

  const create = (ip: string, name: string, size: number, slug = shop.slug) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/shops/${slug}/uploads`,
      remoteAddress: ip,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': `filename ${b64(name)}` },
    });
  const patch = (ip: string, location: string, offset: number, body: Buffer) =>
    t.app.inject({
      method: 'PATCH',
      url: location,
      remoteAddress: ip,
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      payload: body,
    });
  const head = (location: string) => t.app.inject({ method: 'HEAD', url: location, headers: { 'tus-resumable': '1.0.0' } });
  const rows = async () => {
    const r = (await t.deps.database.db.execute(
      `SELECT count(*)::int AS n FROM resumable_uploads WHERE shop_id = '${shop.id}'` as never,
    )) as unknown as { rows: { n: number }[] };
    return r.rows[0]!.n;
  };
  const blobsOf = async (location: string) => {
    const found: string[] = [];
    for await (const b of t.deps.blobs.list(`resumable/${shop.id}/${location.split('/').pop()}/`)) found.push(b.key);
    return found;
  };
  const usage = (ip: string) =>
    usageOf(t.deps.database.db, shop.id, clientKeyOf(t.deps.config.jwtSecret, ip), '00000000-0000-0000-0000-000000000000', clock.now());

  it("does not close the shop to another address's real upload when one address opens many and sends nothing", async () => {
    await freshShop();
    for (let i = 0; i < 5; i++) expect((await create('10.0.1.1', `empty-${i}.pdf`, MIB)).statusCode).toBe(201);
    const file = await pdfOfSize(1536 * KIB, 'real');
    const created = await create('10.0.1.2', 'real.pdf', file.length);
    expect(created.statusCode, created.body).toBe(201);
    const sent = await patch('10.0.1.2', String(created.headers.location), 0, file);
    expect(sent.statusCode, sent.body).toBe(204);
    expect(sent.headers['upload-offset']).toBe(String(file.length));
    // The five empty ones count their allowance only; the real one its bytes.
    expect((await usage('10.0.1.1')).addressBytes).toBe(5 * 256 * KIB);
    expect((await usage('10.0.1.2')).addressBytes).toBe(file.length);
  });

  it('refuses an upload past the open uploads of one address, and past those of the shop, with 429 and keeps nothing', async () => {
    await freshShop();
    for (let i = 0; i < 5; i++) expect((await create('10.0.2.1', `a-${i}.pdf`, 1000)).statusCode).toBe(201);
    const fromAddress = await create('10.0.2.1', 'a-more.pdf', 1000);
    expect(fromAddress.statusCode).toBe(429);
    expect(json(fromAddress)).toMatchObject({ code: 'UPLOADS_IN_PROGRESS', error: expect.stringMatching(/already sending many files/) });
    for (let i = 0; i < 3; i++) expect((await create('10.0.2.2', `b-${i}.pdf`, 1000)).statusCode).toBe(201);
    const atShop = await create('10.0.2.3', 'c.pdf', 1000);
    expect(atShop.statusCode).toBe(429);
    expect(json(atShop)).toMatchObject({ code: 'SHOP_UPLOADS_BUSY', error: expect.stringMatching(/receiving many files/) });
    expect(await rows()).toBe(8);
  });

  it('deletes an upload that made no progress for the stall window, with its bytes, and frees what it held', async () => {
    await freshShop();
    const file = await pdfOfSize(600 * KIB, 'stalls');
    const created = await create('10.0.3.1', 'stalls.pdf', file.length);
    const location = String(created.headers.location);
    expect((await patch('10.0.3.1', location, 0, file.subarray(0, 100 * KIB))).statusCode).toBe(204);
    clock.advance(4 * 60_000);
    expect((await head(location)).statusCode).toBe(200);
    expect(await blobsOf(location)).toHaveLength(1);
    clock.advance(61_000);
    expect((await head(location)).statusCode).toBe(410);
    expect((await usage('10.0.3.1')).addressBytes).toBe(0);
    expect((await t.app.services.sweeper.sweep()).resumable).toBeGreaterThanOrEqual(1);
    expect(await blobsOf(location)).toEqual([]);
    expect(await rows()).toBe(0);
  });

  it('does not judge stalled an upload whose PATCH is still bringing its bytes, however long it runs', async () => {
    await freshShop();
    const file = await pdfOfSize(400 * KIB, 'slow');
    const created = await create('127.0.0.1', 'slow.pdf', file.length);
    const location = String(created.headers.location);
    const port = (t.app.server.address() as AddressInfo).port;
    const headers = { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' };
    let req!: ReturnType<typeof request>;
    const answered = new Promise<number>((resolve, reject) => {
      req = request(
        `http://127.0.0.1:${port}${location}`,
        { method: 'PATCH', headers: { ...headers, 'content-length': String(file.length) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
    });
    req.write(file.subarray(0, 100 * KIB));
    // The PATCH has taken the rest of the file: it runs.
    const held = async () =>
      (
        (await t.deps.database.db.execute(
          `SELECT held::int AS held FROM resumable_uploads WHERE id = '${location.split('/').pop()}'` as never,
        )) as unknown as {
          rows: { held: number }[];
        }
      ).rows[0]?.held;
    const deadline = Date.now() + 10_000;
    while ((await held()) !== file.length && Date.now() < deadline) await new Promise((r) => setImmediate(r));
    expect(await held()).toBe(file.length);
    clock.advance(10 * 60_000);
    await t.app.services.sweeper.sweep();
    expect(await rows()).toBe(1);
    req.end(file.subarray(100 * KIB));
    expect(await answered).toBe(204);
    expect((await head(location)).headers['upload-offset']).toBe(String(file.length));
  });

  it("answers the address's 429 when its share is what is full, and the shop's 507 when the shop is", async () => {
    await freshShop();
    const file = await pdfOfSize(1900 * KIB, 'share');
    const created = await create('10.0.4.1', 'share.pdf', file.length);
    expect((await patch('10.0.4.1', String(created.headers.location), 0, file)).statusCode).toBe(204);
    const overShare = await create('10.0.4.1', 'more.pdf', 500 * KIB);
    expect(overShare.statusCode).toBe(429);
    expect(json(overShare).code).toBe('ADDRESS_UPLOAD_LIMIT');
    // Another address fills the rest of the shop with bytes it sent.
    const other = await pdfOfSize(1900 * KIB, 'other');
    const second = await create('10.0.4.2', 'other.pdf', other.length);
    expect((await patch('10.0.4.2', String(second.headers.location), 0, other)).statusCode).toBe(204);
    const overShop = await create('10.0.4.3', 'full.pdf', 500 * KIB);
    expect(overShop.statusCode).toBe(507);
    expect(json(overShop)).toMatchObject({ code: 'STORAGE_FULL', error: "This shop's storage is full" });
  });

  it('counts a finished upload once when it becomes a job file, and not at all once staff clear one', async () => {
    await freshShop();
    const file = await pdfOfSize(300 * KIB, 'job');
    const created = await create('10.0.5.1', 'job.pdf', file.length);
    const location = String(created.headers.location);
    expect((await patch('10.0.5.1', location, 0, file)).statusCode).toBe(204);
    expect((await usage('10.0.5.1')).shopBytes).toBe(file.length);
    const job = await t.app.inject({
      method: 'POST',
      url: `/api/public/shops/${shop.slug}/jobs`,
      remoteAddress: '10.0.5.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ uploads: [location.split('/').pop()] }),
    });
    expect(job.statusCode, job.body).toBe(201);
    // The job's file, once (a thumbnail made from it may join it: a few KiB, never the file again).
    const afterJob = await usage('10.0.5.1');
    expect(afterJob.addressBytes).toBe(file.length);
    expect(afterJob.shopBytes).toBeLessThan(file.length + 64 * KIB);

    const part = await pdfOfSize(200 * KIB, 'cleared');
    const left = await create('10.0.5.2', 'left.pdf', part.length);
    const leftAt = String(left.headers.location);
    expect((await patch('10.0.5.2', leftAt, 0, part.subarray(0, 100 * KIB))).statusCode).toBe(204);
    const listed = await t.app.inject({ method: 'GET', url: `/api/shops/${shop.id}/uploads-in-progress`, headers: auth });
    expect(listed.statusCode).toBe(200);
    expect(json(listed)).toEqual([
      expect.objectContaining({ id: leftAt.split('/').pop(), filename: 'left.pdf', size: part.length, received: 100 * KIB }),
    ]);
    expect(await blobsOf(leftAt)).toHaveLength(1);
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/api/shops/${shop.id}/uploads-in-progress/${leftAt.split('/').pop()}`,
      headers: auth,
    });
    expect(cleared.statusCode).toBe(204);
    expect(await blobsOf(leftAt)).toEqual([]);
    expect((await head(leftAt)).statusCode).toBe(404);
    expect((await usage('10.0.5.2')).addressBytes).toBe(0);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/shops/${shop.id}/uploads-in-progress/${leftAt.split('/').pop()}`,
      headers: auth,
    });
    expect(again.statusCode).toBe(404);
    expect(json(again).code).toBe('UPLOAD_NOT_FOUND');
  });

  it('never lets PATCHes sent at once hold more than the shop has', async () => {
    await freshShop();
    // Six files of 1 MiB from six addresses (1 MiB is within each one's share): three fit beside the others' allowances.
    const files = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => pdfOfSize(MIB, `race-${i}`)));
    const locations: string[] = [];
    for (const [i, f] of files.entries()) locations.push(String((await create(`10.0.6.${i}`, `race-${i}.pdf`, f.length)).headers.location));
    const answers = await Promise.all(files.map((f, i) => patch(`10.0.6.${i}`, locations[i]!, 0, f)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([204, 204, 204, 507, 507, 507]);
    expect((await usage('10.0.6.0')).shopBytes).toBeLessThanOrEqual(4 * MIB);
  });
});

describe.each(DATABASE_KINDS)('tus creations at once on %s', (kind) => {
  let t: TestApp;
  let shop: { id: string; slug: string };
  beforeAll(async () => {
    // 1 MiB, all of it any address's: four allowances of 256 KiB fit, no more.
    t = await createTestApp({ kind, env: { SHOP_STORAGE_QUOTA: String(MIB), ADDRESS_STORAGE_SHARE: '1', SHOP_OPEN_UPLOADS: '100' } });
    shop = (await ownerWithShop(t.app, 'tus-race@example.com', { shopName: 'Race Prints' })).shop;
  });
  afterAll(async () => t?.close());

  it('never accepts more creations than fit, however many arrive together', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/public/shops/${shop.slug}/uploads`,
          remoteAddress: `10.0.7.${i}`,
          headers: { 'tus-resumable': '1.0.0', 'upload-length': String(768 * KIB), 'upload-metadata': `filename ${b64(`r${i}.pdf`)}` },
        }),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 201).length;
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 507)).toBe(true);
    const held = (await t.deps.database.db.execute(
      `SELECT coalesce(sum(received + held), 0)::bigint AS n FROM resumable_uploads WHERE shop_id = '${shop.id}'` as never,
    )) as unknown as { rows: { n: string }[] };
    expect(Number(held.rows[0]!.n)).toBeLessThanOrEqual(MIB);
    // 768 KiB must fit beside the allowances already held: the first two can, the third finds 512 KiB.
    expect(accepted).toBe(2);
  });
});
