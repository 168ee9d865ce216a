import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/index.js';
import { DATABASE_KINDS } from '../support/database.js';
import { blobKeys, multipart, ownerWithShop, upload } from '../support/fixtures.js';
import { createTestApp, json, testClock } from '../support/harness.js';
import { sha256, uniqueImage } from '../support/server-client.js';

/**
 * The blob disk fills up: DATA_DIR/blobs is a 20 MiB tmpfs (the tests run as root, where
 * permissions would not stop a write). Uploads answer 507 and leave nothing; reads go on.
 */
const MiB = 1024 * 1024;
const FILE = 3 * MiB;

function mountTmpfs(dir: string, size: string): void {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (err) {
    throw new Error(
      `The disk-full test needs to mount a tmpfs (root, and mount allowed in this container): ${(err as { stderr?: Buffer }).stderr?.toString().trim() ?? err}`,
    );
  }
}

async function fullApp(kind: 'pglite' | 'postgres', minFreeDisk: number) {
  const clock = testClock();
  const t = await createTestApp({ kind, clock, env: { RATE_LIMIT: 'off' }, config: { minFreeDisk } });
  const blobsDir = path.join(t.dataDir, 'blobs');
  mountTmpfs(blobsDir, '20m');
  const close = async () => {
    await t.app.close();
    execFileSync('umount', [blobsDir]);
    await t.close();
  };
  return {
    t,
    clock,
    blobsDir,
    close,
    owner: await ownerWithShop(t.app, `full-${minFreeDisk}@example.com`, { shopName: `Full ${minFreeDisk}` }),
  };
}

const freeBytes = (dir: string) => {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
};

describe.runIf(process.env.COUNTERPRINT_FAULTS === '1').each(DATABASE_KINDS)('blob disk full on %s', (kind) => {
  let env: Awaited<ReturnType<typeof fullApp>>;
  beforeAll(async () => {
    env = await fullApp(kind, 0);
  });
  afterAll(async () => env?.close());

  const jobCount = async () => Number((await queryRows<{ n: string }>(env.t.deps.database.db, sql`SELECT count(*) AS n FROM jobs`))[0]!.n);

  it('answers 507 once the disk is full, creates no job, leaves no blob or temp file, and keeps serving reads', async () => {
    const { t, owner, blobsDir } = env;
    const keeper = uniqueImage(512 * 1024);
    const first = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'keeper.png', data: keeper }]);
    expect(first.statusCode).toBe(201);
    const keeperJob = json(first).jobId as string;

    let full: Awaited<ReturnType<typeof upload>> | undefined;
    let accepted = 0;
    for (let i = 0; i < 12 && !full; i++) {
      const [jobs, blobs] = [await jobCount(), await blobKeys(t.deps.blobs)];
      const res = await upload(t.app, owner.shop.slug, [
        { name: 'files', filename: `small-${i}.png`, data: uniqueImage(64 * 1024) },
        { name: 'files', filename: `fill-${i}.png`, data: uniqueImage(FILE) },
      ]);
      if (res.statusCode === 201) {
        accepted++;
        continue;
      }
      full = res;
      expect(res.statusCode, res.body).toBe(507);
      // The server's disk, not the shop's quota: the message must not blame the shop.
      expect(json(res)).toEqual({ code: 'STORAGE_FULL', error: 'Storage is full. Please try again later.' });
      expect(await jobCount()).toBe(jobs);
      expect((await blobKeys(t.deps.blobs)).sort()).toEqual(blobs.sort());
      expect(readdirSync(path.join(blobsDir, '.tmp'))).toEqual([]);
    }
    expect(full, 'the 20 MiB disk filled up').toBeDefined();
    expect(accepted).toBeGreaterThan(0);

    // Reads go on: the list, signed links, downloads, the public page.
    const list = await t.app.inject({ method: 'GET', url: `/api/shops/${owner.shop.id}/print-jobs`, headers: owner.auth });
    expect(list.statusCode).toBe(200);
    expect(json(list)).toHaveLength(accepted + 1);
    const urls = json(
      await t.app.inject({ method: 'GET', url: `/api/shops-action/print-jobs/${keeperJob}/signed-urls`, headers: owner.auth }),
    );
    const file = await t.app.inject({ method: 'GET', url: urls[0] });
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(sha256(keeper));
    expect((await t.app.inject({ method: 'GET', url: `/api/public/shops/${owner.shop.slug}/details` })).statusCode).toBe(200);
    console.log(
      `[faults] disk full on ${kind}: ${accepted} uploads of ${FILE / MiB} MiB accepted, then 507; ${freeBytes(blobsDir)} bytes free`,
    );
  });

  it('answers 507, not 500, to a banner upload on the full disk', async () => {
    const { t, owner } = env;
    const before = await blobKeys(t.deps.blobs);
    // Random pixels do not compress: about 2.9 MiB, more than the full disk has left.
    const png = new PNG({ width: 1200, height: 640 });
    for (let i = 0; i < png.data.length; i++) png.data[i] = (Math.random() * 256) | 0;
    const banner = PNG.sync.write(png);
    const form = await multipart([{ name: 'banners', filename: `wide.png`, data: banner }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/settings/banners/upload?shopId=${owner.shop.id}`,
      payload: form.payload,
      headers: { ...form.headers, ...owner.auth },
    });
    expect(res.statusCode, res.body).toBe(507);
    expect(json(res).code).toBe('STORAGE_FULL');
    expect(await blobKeys(t.deps.blobs)).toEqual(before);
  });

  it('accepts uploads again, without a restart, once files are deleted for good', async () => {
    const { t, owner, clock } = env;
    const jobs = json(await t.app.inject({ method: 'GET', url: `/api/shops/${owner.shop.id}/print-jobs`, headers: owner.auth })) as {
      id: string;
    }[];
    for (const job of jobs.slice(0, 3)) {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/shops/print-jobs/${job.id}`, headers: owner.auth })).statusCode).toBe(200);
    }
    clock.advance(2 * 3600_000);
    const swept = await t.app.services.sweeper.sweep();
    expect(swept.purgedFiles).toBeGreaterThanOrEqual(3);
    const again = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'again.png', data: uniqueImage(FILE) }]);
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe.runIf(process.env.COUNTERPRINT_FAULTS === '1')('MIN_FREE_DISK is measured on the blob disk', () => {
  let env: Awaited<ReturnType<typeof fullApp>>;
  beforeAll(async () => {
    env = await fullApp('pglite', 8 * MiB);
  });
  afterAll(async () => env?.close());

  it('refuses uploads while the blob disk still has room, even when DATA_DIR is on a bigger disk', async () => {
    const { t, owner, blobsDir } = env;
    let status = 0;
    let body = '';
    for (let i = 0; i < 12 && status !== 507; i++) {
      ({ statusCode: status, body } = await upload(t.app, owner.shop.slug, [
        { name: 'files', filename: `f-${i}.png`, data: uniqueImage(FILE) },
      ]));
    }
    expect(status).toBe(507);
    expect(JSON.parse(body).error).toBe('Storage is full. Please try again later.');
    // Refused by the free-space check before streaming, not by the disk running out.
    expect(freeBytes(blobsDir)).toBeGreaterThan(4 * MiB);
  });
});
