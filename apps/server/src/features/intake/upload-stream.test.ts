import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobKeys, ownerWithShop, pdfBytes, streamRequest } from '../../../test/support/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/support/harness.js';
import { queryRows } from '../../db/index.js';

const MiB = 1024 * 1024;

// Measuring what is still referenced, not garbage a busy machine has not collected yet.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const BOUNDARY = '----counterprint-stream-test';

/** Writes a multipart body whose one file is `fileBytes` long, generated chunk by chunk. */
async function writeMultipart(
  req: NodeJS.WritableStream & { end(): void; destroy(): void },
  head: Buffer,
  fileBytes: number,
  opts: { abortAt?: number } = {},
) {
  const write = (b: Buffer | string) => new Promise<void>((resolve) => (req.write(b) ? resolve() : req.once('drain', () => resolve())));
  await write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  await write(head);
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  let sent = head.length;
  while (sent < fileBytes) {
    const n = Math.min(chunk.length, fileBytes - sent);
    await write(chunk.subarray(0, n));
    sent += n;
    if (opts.abortAt !== undefined && sent >= opts.abortAt) {
      req.destroy();
      return;
    }
  }
  await write(`\r\n--${BOUNDARY}--\r\n`);
  req.end();
}

describe('streamed uploads over a real socket', () => {
  let t: TestApp;
  let base: string;
  let slug: string;
  let shopId: string;

  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', env: { RATE_LIMIT: 'off' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const o = await ownerWithShop(t.app, 'stream@example.com');
    slug = o.shop.slug;
    shopId = o.shop.id;
  });
  afterAll(async () => t?.close());

  const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

  it('takes a 25 MiB file without holding it in memory', async () => {
    const head = await pdfBytes(1);
    collectGarbage();
    const before = process.memoryUsage();
    let peakArrayBuffers = 0;
    let samples = 0;
    const sampler = setInterval(() => {
      collectGarbage();
      samples++;
      peakArrayBuffers = Math.max(peakArrayBuffers, process.memoryUsage().arrayBuffers - before.arrayBuffers);
    }, 50);
    const res = await streamRequest(`${base}/api/public/shops/${slug}/jobs`, headers, (req) => writeMultipart(req, head, 25 * MiB));
    clearInterval(sampler);
    expect(res.status, res.body).toBe(201);
    // A buffered 25 MiB file would stay referenced as 25+ MiB of ArrayBuffers; streaming keeps a few chunks.
    expect(samples).toBeGreaterThan(3);
    expect(peakArrayBuffers).toBeLessThan(12 * MiB);
    const rows = await queryRows<{ size: number; sha256: string }>(
      t.deps.database.db,
      sql`SELECT size::int AS size, sha256 FROM job_files WHERE shop_id = ${shopId}`,
    );
    expect(rows[0]?.size).toBe(25 * MiB);
    const expected = createHash('sha256').update(head);
    const filler = Buffer.alloc(256 * 1024, 0x20);
    let left = 25 * MiB - head.length;
    while (left > 0) {
      const n = Math.min(left, filler.length);
      expected.update(filler.subarray(0, n));
      left -= n;
    }
    expect(rows[0]?.sha256).toBe(expected.digest('hex'));
  });

  it('refuses 25 MiB + 1 byte with 413 and keeps nothing', async () => {
    const before = await blobKeys(t.deps.blobs, `shops/${shopId}/`);
    const res = await streamRequest(`${base}/api/public/shops/${slug}/jobs`, headers, (req) =>
      writeMultipart(req, Buffer.from('%PDF-1.4\n'), 25 * MiB + 1),
    ).catch((err: Error) => ({ status: 0, body: err.message }));
    // The server may answer before the client finished sending; either way nothing is kept.
    if (res.status !== 0) {
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error).toBe('big.pdf exceeds 25MB');
    }
    expect(await blobKeys(t.deps.blobs, `shops/${shopId}/`)).toEqual(before);
    const jobs = await queryRows<{ n: number }>(t.deps.database.db, sql`SELECT count(*)::int AS n FROM jobs`);
    expect(jobs[0]?.n).toBe(1);
  });

  it('a client that disconnects half-way leaves no job and no blob', async () => {
    const before = await blobKeys(t.deps.blobs, `shops/${shopId}/`);
    await streamRequest(`${base}/api/public/shops/${slug}/jobs`, headers, (req) =>
      writeMultipart(req, Buffer.from('%PDF-1.4\n'), 10 * MiB, { abortAt: 4 * MiB }),
    ).catch(() => undefined);
    // The server notices the reset asynchronously; give it a moment to clean up.
    for (let i = 0; i < 50; i++) {
      if ((await blobKeys(t.deps.blobs, `shops/${shopId}/`)).length === before.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await blobKeys(t.deps.blobs, `shops/${shopId}/`)).toEqual(before);
    const jobs = await queryRows<{ n: number }>(t.deps.database.db, sql`SELECT count(*)::int AS n FROM jobs`);
    expect(jobs[0]?.n).toBe(1);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
  });

  it('stores every file of a request byte for byte, wherever boundaries fall in the socket pieces', async () => {
    // Pieces of the request body are freed once copied (decision 009): a freed piece that another file
    // still needed would change that file's bytes. Partial boundaries inside the files make busboy hold
    // bytes back and hand them on later; odd write sizes put the real boundaries mid-piece.
    const almostBoundary = Buffer.from(`\r\n--${BOUNDARY.slice(0, 20)}`);
    const files = [3 * MiB + 17, 1 * MiB + 4099, 65_536, 2 * MiB + 1].map((size) => {
      const b = randomBytes(size);
      Buffer.from('%PDF-1.4\n').copy(b, 0);
      for (let at = 4096; at + almostBoundary.length < size; at += 61_000) almostBoundary.copy(b, at);
      return b;
    });
    const body = Buffer.concat([
      ...files.flatMap((f, i) => [
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="part-${i}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        f,
        Buffer.from('\r\n'),
      ]),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ]);
    const res = await streamRequest(`${base}/api/public/shops/${slug}/jobs`, headers, async (req) => {
      for (let at = 0; at < body.length; at += 100_003) {
        const piece = body.subarray(at, at + 100_003);
        await new Promise<void>((resolve) => (req.write(piece) ? resolve() : req.once('drain', () => resolve())));
      }
      req.end();
    });
    expect(res.status, res.body).toBe(201);
    const jobId = (JSON.parse(res.body) as { jobId: string }).jobId;
    const rows = await queryRows<{ name: string; size: number; sha256: string }>(
      t.deps.database.db,
      sql`SELECT original_name AS name, size::int AS size, sha256 FROM job_files WHERE job_id = ${jobId} ORDER BY original_name`,
    );
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(rows).toEqual(files.map((f, i) => ({ name: `part-${i}.pdf`, size: f.length, sha256: sha(f) })));
  });
});
