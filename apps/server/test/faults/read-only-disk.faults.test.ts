import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/index.js';
import { DATABASE_KINDS } from '../support/database.js';
import { blobKeys, multipart, ownerWithShop, pngBytes, upload } from '../support/fixtures.js';
import { createTestApp, json, type TestApp } from '../support/harness.js';
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

  /**
   * A write probe that succeeded answers /api/health for up to 2 s (docs/decisions/065-shared-blob-probe.md):
   * the disk turned read-only just after one, so health says so once that trust runs out.
   */
  const healthOnceDegraded = async () => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const res = await env.t.app.inject({ method: 'GET', url: '/api/health' });
      if (res.statusCode !== 200 || Date.now() > deadline) return res;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('says so on /api/health once the last good probe is 2 s old: 503, blob store not ok, and leaves no probe file', async () => {
    const res = await healthOnceDegraded();
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

  const uploadRows = async () =>
    Number((await queryRows<{ n: string }>(env.t.deps.database.db, sql`SELECT count(*) AS n FROM resumable_uploads`))[0]!.n);
  const tusCreate = (slug: string) =>
    env.t.app.inject({
      method: 'POST',
      url: `/api/public/shops/${slug}/uploads`,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': `filename ${Buffer.from('later.pdf').toString('base64')}`,
      },
    });

  it('refuses a resumable upload at its creation with 503, not a 201 no PATCH could fill, and keeps no upload row', async () => {
    expect((await healthOnceDegraded()).statusCode).toBe(503);
    const rows = await uploadRows();
    const res = await tusCreate(env.owner.shop.slug);
    expect(res.statusCode, res.body).toBe(503);
    expect(json(res)).toEqual({ code: 'STORAGE_UNAVAILABLE', error: 'Files cannot be saved right now. Please try again later.' });
    expect(res.headers.location).toBeUndefined();
    expect(await uploadRows()).toBe(rows);
  });

  it('is healthy again, and takes uploads, once the disk is writable again', async () => {
    const { t, owner, blobsDir } = env;
    mount('-o', 'remount,rw', blobsDir);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const res = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'again.png', data: uniqueImage(32 * 1024) }]);
    expect(res.statusCode, res.body).toBe(201);
    expect((await tusCreate(owner.shop.slug)).statusCode).toBe(201);
  });
});

/**
 * The database turns read-only under the app (a failover to a standby, a read-only default set by an
 * operator): every session's writes fail with SQLSTATE 25006, PGlite's and PostgreSQL's alike.
 */
async function databaseReadOnly(t: TestApp, on: boolean): Promise<void> {
  const value = on ? 'on' : 'off';
  const alter = `DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET default_transaction_read_only = ${value}', current_database()); END $$`;
  const { database } = t.deps;
  if (database.kind === 'pglite') {
    // PGlite has one session: its own setting goes first when turning it off, or the ALTER could not write.
    if (!on) await database.db.execute(sql.raw('SET default_transaction_read_only = off'));
    await database.db.execute(sql.raw(alter));
    if (on) await database.db.execute(sql.raw('SET default_transaction_read_only = on'));
    return;
  }
  const admin = new pg.Client({ connectionString: t.testDb.url });
  await admin.connect();
  try {
    await admin.query('SET default_transaction_read_only = off');
    await admin.query(alter);
    // Pooled sessions keep the setting they began with: end them, and the pool opens new ones.
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
  } finally {
    await admin.end();
  }
}

describe.runIf(process.env.COUNTERPRINT_FAULTS === '1').each(DATABASE_KINDS)('database read-only on %s', (kind) => {
  let t: TestApp;
  let slug: string;
  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    slug = (await ownerWithShop(t.app, `ro-db-${kind}@example.com`, { shopName: `Read Only DB ${kind}` })).shop.slug;
  });
  afterAll(async () => t?.close());

  it('answers writes 503 in our words, not 500, keeps answering reads, and takes writes again once writable', async () => {
    await databaseReadOnly(t, true);
    const signUp = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'R', email, password: 'passw0rd-ok' } });
    const refused = await signUp(`refused-${kind}@example.com`);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(json(refused)).toEqual({
      code: 'DATABASE_UNAVAILABLE',
      error: 'The service is temporarily unavailable. Please try again shortly.',
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/public/shops/${slug}/details` })).statusCode).toBe(200);

    await databaseReadOnly(t, false);
    expect((await signUp(`taken-${kind}@example.com`)).statusCode).toBe(201);
  });
});
