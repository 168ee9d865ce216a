import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { blobKeys, multipart, ownerWithShop, type Part, pdfBytes, pngBytes, streamRequest } from '../../../test/support/fixtures.js';
import { createSecondInstance, createTestApp, json, type TestApp, type TestClock, testClock } from '../../../test/support/harness.js';
import type { App } from '../../app.js';
import { type Db, queryRows } from '../../db/index.js';
import { UploadLeases } from './quota.js';

const MiB = 1024 * 1024;
const HOUR = 60 * 60 * 1000;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A PDF of exactly `bytes` bytes (a real PDF head, then spaces). */
async function pdfOf(bytes: number): Promise<Buffer> {
  const head = await pdfBytes(1);
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x20)]);
}

async function uploadFrom(app: App, slug: string, parts: Part[], address?: string) {
  const body = await multipart(parts);
  const headers = address ? { ...body.headers, 'x-forwarded-for': address } : body.headers;
  return app.inject({ method: 'POST', url: `/api/public/shops/${slug}/jobs`, payload: body.payload, headers });
}

async function counts(t: TestApp, shopId: string) {
  const rows = await queryRows<{ jobs: number; files: number; bytes: number; held: number }>(
    t.deps.database.db,
    sql`SELECT (SELECT count(*) FROM jobs WHERE shop_id = ${shopId})::int AS jobs,
               (SELECT count(*) FROM job_files WHERE shop_id = ${shopId})::int AS files,
               (SELECT coalesce(sum(size), 0) FROM job_files WHERE shop_id = ${shopId})::bigint AS bytes,
               (SELECT count(*) FROM upload_reservations)::int AS held`,
  );
  const r = rows[0]!;
  return {
    jobs: r.jobs,
    files: r.files,
    bytes: Number(r.bytes),
    held: r.held,
    blobs: (await blobKeys(t.deps.blobs, `shops/${shopId}/jobs/`)).length,
  };
}

describe.each(DATABASE_KINDS)('shop storage quota on %s', (kind) => {
  it('10 parallel uploads of 4 MiB against a 10 MiB quota store at most 10 MiB; the rest answer 507 with no job row and no blob', async () => {
    // RATE_LIMIT=off: one client, and only the shop's quota in play.
    const t = await createTestApp({ kind, env: { RATE_LIMIT: 'off', SHOP_STORAGE_QUOTA: String(10 * MiB) } });
    // On PostgreSQL half the uploads go through a second instance, as behind a load balancer.
    const second = kind === 'postgres' ? await createSecondInstance(t) : undefined;
    try {
      const { shop } = await ownerWithShop(t.app, `quota-${kind}@example.com`);
      const file = await pdfOf(4 * MiB);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          uploadFrom(i % 2 === 1 && second ? second.app : t.app, shop.slug, [{ name: 'files', filename: `f${i}.pdf`, data: file }]),
        ),
      );
      const accepted = results.filter((r) => r.statusCode === 201);
      const refused = results.filter((r) => r.statusCode !== 201);
      for (const r of refused) {
        expect(r.statusCode, r.body).toBe(507);
        expect(json(r)).toEqual({ error: "This shop's storage is full", code: 'STORAGE_FULL' });
      }
      // Two fit in 10 MiB, and no more: a refusal never takes room an accepted upload needed either.
      expect(accepted).toHaveLength(2);
      const after = await counts(t, shop.id);
      expect(after).toEqual({ jobs: 2, files: 2, bytes: 8 * MiB, held: 0, blobs: 2 });
      expect(after.bytes).toBeLessThanOrEqual(10 * MiB);
      expect(readdirSync(path.join(t.dataDir, 'blobs', '.tmp'))).toEqual([]);
    } finally {
      await second?.close();
      await t.close();
    }
  }, 120_000);

  describe('per client address', () => {
    let t: TestApp;
    let slug: string;
    let shopId: string;
    let auth: { authorization: string };
    const A = '203.0.113.7';
    const B = '198.51.100.9';

    beforeAll(async () => {
      t = await createTestApp({
        kind,
        env: { TRUST_PROXY: 'true', SHOP_STORAGE_QUOTA: String(8 * MiB), ADDRESS_STORAGE_SHARE: '0.25', ADDRESS_UNPRINTED_JOBS: '3' },
      });
      const o = await ownerWithShop(t.app, `address-${kind}@example.com`);
      slug = o.shop.slug;
      shopId = o.shop.id;
      auth = o.auth;
    });
    afterAll(async () => t?.close());

    const pdf = (name: string, data: Buffer): Part[] => [{ name: 'files', filename: name, data }];

    it('one address cannot push a shop past its share of unprinted bytes, while another address still can upload', async () => {
      expect((await uploadFrom(t.app, slug, pdf('a1.pdf', await pdfOf(1.5 * MiB)), A)).statusCode).toBe(201);
      const before = await counts(t, shopId);
      // 2 MiB is A's share of the 8 MiB quota: 1.5 + 1 MiB would pass it, though the shop has room.
      const refused = await uploadFrom(t.app, slug, pdf('a2.pdf', await pdfOf(1 * MiB)), A);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(json(refused)).toEqual({
        error: 'You already have many files waiting at this shop. Please try again once they are printed.',
        code: 'ADDRESS_UPLOAD_LIMIT',
      });
      expect(await counts(t, shopId)).toEqual(before);
      expect((await uploadFrom(t.app, slug, pdf('b1.pdf', await pdfOf(1.5 * MiB)), B)).statusCode).toBe(201);
    });

    it('one address cannot keep more unprinted jobs than its cap; printing one frees a place', async () => {
      const small = pngBytes();
      // A has one job queued: two more reach the cap of 3.
      for (const n of [2, 3])
        expect((await uploadFrom(t.app, slug, [{ name: 'files', filename: `a${n}.png`, data: small }], A)).statusCode).toBe(201);
      const before = await counts(t, shopId);
      const refused = await uploadFrom(t.app, slug, [{ name: 'files', filename: 'a4.png', data: small }], A);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(json(refused).code).toBe('ADDRESS_UPLOAD_LIMIT');
      expect(await counts(t, shopId)).toEqual(before);
      expect((await uploadFrom(t.app, slug, [{ name: 'files', filename: 'b2.png', data: small }], B)).statusCode).toBe(201);

      const list = json(await t.app.inject({ method: 'GET', url: `/api/shops/${shopId}/print-jobs`, headers: auth })) as {
        id: string;
        originalFilenames: string[];
      }[];
      const a1 = list.find((j) => j.originalFilenames[0] === 'a1.pdf')!;
      const printed = await t.app.inject({
        method: 'POST',
        url: `/api/shops/print-jobs/${a1.id}/mark-printed`,
        headers: auth,
        payload: {},
      });
      expect(printed.statusCode, printed.body).toBe(200);
      expect((await uploadFrom(t.app, slug, [{ name: 'files', filename: 'a5.png', data: small }], A)).statusCode).toBe(201);
    });

    it('stores the address only keyed: no job row shows it', async () => {
      const rows = await queryRows<{ client_key: string; name: string }>(
        t.deps.database.db,
        sql`SELECT j.client_key, f.original_name AS name FROM jobs j JOIN job_files f ON f.job_id = j.id WHERE j.shop_id = ${shopId}`,
      );
      const keyOf = (prefix: string) => new Set(rows.filter((r) => r.name.startsWith(prefix)).map((r) => r.client_key));
      expect(keyOf('a').size).toBe(1);
      expect(keyOf('b').size).toBe(1);
      expect([...keyOf('a')][0]).not.toBe([...keyOf('b')][0]);
      for (const r of rows) {
        expect(r.client_key).toMatch(/^[A-Za-z0-9_-]{22}$/);
        expect(r.client_key).not.toContain('203');
        expect(r.client_key).not.toContain('198');
      }
    });
  });

  describe('uploads in progress and the orphan reaper', () => {
    let t: TestApp;
    let clock: TestClock;
    let base: string;
    let slug: string;
    let shopId: string;
    const BOUNDARY = '----counterprint-quota-test';
    const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    const partHead = (name: string) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;

    beforeAll(async () => {
      clock = testClock();
      t = await createTestApp({ kind, clock, env: { RATE_LIMIT: 'off' } });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const o = await ownerWithShop(t.app, `reaper-${kind}@example.com`);
      slug = o.shop.slug;
      shopId = o.shop.id;
    });
    /** Signed in now: the test clock moves past a bearer's life. */
    const freshAuth = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: `reaper-${kind}@example.com`, password: 'passw0rd-ok' },
      });
      return { authorization: String(res.headers.authorization) };
    };
    afterAll(async () => t?.close());

    const waitFor = async (what: string, ok: () => Promise<boolean>) => {
      for (let i = 0; i < 100; i++) {
        if (await ok()) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`timed out waiting for ${what}`);
    };

    /**
     * Sends a whole first file and the start of a second, runs `meanwhile` once the first is stored,
     * then sends the rest.
     */
    async function pausedUpload(first: Buffer, second: Buffer, meanwhile: (firstKey: string) => Promise<void>) {
      const write = (req: NodeJS.WritableStream, b: Buffer | string) =>
        new Promise<void>((resolve) => (req.write(b) ? resolve() : req.once('drain', () => resolve())));
      const before = new Set(await blobKeys(t.deps.blobs, `shops/${shopId}/jobs/`));
      return streamRequest(`${base}/api/public/shops/${slug}/jobs`, headers, async (req) => {
        await write(req, partHead('first.pdf'));
        await write(req, first);
        await write(req, `\r\n${partHead('second.pdf')}`);
        await write(req, second.subarray(0, 1000));
        let firstKey = '';
        await waitFor('the first file to be stored', async () => {
          firstKey = (await blobKeys(t.deps.blobs, `shops/${shopId}/jobs/`)).find((k) => !before.has(k)) ?? '';
          return firstKey !== '';
        });
        await meanwhile(firstKey);
        await write(req, second.subarray(1000));
        await write(req, `\r\n--${BOUNDARY}--\r\n`);
        req.end();
      });
    }

    it('keeps an upload whose lease was taken while the leases were being renewed', async () => {
      // The renewal's answer is held back until the second upload holds its lease: an upload that opened
      // meanwhile was not in the renewal, and must not be judged lapsed by it.
      const db = t.deps.database.db;
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let holdNext = false;
      const slowRenewal = new Proxy(db, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target);
          if (prop !== 'execute') return typeof value === 'function' ? value.bind(target) : value;
          return async (query: Parameters<Db['execute']>[0]) => {
            const held = holdNext;
            holdNext = false;
            const result = await target.execute(query);
            if (held) await gate;
            return result;
          };
        },
      });
      const leases = new UploadLeases(slowRenewal, clock);
      const limits = { shopBytes: 100 * MiB, addressShare: 1, addressJobs: 100 };
      const open = (clientKey: string) => leases.open(limits, { jobId: randomUUID(), shopId, clientKey, bodyBytes: 1000 });
      const first = await open('renewal-a');
      holdNext = true;
      const renewing = leases.renewAll();
      const second = await open('renewal-b');
      release();
      await renewing;
      expect(first.cover(10)).toBeUndefined();
      expect(second.cover(10)).toBeUndefined();
      await leases.close(first);
      await leases.close(second);
    });

    it('a reaper run with the clock past its grace does not touch an upload in progress', async () => {
      const first = await pdfOf(300_000);
      const second = await pdfOf(200_000);
      const tmpDir = path.join(t.dataDir, 'blobs', '.tmp');
      let kept = '';
      const res = await pausedUpload(first, second, async (firstKey) => {
        kept = firstKey;
        const temps = existsSync(tmpDir) ? readdirSync(tmpDir) : [];
        expect(temps.length).toBeGreaterThan(0);
        clock.advance(2 * HOUR);
        await t.app.services.reaper.reap();
        expect(await blobKeys(t.deps.blobs, firstKey)).toEqual([firstKey]);
        // The second file's temp file is being written: not stale either.
        for (const name of temps) expect(existsSync(path.join(tmpDir, name))).toBe(true);
      });
      expect(res.status, res.body).toBe(201);
      const { jobId } = JSON.parse(res.body) as { jobId: string };
      expect(kept).toContain(`/jobs/${jobId}/`);
      const urls = json(
        await t.app.inject({ method: 'GET', url: `/api/shops-action/print-jobs/${jobId}/signed-urls`, headers: await freshAuth() }),
      ) as string[];
      expect(urls).toHaveLength(2);
      const downloads = await Promise.all(urls.map((u) => t.app.inject({ method: 'GET', url: u })));
      expect(downloads.map((d) => d.statusCode)).toEqual([200, 200]);
      expect(downloads.map((d) => sha(d.rawPayload))).toEqual([sha(first), sha(second)]);
      expect((await counts(t, shopId)).held).toBe(0);
    });

    it('answers an error instead of 201, and keeps no job, when a stored file vanished anyway', async () => {
      const before = await counts(t, shopId);
      const res = await pausedUpload(await pdfOf(300_000), await pdfOf(200_000), (firstKey) => t.deps.blobs.delete(firstKey));
      expect(res.status, res.body).toBe(503);
      expect(JSON.parse(res.body)).toEqual({ error: 'Your upload could not be saved. Please try again.', code: 'UPLOAD_INCOMPLETE' });
      expect(await counts(t, shopId)).toEqual(before);
    });

    it('the quota and the blobs of an upload whose process died are free once its lease lapses', async () => {
      const jobId = '00000000-0000-4000-8000-00000000d1ed';
      const key = `shops/${shopId}/jobs/${jobId}/00000000-0000-4000-8000-000000000001`;
      await t.deps.blobs.put(key, Readable.from([Buffer.from('half an upload')]));
      // A dead process's reservation holding the whole default quota, its lease just renewed.
      const expires = new Date(clock.now().getTime() + 10 * 60 * 1000).toISOString();
      await t.deps.database.db.execute(
        sql`INSERT INTO upload_reservations (id, shop_id, client_key, bytes, expires_at)
            VALUES (${jobId}, ${shopId}, 'dead', ${t.deps.config.shopStorageQuota}, ${expires})`,
      );
      const refused = await uploadFrom(t.app, slug, [{ name: 'files', filename: 'p.png', data: pngBytes() }]);
      expect(refused.statusCode, refused.body).toBe(507);
      clock.advance(2 * HOUR);
      await t.app.services.reaper.reap();
      expect(await blobKeys(t.deps.blobs, key)).toEqual([]);
      expect((await counts(t, shopId)).held).toBe(0);
      expect((await uploadFrom(t.app, slug, [{ name: 'files', filename: 'p.png', data: pngBytes() }])).statusCode).toBe(201);
    });
  });
});
