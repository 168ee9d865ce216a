import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, pdfBytes, pngBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import { PrintReadyMaker } from '../../printing/print-ready.js';

/** The text of each page, in order, as poppler reads it. */
function pageTexts(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'print-ready-test-'));
  try {
    writeFileSync(join(dir, 'out.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'out.pdf'), '-'], { encoding: 'utf8' })
      .split('\f')
      .slice(0, -1)
      .map((t) => t.replace(/\s+/g, ' ').trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function sizes(pdf: Buffer): Promise<[number, number][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]);
}

describe.each(DATABASE_KINDS)('print-ready PDFs on %s', (kind) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof ownerWithShop>>;
  let b: Awaited<ReturnType<typeof ownerWithShop>>;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    a = await ownerWithShop(t.app, 'print-a@example.com', { shopName: 'Alpha Print Ready' });
    b = await ownerWithShop(t.app, 'print-b@example.com', { shopName: 'Beta Print Ready' });
  });
  afterAll(async () => t?.close());

  /** One job of the given files with the given options; answers the job id and its file ids. */
  const job = async (files: { filename: string; data: Buffer }[], options: object[]) => {
    const res = await upload(t.app, a.shop.slug, [
      { name: 'name', value: 'Meera' },
      { name: 'options', value: JSON.stringify(options) },
      ...files.map((f) => ({ name: 'files', ...f })),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const jobId = json(res).jobId as string;
    await t.app.services.pageCounter.idle();
    const list = json(await t.app.inject({ method: 'GET', url: `/api/shops/${a.shop.id}/print-jobs`, headers: a.auth }));
    const files_ = list.find((j: { id: string }) => j.id === jobId).files as { id: string }[];
    return { jobId, fileIds: files_.map((f) => f.id) };
  };
  const printReady = (jobId: string, fileId: string, auth = a.auth) =>
    t.app.inject({ method: 'GET', url: `/api/shops-action/print-jobs/${jobId}/files/${fileId}/print-ready`, headers: auth });

  it('prints only the pages the customer chose, in their order, one to a sheet', async () => {
    const { jobId, fileIds } = await job([{ filename: 'notes.pdf', data: await pdfBytes(5, 'Notes') }], [{ pages: '2-3, 5', copies: 2 }]);
    const res = await printReady(jobId, fileIds[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toContain('filename="notes (print).pdf"');
    // Copies are the print dialog's: the pages are not repeated.
    expect(pageTexts(res.rawPayload)).toEqual(['Notes page 2', 'Notes page 3', 'Notes page 5']);
  });

  it('prints a page named twice once, as it is counted and priced (docs/product/rules.md#sheets-and-sides)', async () => {
    const { jobId, fileIds } = await job([{ filename: 'twice.pdf', data: await pdfBytes(6, 'Twice') }], [{ pages: '4-5, 1-4' }]);
    const res = await printReady(jobId, fileIds[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(pageTexts(res.rawPayload)).toEqual(['Twice page 4', 'Twice page 5', 'Twice page 1', 'Twice page 2', 'Twice page 3']);
  });

  it('puts two pages side by side on a landscape A4, and four in a grid on a portrait one', async () => {
    const two = await job([{ filename: 'slides.pdf', data: await pdfBytes(3, 'Slide') }], [{ nup: 2 }]);
    const res2 = await printReady(two.jobId, two.fileIds[0]!);
    expect(res2.statusCode, res2.body).toBe(200);
    expect(await sizes(res2.rawPayload)).toEqual([
      [842, 595],
      [842, 595],
    ]);
    expect(pageTexts(res2.rawPayload)).toEqual([expect.stringMatching(/Slide page 1.*Slide page 2/), 'Slide page 3']);

    const four = await job([{ filename: 'deck.pdf', data: await pdfBytes(5, 'Deck') }], [{ nup: 4, pages: '1-4' }]);
    const res4 = await printReady(four.jobId, four.fileIds[0]!);
    expect(res4.statusCode, res4.body).toBe(200);
    expect(await sizes(res4.rawPayload)).toEqual([[595, 842]]);
    expect(pageTexts(res4.rawPayload)[0]).toMatch(/Deck page 1.*Deck page 2.*Deck page 3.*Deck page 4/);
  });

  it('places a wide photo on a landscape sheet', async () => {
    const { jobId, fileIds } = await job([{ filename: 'wide.png', data: pngBytes(60, 20) }], [{}]);
    const res = await printReady(jobId, fileIds[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(await sizes(res.rawPayload)).toEqual([[842, 595]]);
  });

  it('refuses a photo whose page list leaves out its one page, as it is counted: no sheets', async () => {
    const { jobId, fileIds } = await job([{ filename: 'photo.png', data: pngBytes() }], [{ pages: '2-3' }]);
    const res = await printReady(jobId, fileIds[0]!);
    expect(res.statusCode, res.body).toBe(409);
    expect(json(res)).toMatchObject({ code: 'PRINT_NO_PAGES' });
  });

  it('says a damaged PDF cannot be printed from here, with 409 and no stack trace', async () => {
    const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
    const { jobId, fileIds } = await job([{ filename: 'broken.pdf', data: damaged }], [{}]);
    const res = await printReady(jobId, fileIds[0]!);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'PRINT_UNREADABLE', error: expect.stringMatching(/damaged/) });
  });

  it("answers 403 to another shop's owner, 401 without a token, 404 for a file of another job, 400 for a malformed id", async () => {
    const first = await job([{ filename: 'a.pdf', data: await pdfBytes(1) }], [{}]);
    const second = await job([{ filename: 'b.pdf', data: await pdfBytes(1) }], [{}]);
    expect((await printReady(first.jobId, first.fileIds[0]!, b.auth)).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'GET',
      url: `/api/shops-action/print-jobs/${first.jobId}/files/${first.fileIds[0]}/print-ready`,
    });
    expect(anon.statusCode).toBe(401);
    expect((await printReady(first.jobId, second.fileIds[0]!)).statusCode).toBe(404);
    const bad = await printReady(first.jobId, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toMatch(/fileId/);
  });
});

describe('PrintReadyMaker', () => {
  const limits = { timeoutMs: 30_000, memoryBytes: 512 * 1024 * 1024, maxOutputBytes: 64 * 1024 * 1024, concurrency: 1, maxWaiting: 1 };
  const spec = { source: 'pdf' as const, ranges: null, nup: 1 as const, sheet: null };

  it('gives up on a file past its deadline and leaves no temporary folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'print-ready-root-'));
    try {
      const maker = new PrintReadyMaker({ ...limits, timeoutMs: 1 }, root);
      const bytes = await pdfBytes(200);
      const made = await maker.make(async (path) => writeFileSync(path, bytes), spec);
      expect(made).toEqual({ ok: false, reason: 'too-complex' });
      expect(readdirSync(root)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('keeps a short line: past it, a request is told the queue is busy', async () => {
    const maker = new PrintReadyMaker(limits);
    const bytes = await pdfBytes(3);
    const all = await Promise.all([0, 1, 2].map(() => maker.make(async (path) => writeFileSync(path, bytes), spec)));
    expect(all.map((m) => (m.ok ? 'ok' : m.reason)).sort()).toEqual(['busy', 'ok', 'ok']);
  });
});
