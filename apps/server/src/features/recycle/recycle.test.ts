import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { blobKeys, ownerWithShop, pdfBytes, pngBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp, testClock } from '../../../test/support/harness.js';
import { type Db, queryRows } from '../../db/index.js';

const MIN = 60_000;

describe.each(DATABASE_KINDS)('recycle bin and retention sweeper on %s', (kind) => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-20T10:00:00Z'));
  let a: Awaited<ReturnType<typeof ownerWithShop>>;
  let b: Awaited<ReturnType<typeof ownerWithShop>>;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, env: { RATE_LIMIT: 'off' } });
    a = await ownerWithShop(t.app, 'bin-a@example.com', { shopName: 'Bin A' });
    b = await ownerWithShop(t.app, 'bin-b@example.com', { shopName: 'Bin B' });
  });
  afterAll(async () => t?.close());

  const db = () => t.deps.database.db as Db;
  /** Tokens follow the test clock too: sign in again after moving it. */
  const reauth = async () => {
    for (const o of [a, b]) {
      const email = o === a ? 'bin-a@example.com' : 'bin-b@example.com';
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: 'passw0rd-ok' } });
      o.auth = { authorization: String(res.headers.authorization) };
    }
  };
  const advance = async (ms: number) => {
    clock.advance(ms);
    await reauth();
  };
  const printedJob = async () => {
    const res = await upload(t.app, a.shop.slug, [
      { name: 'name', value: 'Anil' },
      { name: 'files', filename: 'doc.pdf', data: await pdfBytes(1) },
      { name: 'files', filename: 'pic.png', data: pngBytes() },
    ]);
    const { jobId } = json(res);
    await t.app.services.pageCounter.idle();
    const printed = await t.app.inject({ method: 'POST', url: `/api/shops/print-jobs/${jobId}/mark-printed`, headers: a.auth });
    expect(printed.statusCode).toBe(200);
    const files = json(printed).files as { id: string }[];
    return { jobId, fileIds: files.map((f) => f.id) };
  };
  const stateOf = async (fileId: string) =>
    (await queryRows<{ state: string }>(db(), sql`SELECT state FROM job_files WHERE id = ${fileId}`))[0]?.state;
  const blobExists = async (fileId: string) => {
    const key = (await queryRows<{ k: string }>(db(), sql`SELECT blob_key AS k FROM job_files WHERE id = ${fileId}`))[0]!.k;
    return (await blobKeys(t.deps.blobs, key)).length === 1;
  };

  it('lists printed files with their customer, type, expiry and a preview link', async () => {
    const { fileIds } = await printedJob();
    const res = await t.app.inject({ method: 'GET', url: '/api/recycle?range=1h', headers: a.auth });
    expect(res.statusCode).toBe(200);
    const items = json(res).items as { id: string; type: string; customer: unknown; expiresAt: string; previewUrl: string }[];
    const mine = items.filter((i) => fileIds.includes(i.id));
    expect(mine.map((i) => i.type).sort()).toEqual(['pdf', 'png']);
    expect(mine[0]!.customer).toEqual({ id: null, name: 'Anil', registered: false });
    expect(new Date(mine[0]!.expiresAt).getTime() - clock.now().getTime()).toBe(60 * MIN);
    expect(mine[0]!.previewUrl).toMatch(/^\/files\//);
    const onlyPdf = json(await t.app.inject({ method: 'GET', url: '/api/recycle?range=1h&fileType=pdf', headers: a.auth })).items;
    expect(onlyPdf.every((i: { type: string }) => i.type === 'pdf')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/recycle?range=2h', headers: a.auth })).statusCode).toBe(400);
  });

  it('expires a file at 1 hour and not at 59 minutes; a saved file never expires', async () => {
    const { fileIds } = await printedJob();
    const [pdfId, pngId] = fileIds as [string, string];
    const save = await t.app.inject({ method: 'PUT', url: `/api/recycle/${pngId}/save`, headers: a.auth });
    expect(save.statusCode).toBe(200);
    await advance(59 * MIN);
    await t.app.services.sweeper.sweep();
    expect(await stateOf(pdfId)).toBe('recycled');
    expect(await blobExists(pdfId)).toBe(true);
    await advance(1 * MIN);
    await t.app.services.sweeper.sweep();
    expect(await stateOf(pdfId)).toBe('purged');
    expect(await blobExists(pdfId)).toBe(false);
    await advance(30 * 24 * 60 * MIN);
    await t.app.services.sweeper.sweep();
    expect(await stateOf(pngId)).toBe('saved');
    expect(await blobExists(pngId)).toBe(true);
    const saved = json(await t.app.inject({ method: 'GET', url: '/api/recycle/saved', headers: a.auth }));
    expect(saved.map((i: { id: string }) => i.id)).toContain(pngId);
  });

  it('a restored file leaves the bin and its job is back in the queue', async () => {
    const { jobId, fileIds } = await printedJob();
    const res = await t.app.inject({ method: 'PUT', url: `/api/recycle/${fileIds[0]}/revert`, headers: a.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stateOf(fileIds[0]!), 'right after revert').toBe('active');
    const queued = json(await t.app.inject({ method: 'GET', url: `/api/shops/${a.shop.id}/print-jobs?status=queued`, headers: a.auth }));
    expect(queued.map((j: { id: string }) => j.id)).toContain(jobId);
    await advance(61 * MIN);
    await t.app.services.sweeper.sweep();
    expect(await stateOf(fileIds[0]!)).toBe('active');
  });

  it('deletes for good on request, and nothing else can touch another shop\u2019s file', async () => {
    const { fileIds } = await printedJob();
    for (const call of [
      { method: 'PUT' as const, url: `/api/recycle/${fileIds[0]}/save` },
      { method: 'PUT' as const, url: `/api/recycle/${fileIds[0]}/revert` },
      { method: 'DELETE' as const, url: `/api/recycle/${fileIds[0]}` },
    ]) {
      expect((await t.app.inject({ ...call, headers: b.auth })).statusCode).toBe(403);
    }
    const del = await t.app.inject({ method: 'DELETE', url: `/api/recycle/${fileIds[0]}`, headers: a.auth });
    expect(del.statusCode).toBe(200);
    expect(await stateOf(fileIds[0]!)).toBe('purged');
    expect(await blobExists(fileIds[0]!)).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/recycle/${fileIds[0]}`, headers: a.auth })).statusCode).toBe(404);
    expect(json(await t.app.inject({ method: 'GET', url: '/api/recycle', headers: b.auth })).items).toEqual([]);
  });

  it('moves an unprinted job to the bin after 24 hours, from database timestamps after a "restart"', async () => {
    const res = await upload(t.app, a.shop.slug, [{ name: 'files', filename: 'late.png', data: pngBytes() }]);
    const { jobId } = json(res);
    // Uploads are stamped by the database; age the job instead of the clock.
    await db().execute(
      sql`UPDATE jobs SET created_at = ${new Date(clock.now().getTime() - 23 * 60 * MIN).toISOString()} WHERE id = ${jobId}`,
    );
    await t.app.services.sweeper.sweep();
    expect(
      json(await t.app.inject({ method: 'GET', url: `/api/shops/${a.shop.id}/print-jobs?status=queued`, headers: a.auth })).map(
        (j: { id: string }) => j.id,
      ),
    ).toContain(jobId);
    await advance(61 * MIN);
    await t.app.services.sweeper.sweep();
    const job = json(await t.app.inject({ method: 'GET', url: `/api/shops/${a.shop.id}/print-jobs`, headers: a.auth })).find(
      (j: { id: string }) => j.id === jobId,
    );
    expect(job.status).toBe('cancelled');
    expect(job.files[0].state).toBe('recycled');
  });

  it('the reaper deletes blobs no row refers to, after the grace period only', async () => {
    const { Readable } = await import('node:stream');
    const key = `shops/${a.shop.id}/jobs/00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000002`;
    clock.set(new Date());
    await t.deps.blobs.put(key, Readable.from([Buffer.from('orphan')]));
    expect(await blobKeys(t.deps.blobs, key)).toHaveLength(1);
    await t.app.services.reaper.reap();
    expect(await blobKeys(t.deps.blobs, key)).toHaveLength(1);
    clock.advance(2 * 60 * MIN);
    const reaped = await t.app.services.reaper.reap();
    expect(reaped).toBeGreaterThanOrEqual(1);
    expect(await blobKeys(t.deps.blobs, key)).toEqual([]);
    const stillLive = await queryRows<{ k: string }>(db(), sql`SELECT blob_key AS k FROM job_files WHERE state <> 'purged'`);
    for (const row of stillLive) expect(await blobKeys(t.deps.blobs, row.k)).toHaveLength(1);
  });

  it('the reaper also removes temp files a killed upload left, once they are older than the grace period', async () => {
    const { mkdirSync, existsSync, writeFileSync } = await import('node:fs');
    const tmpDir = path.join(t.dataDir, 'blobs', '.tmp');
    mkdirSync(tmpDir, { recursive: true });
    const dead = path.join(tmpDir, 'killed-mid-upload');
    writeFileSync(dead, 'half a file');
    clock.set(new Date());
    await t.app.services.reaper.reap();
    expect(existsSync(dead)).toBe(true);
    clock.advance(2 * 60 * MIN);
    await t.app.services.reaper.reap();
    expect(existsSync(dead)).toBe(false);
  });
});
