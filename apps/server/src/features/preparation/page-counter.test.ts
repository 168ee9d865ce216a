import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, testLogger } from '../../../test/support/database.js';
import { ownerWithShop, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import { bigDocument, nestedPageTree, objectStreamBomb, pageTreeDag, pdfLibDocument } from '../../../test/support/hostile-pdfs.js';
import { PAGE_COUNT_DECODE_BUDGET } from '../../config.js';
import { queryRows } from '../../db/index.js';
import { CountSlot } from './page-count-slot.js';
import { PageCounter } from './page-counter.js';

const MiB = 1024 * 1024;
/** The default wall clock of one count (config.ts): every hostile file is settled well within it. */
const TIMEOUT_MS = 10_000;

type File = { id: string; name: string; pages: number | null; pagesStatus: string };

/** Samples this process's RSS while `work` runs: the test process is where the old counter's memory went. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    return { result, growth: Math.max(peak, process.memoryUsage().rss) - base };
  } finally {
    clearInterval(timer);
  }
}

describe.each(DATABASE_KINDS)('page counting of hostile PDFs on %s', (kind) => {
  let t: TestApp;
  let shop: Awaited<ReturnType<typeof ownerWithShop>>;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    shop = await ownerWithShop(t.app, `pages-${kind}@example.com`);
  });
  afterAll(async () => t?.close());

  const filesOf = async (jobId: string): Promise<File[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shops/${shop.shop.id}/print-jobs`, headers: shop.auth });
    return json(res).find((j: { id: string }) => j.id === jobId).files;
  };

  /** Uploads the files as one job and waits (bounded) until none is still counting. */
  const uploadAndSettle = async (files: { filename: string; data: Buffer }[], deadlineMs = 30_000) => {
    const res = await upload(
      t.app,
      shop.shop.slug,
      files.map((f) => ({ name: 'files', type: 'application/pdf', ...f })),
    );
    expect(res.statusCode).toBe(201);
    const jobId = json(res).jobId as string;
    const started = Date.now();
    let files_: File[] = await filesOf(jobId);
    while (files_.some((f) => f.pagesStatus === 'counting') && Date.now() - started < deadlineMs) {
      await new Promise((r) => setTimeout(r, 50));
      files_ = await filesOf(jobId);
    }
    return { jobId, files: files_, ms: Date.now() - started };
  };

  it('counts ordinary PDFs right: pdf-lib with and without object streams, a nested page tree, 24 MiB', async () => {
    const { files } = await uploadAndSettle([
      { filename: 'objstm.pdf', data: await pdfLibDocument(7, true) },
      { filename: 'plain.pdf', data: await pdfLibDocument(3, false) },
      { filename: 'nested.pdf', data: nestedPageTree(1200, 8) },
      { filename: 'big.pdf', data: bigDocument(9, 24) },
    ]);
    expect(files.map((f) => [f.name, f.pages, f.pagesStatus])).toEqual([
      ['objstm.pdf', 7, 'counted'],
      ['plain.pdf', 3, 'counted'],
      ['nested.pdf', 1200, 'counted'],
      ['big.pdf', 9, 'counted'],
    ]);
  });

  it('marks a 2.6 MB object-stream bomb (2.5 GiB inflated) uncountable in time, with this process staying small', async () => {
    const bomb = await objectStreamBomb(2, 1280);
    expect(bomb.length).toBeGreaterThan(2 * MiB);
    expect(bomb.length).toBeLessThan(3 * MiB);
    const { result, growth } = await peakRss(() => uploadAndSettle([{ filename: 'bomb.pdf', data: bomb }], 60_000));
    expect(result.files.map((f) => [f.pages, f.pagesStatus])).toEqual([[null, 'uncountable']]);
    expect(result.ms).toBeLessThan(TIMEOUT_MS);
    expect(growth, `RSS grew ${Math.round(growth / MiB)} MiB`).toBeLessThan(150 * MiB);
  });

  it.each(['page', 'empty'] as const)('marks a page-tree DAG of 2^60 paths (leaf: %s) uncountable in time', async (leaf) => {
    const dag = pageTreeDag(60, leaf);
    expect(dag.length).toBeLessThan(8 * 1024);
    const { result, growth } = await peakRss(() => uploadAndSettle([{ filename: `dag-${leaf}.pdf`, data: dag }], 60_000));
    expect(result.files.map((f) => [f.pages, f.pagesStatus])).toEqual([[null, 'uncountable']]);
    expect(result.ms).toBeLessThan(TIMEOUT_MS);
    expect(growth, `RSS grew ${Math.round(growth / MiB)} MiB`).toBeLessThan(150 * MiB);
  });

  it('never picks an uncountable file up again, and gives up on a file interrupted twice', async () => {
    const { jobId } = await uploadAndSettle([
      { filename: 'dag.pdf', data: pageTreeDag(60, 'empty') },
      { filename: 'fine.pdf', data: await pdfLibDocument(2, true) },
    ]);
    const rows = () =>
      queryRows<{ original_name: string; pages: number | null; page_count_error: string | null; page_count_attempts: number }>(
        t.deps.database.db,
        sql`SELECT original_name, pages, page_count_error, page_count_attempts FROM job_files WHERE job_id = ${jobId} ORDER BY position`,
      );
    expect(await rows()).toEqual([
      { original_name: 'dag.pdf', pages: null, page_count_error: 'page-tree-not-a-tree', page_count_attempts: 1 },
      { original_name: 'fine.pdf', pages: 2, page_count_error: null, page_count_attempts: 1 },
    ]);
    // A restart: a new counter on the same database resumes what is left, which is nothing.
    const counted: string[] = [];
    const restarted = () =>
      new PageCounter({
        db: t.deps.database.db,
        blobs: t.deps.blobs,
        logger: testLogger,
        limits: { timeoutMs: TIMEOUT_MS, memoryBytes: 512 * MiB, ...PAGE_COUNT_DECODE_BUDGET },
        slots: 2,
        onCounted: (id) => counted.push(id),
      });
    const first = restarted();
    await first.resume();
    await first.idle();
    expect(counted).toEqual([]);
    expect((await rows()).map((r) => r.page_count_attempts)).toEqual([1, 1]);

    // The server died twice while counting fine.pdf: the third start marks it instead of trying again.
    await t.deps.database.db.execute(
      sql`UPDATE job_files SET pages = NULL, page_count_attempts = 2 WHERE job_id = ${jobId} AND original_name = 'fine.pdf'`,
    );
    const second = restarted();
    await second.resume();
    await second.idle();
    await second.stop();
    expect(counted).toEqual([jobId]);
    expect((await rows())[1]).toEqual({ original_name: 'fine.pdf', pages: null, page_count_error: 'interrupted', page_count_attempts: 3 });
  });
});

describe('a page-count child process', () => {
  const bytes = async function* (b: Buffer) {
    yield b;
  };
  const slotWith = (over: Partial<ConstructorParameters<typeof CountSlot>[0]>) =>
    new CountSlot({ timeoutMs: TIMEOUT_MS, memoryBytes: 512 * MiB, ...PAGE_COUNT_DECODE_BUDGET, ...over }, testLogger);

  it('is killed at its wall-clock limit', async () => {
    const slot = slotWith({ timeoutMs: 150 });
    const started = Date.now();
    const bomb = await objectStreamBomb(2, 1280);
    expect(await slot.count(bytes(bomb), bomb.length)).toEqual({ uncountable: 'timed-out' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(slot.running).toBe(false);
  });

  it('dies at its memory limit when the decode budget would allow more', async () => {
    const slot = slotWith({ memoryBytes: 256 * MiB, maxStreamBytes: 4096 * MiB, maxFileBytes: 4096 * MiB });
    const bomb = await objectStreamBomb(1, 1024);
    expect(await slot.count(bytes(bomb), bomb.length)).toEqual({ uncountable: 'over-budget' });
    // The same child goes on to the next file.
    const fine = await pdfLibDocument(4, true);
    expect(await slot.count(bytes(fine), fine.length)).toEqual({ pages: 4 });
    slot.close();
  });
});

describe.each(DATABASE_KINDS)('page counting takes turns between shops on %s', (kind) => {
  let t: TestApp;
  let slow: Awaited<ReturnType<typeof ownerWithShop>>;
  let other: Awaited<ReturnType<typeof ownerWithShop>>;
  // A budget this loose lets a bomb run into the wall clock (6 s), as a file slower than any budget would.
  const pageCount = { timeoutMs: 6_000, memoryBytes: 512 * MiB, maxStreamBytes: 64 * MiB, maxFileBytes: 64 * 1024 * MiB, slots: 2 };

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' }, config: { pageCount } });
    slow = await ownerWithShop(t.app, `slow-${kind}@example.com`);
    other = await ownerWithShop(t.app, `other-${kind}@example.com`);
  });
  afterAll(async () => t?.close());

  const filesOf = async (o: typeof slow, jobId: string): Promise<File[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shops/${o.shop.id}/print-jobs`, headers: o.auth });
    return json(res).find((j: { id: string }) => j.id === jobId).files;
  };
  const post = async (o: typeof slow, files: { filename: string; data: Buffer }[]) => {
    const res = await upload(
      t.app,
      o.shop.slug,
      files.map((f) => ({ name: 'files', type: 'application/pdf', ...f })),
    );
    expect(res.statusCode).toBe(201);
    return json(res).jobId as string;
  };

  it("counts another shop's file while one shop's files run to the wall clock, which then marks them", async () => {
    // 40 streams of 64 MiB: 2.6 MB that take pdf-lib seconds to inflate.
    const bomb = await objectStreamBomb(40, 64);
    const slowJob = await post(slow, [
      { filename: 'slow-1.pdf', data: bomb },
      { filename: 'slow-2.pdf', data: bomb },
    ]);
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const otherJob = await post(other, [{ filename: 'fine.pdf', data: await pdfLibDocument(6, true) }]);
    let theirs = await filesOf(other, otherJob);
    while (theirs[0]!.pagesStatus === 'counting' && Date.now() - started < 30_000) {
      await new Promise((r) => setTimeout(r, 25));
      theirs = await filesOf(other, otherJob);
    }
    const ms = Date.now() - started;
    const slowMeanwhile = await filesOf(slow, slowJob);
    expect(theirs.map((f) => [f.pages, f.pagesStatus])).toEqual([[6, 'counted']]);
    expect(ms, 'counted before the first slow file reached its wall clock').toBeLessThan(pageCount.timeoutMs);
    expect(slowMeanwhile.map((f) => f.pagesStatus)).toEqual(['counting', 'counting']);

    await t.app.services.pageCounter.idle();
    const rows = await queryRows<{ page_count_error: string | null }>(
      t.deps.database.db,
      sql`SELECT page_count_error FROM job_files WHERE job_id = ${slowJob} ORDER BY position`,
    );
    expect(rows.map((r) => r.page_count_error)).toEqual(['timed-out', 'timed-out']);
  });
});
