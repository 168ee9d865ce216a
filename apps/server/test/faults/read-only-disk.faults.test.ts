import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/index.js';
import { DATABASE_KINDS } from '../support/database.js';
import { blobKeys, multipart, ownerWithShop, pngBytes, upload } from '../support/fixtures.js';
import { createTestApp, json } from '../support/harness.js';
import { sha256, uniqueImage } from '../support/server-client.js';

/**
 * The blob disk turns read-only (a remount after a disk error, a volume mounted ro). The tests run as
 * root, where chmod would not stop a write: DATA_DIR/blobs is a tmpfs remounted read-only.
 */
const mount = (...args: string[]) => {
  try {
    execFileSync('mount', args, { stdio: 'pipe' });
  } catch (err) {
    throw new Error(
      `The read-only disk test needs to mount a tmpfs (root, and mount allowed in this container): ${(err as { stderr?: Buffer }).stderr?.toString().trim() ?? err}`,
    );
  }
};

async function readOnlyApp(kind: 'pglite' | 'postgres') {
  const t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' }, config: { minFreeDisk: 0 } });
  const blobsDir = path.join(t.dataDir, 'blobs');
  mkdirSync(blobsDir, { recursive: true });
  mount('-t', 'tmpfs', '-o', 'size=20m', 'tmpfs', blobsDir);
  const close = async () => {
    await t.app.close();
    execFileSync('umount', [blobsDir]);
    await t.close();
  };
  return { t, blobsDir, close, owner: await ownerWithShop(t.app, `ro-${kind}@example.com`, { shopName: `Read Only ${kind}` }) };
}

describe.runIf(process.env.COUNTERPRINT_FAULTS === '1').each(DATABASE_KINDS)('blob disk read-only on %s', (kind) => {
  let env: Awaited<ReturnType<typeof readOnlyApp>>;
  let keeper: Buffer;
  let keeperJob: string;
  beforeAll(async () => {
    env = await readOnlyApp(kind);
    keeper = uniqueImage(64 * 1024);
    const first = await upload(env.t.app, env.owner.shop.slug, [{ name: 'files', filename: 'keeper.png', data: keeper }]);
    expect(first.statusCode, first.body).toBe(201);
    keeperJob = json(first).jobId;
    expect((await env.t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    mount('-o', 'remount,ro', env.blobsDir);
  });
  afterAll(async () => env?.close());

  const jobCount = async () => Number((await queryRows<{ n: string }>(env.t.deps.database.db, sql`SELECT count(*) AS n FROM jobs`))[0]!.n);

  it('says so on /api/health: 503, blob store not ok, and leaves no probe file', async () => {
    const res = await env.t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode, res.body).toBe(503);
    expect(json(res)).toMatchObject({ status: 'degraded', database: { ok: true }, blobStore: { ok: false, kind: 'disk' } });
    expect(readdirSync(path.join(env.blobsDir, '.tmp'))).toEqual([]);
  });

  it('answers an upload with 503 and a clear message, not 500, and creates no job or blob', async () => {
    const { t, owner } = env;
    const [jobs, blobs] = [await jobCount(), await blobKeys(t.deps.blobs)];
    const res = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'new.png', data: uniqueImage(32 * 1024) }]);
    expect(res.statusCode, res.body).toBe(503);
    expect(json(res)).toEqual({ code: 'STORAGE_UNAVAILABLE', error: 'Files cannot be saved right now. Please try again later.' });
    expect(await jobCount()).toBe(jobs);
    expect(await blobKeys(t.deps.blobs)).toEqual(blobs);
  });

  it('answers a banner upload with 503, not 500, and keeps serving reads', async () => {
    const { t, owner } = env;
    const form = await multipart([{ name: 'banners', filename: 'wide.png', data: pngBytes(1200, 400), type: 'image/png' }]);
    const banner = await t.app.inject({
      method: 'POST',
      url: `/api/settings/banners/upload?shopId=${owner.shop.id}`,
      payload: form.payload,
      headers: { ...form.headers, ...owner.auth },
    });
    expect(banner.statusCode, banner.body).toBe(503);
    expect(json(banner).code).toBe('STORAGE_UNAVAILABLE');

    const urls = json(
      await t.app.inject({ method: 'GET', url: `/api/shops-action/print-jobs/${keeperJob}/signed-urls`, headers: owner.auth }),
    );
    const file = await t.app.inject({ method: 'GET', url: urls[0] });
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(sha256(keeper));
  });

  it('is healthy again, and takes uploads, once the disk is writable again', async () => {
    const { t, owner, blobsDir } = env;
    mount('-o', 'remount,rw', blobsDir);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const res = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'again.png', data: uniqueImage(32 * 1024) }]);
    expect(res.statusCode, res.body).toBe(201);
  });
});
