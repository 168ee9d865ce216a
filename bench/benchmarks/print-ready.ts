/**
 * Issue 22's print-ready PDFs: what a staff click on Print waits for. Our PrintReadyMaker (from the built
 * server: a confined child process, temp files, rlimits) against the same pdf-lib work done in this
 * process with no sandbox, the floor any design would pay. 2 pages to a sheet, pages 2 to the end.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { now, REPO_DIR } from '../lib/driver.js';
import type { Benchmark, Row } from '../lib/report.js';
import { scratchDir } from '../lib/server.js';
import { percentile } from '../lib/stats.js';

type Spec = { source: 'pdf'; ranges: [number, number][] | null; nup: 1 | 2 | 4; sheet: [number, number] | null };
type MakerModule = {
  PrintReadyMaker: new (
    limits: { timeoutMs: number; memoryBytes: number; maxOutputBytes: number; concurrency: number; maxWaiting: number },
    tmpRoot?: string,
  ) => { make(write: (p: string) => Promise<void>, spec: Spec): Promise<{ ok: boolean; pages?: number; reason?: string }> };
};

async function documentOf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    for (let line = 0; line < 40; line++)
      page.drawText(`Page ${i}, line ${line + 1}: the quick brown fox jumps over the lazy dog.`, { x: 40, y: 800 - line * 19, size: 11 });
  }
  return Buffer.from(await doc.save());
}

/** The same pages and sheets, made in this process: no child, no files, no limits. */
async function inProcess(bytes: Buffer, pages: number): Promise<void> {
  const src = await PDFDocument.load(bytes, { updateMetadata: false });
  const out = await PDFDocument.create();
  const embedded = await out.embedPages(Array.from({ length: pages - 1 }, (_, i) => src.getPage(i + 1)));
  for (let i = 0; i < embedded.length; i += 2) {
    const sheet = out.addPage([842, 595]);
    for (const [k, e] of embedded.slice(i, i + 2).entries()) sheet.drawPage(e, { x: k * 421 + 6, y: 6, width: 409, height: 583 });
  }
  await out.save();
}

export const printReady: Benchmark = {
  name: 'print-ready',
  dbIndependent: true,
  describe: 'print-ready PDF (pages 2–end, 2 to a sheet) in its sandboxed child vs the same pdf-lib work in process',
  async run({ quick, log }) {
    const rounds = quick ? 5 : 15;
    const dir = await scratchDir('print-ready');
    const mod = (await import(pathToFileURL(path.join(REPO_DIR, 'apps/server/dist/printing/print-ready.js')).href)) as MakerModule;
    const maker = new mod.PrintReadyMaker(
      { timeoutMs: 30_000, memoryBytes: 768 * 1024 * 1024, maxOutputBytes: 256 * 1024 * 1024, concurrency: 1, maxWaiting: 1 },
      dir,
    );
    const rows: Row[] = [];
    const data: Record<number, { ours: number[]; inProcess: number[] }> = {};
    for (const pages of [10, 100, 300]) {
      const bytes = await documentOf(pages);
      const spec: Spec = { source: 'pdf', ranges: [[2, pages]], nup: 2, sheet: [595.28, 841.89] };
      const ours: number[] = [];
      const base: number[] = [];
      for (let i = 0; i < rounds; i++) {
        let t = now();
        const made = await maker.make((p) => writeFile(p, bytes), spec);
        ours.push(now() - t);
        if (!made.ok) throw new Error(`${pages} pages: ${made.reason}`);
        t = now();
        await inProcess(bytes, pages);
        base.push(now() - t);
      }
      data[pages] = { ours, inProcess: base };
      const p50 = percentile(ours, 50);
      const b50 = percentile(base, 50);
      log(`  ${pages} pages (${(bytes.length / 1024).toFixed(0)} KiB): ours p50 ${p50.toFixed(0)} ms, in process ${b50.toFixed(0)} ms`);
      rows.push({
        what: 'print-ready PDF',
        measure: `${pages}-page PDF, 2 to a sheet, p50 ms`,
        value: p50,
        baseline: b50,
        format: 'ms',
        target: pages >= 100 ? '≤ 2.0× in process' : '< 1,000 ms',
        pass: pages >= 100 ? p50 / b50 <= 2 : p50 < 1000,
        detail: `p95 ${percentile(ours, 95).toFixed(0)} ms vs ${percentile(base, 95).toFixed(0)} ms, ${rounds} rounds`,
      });
    }
    return {
      rows,
      data,
      notes: ['Ours includes starting node under prlimit (and unshare where allowed), writing the input, reading the output.'],
    };
  },
};
