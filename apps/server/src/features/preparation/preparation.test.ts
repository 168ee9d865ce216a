import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONVERSION_FAILURES } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { blobKeys, heicBytes, ownerWithShop, pdfBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp, testClock } from '../../../test/support/harness.js';
import { buildOfficeCorpus, type OfficeCorpus } from '../../../test/support/office-corpus.js';
import { queryRows } from '../../db/index.js';
import { underShopLock, usageOf } from '../intake/quota-repo.js';

/*
 * Issue 18 end to end on the server: the upload answers first; each file is then converted, counted
 * and given a thumbnail (and a photo a preview) in the background; what was made belongs to its file.
 */
let corpus: OfficeCorpus;
let corpusDir: string;
const MIN = 60_000;

beforeAll(async () => {
  corpusDir = await mkdtemp(join(tmpdir(), 'cp-prepare-corpus-'));
  corpus = await buildOfficeCorpus(corpusDir, { linkedImageUrl: 'http://127.0.0.1:9/x.png', macroMarker: join(corpusDir, 'macro-ran') });
}, 120_000);
afterAll(async () => rm(corpusDir, { recursive: true, force: true }));

const jpegBytes = () =>
  sharp({ create: { width: 600, height: 300, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();

describe.each(DATABASE_KINDS)('file preparation on %s', (kind) => {
  let t: TestApp;
  const clock = testClock();
  let owner: Awaited<ReturnType<typeof ownerWithShop>>;
  let other: Awaited<ReturnType<typeof ownerWithShop>>;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, env: { RATE_LIMIT: 'off' } });
    owner = await ownerWithShop(t.app, `prep-owner-${kind}@example.com`);
    other = await ownerWithShop(t.app, `prep-other-${kind}@example.com`);
  }, 60_000);
  afterAll(async () => t?.close());

  const db = () => t.deps.database.db;
  const jobOf = async (jobId: string) => {
    const list = json(await t.app.inject({ method: 'GET', url: `/api/shops/${owner.shop.id}/print-jobs`, headers: owner.auth }));
    return list.find((j: { id: string }) => j.id === jobId);
  };
  const links = async (jobId: string, auth = owner.auth) =>
    t.app.inject({ method: 'GET', url: `/api/shops-action/print-jobs/${jobId}/files`, headers: auth });
  const fetchLink = (url: string) => t.app.inject({ method: 'GET', url });
  const derivedBlobs = () => blobKeys(t.deps.blobs, `shops/${owner.shop.id}/derived/`);

  it('answers at once, then converts a DOCX (pages from its PDF), and gives every file a thumbnail', async () => {
    const res = await upload(t.app, owner.shop.slug, [
      { name: 'files', filename: 'report.docx', data: await readFile(corpus.docx[7]) },
      { name: 'files', filename: 'photo.jpg', data: await jpegBytes() },
      { name: 'files', filename: 'form.pdf', data: await pdfBytes(3) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const created = json(res);
    expect(created.files.map((f: { kind: string; note: string | null }) => [f.kind, f.note])).toEqual([
      ['docx', null],
      ['jpg', null],
      ['pdf', null],
    ]);
    await t.app.services.preparer.idle();
    await t.app.services.pageCounter.idle();
    const job = await jobOf(created.jobId);
    expect(
      job.files.map((f: { kind: string; conversion: string; pages: number; thumbnail: boolean }) => [
        f.kind,
        f.conversion,
        f.pages,
        f.thumbnail,
      ]),
    ).toEqual([
      ['docx', 'converted', 7, true],
      ['jpg', 'none', 1, true],
      ['pdf', 'none', 3, true],
    ]);
    expect(job.items.map((i: { sheetsUsed: number }) => i.sheetsUsed)).toEqual([7, 1, 3]);

    const answer = await links(created.jobId);
    expect(answer.statusCode).toBe(200);
    const [docx, photo, pdf] = json(answer);
    expect(docx.pdf).toMatch(/^\/files\//);
    expect(photo.pdf).toBeNull();
    expect(pdf.pdf).toBeNull();
    const converted = await fetchLink(docx.pdf);
    expect(converted.headers['content-type']).toBe('application/pdf');
    expect(converted.headers['content-disposition']).toMatch(/^inline; filename="report\.pdf"/);
    expect(converted.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const original = await fetchLink(docx.original);
    expect(original.headers['content-disposition']).toMatch(/^attachment; filename="report\.docx"/);
    expect(original.rawPayload.equals(await readFile(corpus.docx[7]))).toBe(true);
    for (const f of [docx, photo, pdf]) {
      const thumb = await fetchLink(f.thumbnail);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(320);
    }
  }, 90_000);

  it('takes a Word document named .pdf as what it is, says so, and downloads it under its real type', async () => {
    const res = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'report.pdf', data: await readFile(corpus.docx[1]) }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).files[0]).toMatchObject({ kind: 'docx', note: 'report.pdf is a Word document; it will be converted.' });
    await t.app.services.preparer.idle();
    const job = await jobOf(json(res).jobId);
    expect(job.files[0]).toMatchObject({ name: 'report.pdf', kind: 'docx', conversion: 'converted', pages: 1 });
    const [file] = json(await links(job.id));
    expect((await fetchLink(file.original)).headers['content-disposition']).toMatch(/^attachment; filename="report\.docx"/);
  }, 60_000);

  it.each([
    ['secret.odt', () => corpus.passwordOdt],
    ['secret.docx', () => corpus.passwordDocx],
  ])(
    'explains a password-protected document (%s), keeps the original downloadable, and counts no pages',
    async (filename, path) => {
      const res = await upload(t.app, owner.shop.slug, [{ name: 'files', filename, data: await readFile(path()) }]);
      expect(res.statusCode, res.body).toBe(201);
      await t.app.services.preparer.idle();
      const job = await jobOf(json(res).jobId);
      expect(job.files[0]).toMatchObject({
        conversion: 'failed',
        conversionError: 'password-protected',
        pages: null,
        pagesStatus: 'uncountable',
      });
      expect(CONVERSION_FAILURES).toContain(job.files[0].conversionError);
      const [file] = json(await links(job.id));
      expect(file.pdf).toBeNull();
      expect((await fetchLink(file.original)).statusCode).toBe(200);
    },
    60_000,
  );

  it("shows the customer their job by its token, and nothing for another token; no one else's staff see its files", async () => {
    const res = await upload(t.app, owner.shop.slug, [
      { name: 'name', value: 'Ravi' },
      { name: 'phone', value: '+919812345678' },
      { name: 'files', filename: 'one.pdf', data: await pdfBytes(2) },
    ]);
    const { token, jobId } = json(res);
    await t.app.services.preparer.idle();
    await t.app.services.pageCounter.idle();
    const mine = await t.app.inject({ method: 'GET', url: `/api/public/jobs/${token}` });
    expect(mine.statusCode).toBe(200);
    const view = json(mine);
    expect(view).toMatchObject({ shopName: owner.shop.shopName, status: 'ready', files: [{ name: 'one.pdf', pages: 2, kind: 'pdf' }] });
    // The number the customer gave is the shop's to see, never the status page's, in any form.
    expect(JSON.stringify(view)).not.toMatch(/phone|9812345678|98123|45678/i);
    expect((await fetchLink(view.files[0].thumbnailUrl)).headers['content-type']).toBe('image/jpeg');
    const guess = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/public/jobs/${guess}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/jobs/not-a-token' })).statusCode).toBe(400);

    expect([403, 404]).toContain((await links(jobId, other.auth)).statusCode);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${other.shop.id}/print-jobs/thumbnails?jobs=${jobId}`,
      headers: other.auth,
    });
    expect(theirs.statusCode).toBe(200);
    expect(json(theirs)).toEqual({});
    const forbidden = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${owner.shop.id}/print-jobs/thumbnails?jobs=${jobId}`,
      headers: other.auth,
    });
    expect([403, 404]).toContain(forbidden.statusCode);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${owner.shop.id}/print-jobs/thumbnails?jobs=${jobId}`,
      headers: owner.auth,
    });
    expect(Object.keys(json(own))).toHaveLength(1);
  }, 60_000);

  it('resumes files a restart left unprepared, and gives up a document the process died on twice', async () => {
    const res = await upload(t.app, owner.shop.slug, [
      { name: 'files', filename: 'photo.jpg', data: await jpegBytes() },
      { name: 'files', filename: 'letter.docx', data: await readFile(corpus.docx[1]) },
    ]);
    const { jobId, files } = json(res);
    await t.app.services.preparer.idle();
    // As a crash would leave them: the photo never prepared; the document tried twice, both times cut off.
    await t.deps.database.db.execute(sql`DELETE FROM file_derivatives WHERE file_id = ${files[0].id}`);
    await t.deps.database.db.execute(sql`UPDATE job_files SET prepared_at = NULL WHERE id = ${files[0].id}`);
    await t.deps.database.db.execute(
      sql`UPDATE job_files SET prepared_at = NULL, conversion = 'converting', pages = NULL, preparation_attempts = 2 WHERE id = ${files[1].id}`,
    );
    await t.app.services.preparer.resume();
    await t.app.services.preparer.idle();
    const job = await jobOf(jobId);
    expect(job.files[0]).toMatchObject({ thumbnail: true });
    expect(job.files[1]).toMatchObject({ conversion: 'failed', conversionError: 'too-complex', pagesStatus: 'uncountable' });
  }, 60_000);

  it('a file purged from the recycle bin by hand takes its thumbnail and PDF with it; a restored one keeps them', async () => {
    const res = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'notes.rtf', data: await readFile(corpus.rtf[23]) }]);
    const { jobId, files } = json(res);
    await t.app.services.preparer.idle();
    expect((await jobOf(jobId)).files[0]).toMatchObject({ conversion: 'converted', pages: 23 });
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/shops/print-jobs/${jobId}`, headers: owner.auth });
    expect(cancel.statusCode).toBe(200);
    const revert = await t.app.inject({ method: 'PUT', url: `/api/recycle/${files[0].id}/revert`, headers: owner.auth });
    expect(revert.statusCode, revert.body).toBe(200);
    const [restored] = json(await links(jobId));
    expect(restored.pdf).not.toBeNull();
    expect((await fetchLink(restored.thumbnail)).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/shops/print-jobs/${jobId}`, headers: owner.auth });
    const purge = await t.app.inject({ method: 'DELETE', url: `/api/recycle/${files[0].id}`, headers: owner.auth });
    expect(purge.statusCode, purge.body).toBeLessThan(300);
    expect((await derivedBlobs()).some((k) => k.includes(jobId))).toBe(false);
    expect((await fetchLink(restored.pdf)).statusCode).toBe(404);
  }, 60_000);
  it("an iPhone photo's preview JPEG and thumbnail count toward the quota, go to the recycle bin and back with it, and are purged with it", async () => {
    const res = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'IMG_0001.HEIC', data: await heicBytes() }]);
    expect(res.statusCode, res.body).toBe(201);
    const { jobId, files } = json(res);
    await t.app.services.preparer.idle();
    const derived = await queryRows<{ blob_key: string; role: string; size: string }>(
      db(),
      sql`SELECT d.blob_key, d.role, d.size FROM file_derivatives d JOIN job_files f ON f.id = d.file_id WHERE f.job_id = ${jobId}`,
    );
    expect(derived.map((d) => d.role).sort()).toEqual(['preview', 'thumbnail']);
    const [made] = json(await links(jobId));
    const preview = await fetchLink(made.preview);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(preview.rawPayload).metadata()).format).toBe('jpeg');
    const usage = () =>
      underShopLock(db(), owner.shop.id, (tx) => usageOf(tx, owner.shop.id, 'nobody', '00000000-0000-4000-8000-000000000000', clock.now()));
    const before = (await usage())?.shopBytes ?? 0;

    expect((await t.app.inject({ method: 'DELETE', url: `/api/shops/print-jobs/${jobId}`, headers: owner.auth })).statusCode).toBe(200);
    const revert = await t.app.inject({ method: 'PUT', url: `/api/recycle/${files[0].id}/revert`, headers: owner.auth });
    expect(revert.statusCode, revert.body).toBe(200);
    const [restored] = json(await links(jobId));
    expect((await fetchLink(restored.preview)).statusCode).toBe(200);
    expect((await fetchLink(restored.thumbnail)).statusCode).toBe(200);
    expect((await usage())?.shopBytes).toBe(before);

    await t.app.inject({ method: 'DELETE', url: `/api/shops/print-jobs/${jobId}`, headers: owner.auth });
    const purge = await t.app.inject({ method: 'DELETE', url: `/api/recycle/${files[0].id}`, headers: owner.auth });
    expect(purge.statusCode, purge.body).toBeLessThan(300);
    for (const d of derived) expect(await blobKeys(t.deps.blobs, d.blob_key)).toEqual([]);
    expect((await fetchLink(restored.preview)).statusCode).toBe(404);
    const madeBytes = derived.reduce((n, d) => n + Number(d.size), 0);
    expect(madeBytes).toBeGreaterThan(0);
    expect((await usage())?.shopBytes).toBeLessThanOrEqual(before - madeBytes);
  }, 60_000);

  it("counts what was made toward the shop's quota, and purges it with its file", async () => {
    const res = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'slides.pptx', data: await readFile(corpus.pptx[7]) }]);
    const { jobId } = json(res);
    await t.app.services.preparer.idle();
    const derived = await queryRows<{ blob_key: string; size: string }>(
      db(),
      sql`SELECT d.blob_key, d.size FROM file_derivatives d JOIN job_files f ON f.id = d.file_id WHERE f.job_id = ${jobId}`,
    );
    expect(derived.map((d) => d.blob_key.split('.').pop()).sort()).toEqual(['pdf', 'thumbnail']);
    const files = await queryRows<{ size: string }>(
      db(),
      sql`SELECT size FROM job_files WHERE shop_id = ${owner.shop.id} AND state <> 'purged'`,
    );
    const allDerived = await queryRows<{ size: string }>(
      db(),
      sql`SELECT size FROM file_derivatives WHERE shop_id = ${owner.shop.id} AND purged_at IS NULL`,
    );
    const expected = [...files, ...allDerived].reduce((n, r) => n + Number(r.size), 0);
    const usage = await underShopLock(db(), owner.shop.id, (tx) =>
      usageOf(tx, owner.shop.id, 'nobody', '00000000-0000-4000-8000-000000000000', clock.now()),
    );
    expect(usage?.shopBytes).toBe(expected);

    const [links0] = json(await links(jobId));
    const printed = await t.app.inject({
      method: 'POST',
      url: `/api/shops/print-jobs/${jobId}/mark-printed`,
      headers: owner.auth,
      payload: {},
    });
    expect(printed.statusCode).toBe(200);
    // Recycled with its file: still served to staff until purged.
    expect((await fetchLink(links0.pdf)).statusCode).toBe(200);
    for (const d of derived) expect(await blobKeys(t.deps.blobs, d.blob_key)).toHaveLength(1);
    clock.advance(24 * 60 * MIN);
    await t.app.services.sweeper.sweep();
    for (const d of derived) expect(await blobKeys(t.deps.blobs, d.blob_key)).toEqual([]);
    expect((await fetchLink(links0.pdf)).statusCode).toBe(404);
    expect((await fetchLink(links0.thumbnail)).statusCode).toBe(404);
    const purged = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM file_derivatives d JOIN job_files f ON f.id = d.file_id WHERE f.job_id = ${jobId} AND d.purged_at IS NOT NULL`,
    );
    expect(purged[0]!.n).toBe(2);
    expect((await derivedBlobs()).some((k) => k.includes(jobId))).toBe(false);
  }, 90_000);
});

describe('without a converter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', env: { RATE_LIMIT: 'off', DOCUMENT_CONVERSION: 'off' } });
  });
  afterAll(async () => t?.close());

  it('keeps an Office file as sent, "preview unavailable", with its pages unknown', async () => {
    const owner = await ownerWithShop(t.app, 'no-converter@example.com');
    const res = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'report.docx', data: await readFile(corpus.docx[1]) }]);
    expect(res.statusCode, res.body).toBe(201);
    await t.app.services.preparer.idle();
    const list = json(await t.app.inject({ method: 'GET', url: `/api/shops/${owner.shop.id}/print-jobs`, headers: owner.auth }));
    expect(list[0].files[0]).toMatchObject({ kind: 'docx', conversion: 'unavailable', pages: null, pagesStatus: 'uncountable' });
    const [file] = json(
      await t.app.inject({ method: 'GET', url: `/api/shops-action/print-jobs/${list[0].id}/files`, headers: owner.auth }),
    );
    expect(file.pdf).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: file.original })).statusCode).toBe(200);
  });
});
