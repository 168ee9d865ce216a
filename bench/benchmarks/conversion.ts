/**
 * Office documents to PDF: our DocumentConverter (from the built server, apps/server/dist) against the
 * bare `soffice --headless --convert-to pdf --outdir D FILE` an admin would run, on the same files in the
 * same run, rounds alternating. The documents are made in the run by LibreOffice itself (the server
 * tests' corpus builder), so nothing binary is committed.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSizedDocuments } from '../../apps/server/test/support/office-corpus.js';
import { now, REPO_DIR } from '../lib/driver.js';
import type { Benchmark, Row } from '../lib/report.js';
import { scratchDir } from '../lib/server.js';
import { percentile } from '../lib/stats.js';

const TARGET = 1.2;
const SOFFICE = '/usr/bin/soffice';

type Detection = { ok: true; kind: string } | { ok: false; reason: string; detail: string };
type Converter = {
  available(): boolean;
  readonly networkIsolated: boolean;
  readonly processes: { started: number; alive: number[] };
  detect(path: string): Promise<Detection>;
  convert(request: {
    shopId: string;
    input: { path: string };
    detected: Extract<Detection, { ok: true }>;
  }): Promise<{ ok: true; pages: number; ms: number } | { ok: false; reason: string; detail: string }>;
  stop(): Promise<void>;
};
type ConverterModule = { DocumentConverter: new (options: Record<string, unknown>) => Converter };

const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');

/** The bare converter: one soffice to its end, as an admin runs it; ms from spawn to exit. */
function bareConvert(profile: string, file: string, outdir: string): Promise<number> {
  const t0 = now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      SOFFICE,
      [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--convert-to', 'pdf', '--outdir', outdir, file],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let said = '';
    child.stderr.on('data', (c) => (said += c));
    child.on('error', reject);
    child.on('close', () => {
      const ms = now() - t0;
      const pdf = path.join(outdir, `${path.basename(file, path.extname(file))}.pdf`);
      if (!existsSync(pdf) || statSync(pdf).size === 0) reject(new Error(`bare soffice wrote no PDF for ${file}: ${said}`));
      else resolve(ms);
    });
  });
}

// biome-ignore lint/suspicious/noExplicitAny: a logger that keeps warnings, for the notes
const quietLogger = (notes: string[]): any => {
  const noop = () => {};
  const warn = (o: unknown, m?: string) => notes.push(`converter: ${typeof o === 'string' ? o : (m ?? JSON.stringify(o))}`);
  const logger = { info: noop, debug: noop, trace: noop, warn, error: warn, fatal: warn, child: () => logger };
  return logger;
};

export const conversion: Benchmark = {
  name: 'conversion',
  dbIndependent: true,
  describe: 'DocumentConverter.convert vs bare soffice --convert-to pdf: 1-, 10-, 50-page DOCX and a 20-slide PPTX',
  async run({ quick, log }) {
    if (!existsSync(SOFFICE))
      throw new Error('LibreOffice is not installed: apt-get install libreoffice-writer-nogui libreoffice-impress-nogui');
    const rounds = quick ? 3 : 5;
    const notes: string[] = [];
    const dir = await scratchDir('conversion');
    const mod = (await import(pathToFileURL(path.join(REPO_DIR, 'apps/server/dist/conversion/converter.js')).href)) as ConverterModule;
    const converter = new mod.DocumentConverter({ logger: quietLogger(notes), concurrency: 1, tmpRoot: path.join(dir, 'ours') });
    try {
      await mkdir(path.join(dir, 'ours'));
      const t0 = Date.now();
      const built = await buildSizedDocuments(path.join(dir, 'documents'), { docxPages: [1, 10, 50], pptxSlides: [20] });
      log(`  documents made by LibreOffice in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      const documents = [
        { what: '1-page DOCX', file: built.docx[1]!, pages: 1 },
        { what: '10-page DOCX', file: built.docx[10]!, pages: 10 },
        { what: '50-page DOCX', file: built.docx[50]!, pages: 50 },
        { what: '20-slide PPTX', file: built.pptx[20]!, pages: 20 },
      ];
      if (!converter.available()) throw new Error('the built converter says conversion is off (soffice or pdfinfo missing)');

      // The admin's profile is made once, before timing, by an uncounted conversion.
      const profile = path.join(dir, 'bare-profile');
      const bareOut = path.join(dir, 'bare-out');
      await mkdir(bareOut);
      const bareFirst = await bareConvert(profile, documents[0]!.file, bareOut);

      const ours = async (doc: (typeof documents)[number]) => {
        const detected = await converter.detect(doc.file);
        if (!detected.ok) throw new Error(`${doc.what}: detect said ${detected.reason} (${detected.detail})`);
        const t = now();
        const result = await converter.convert({ shopId: 'bench', input: { path: doc.file }, detected });
        const ms = now() - t;
        if (!result.ok) throw new Error(`${doc.what}: ${result.reason} (${result.detail})`);
        if (result.pages !== doc.pages) throw new Error(`${doc.what}: ${result.pages} pages, expected ${doc.pages}`);
        return ms;
      };
      // Ours starts cold: the template profile and the first soffice. Shown, not counted.
      const oursFirst = await ours(documents[0]!);
      log(
        `  first conversion, uncounted: bare ${bareFirst.toFixed(0)} ms (new profile), ours ${oursFirst.toFixed(0)} ms (template profile + soffice start)`,
      );

      const rows: Row[] = [];
      const data: Record<string, { bare: number[]; ours: number[] }> = {};
      for (const doc of documents) {
        const bare: number[] = [];
        const mine: number[] = [];
        for (let i = 0; i < rounds; i++) {
          // Alternate which side goes first, so neither always follows the other.
          if (i % 2 === 0) {
            bare.push(await bareConvert(profile, doc.file, bareOut));
            mine.push(await ours(doc));
          } else {
            mine.push(await ours(doc));
            bare.push(await bareConvert(profile, doc.file, bareOut));
          }
        }
        data[doc.what] = { bare, ours: mine };
        for (const p of [50, 95] as const) {
          const value = percentile(mine, p);
          const baseline = percentile(bare, p);
          rows.push({
            what: `conversion ${doc.what}`,
            measure: `p${p} ms`,
            value,
            baseline,
            target: `≤ ${TARGET}× bare soffice`,
            pass: value <= TARGET * baseline,
            format: 'ms',
            detail: p === 50 ? `${rounds} rounds, ours: ${list(mine)}; bare: ${list(bare)}` : undefined,
          });
        }
        log(
          `  ${doc.what.padEnd(14)} ours p50 ${percentile(mine, 50).toFixed(0)} / p95 ${percentile(mine, 95).toFixed(0)} ms; bare p50 ${percentile(bare, 50).toFixed(0)} / p95 ${percentile(bare, 95).toFixed(0)} ms`,
        );
      }
      rows.push({
        what: 'conversion, first after start',
        measure: 'ms (1-page DOCX)',
        value: oursFirst,
        baseline: bareFirst,
        format: 'ms',
        detail: 'uncounted: ours makes its template profile and starts its soffice; bare makes its profile',
      });
      const { started } = converter.processes;
      notes.push(
        `ours: one conversion at a time, a warm soffice per slot replaced after 20 conversions (decision 034): ${started} soffice started for ${1 + rounds * documents.length} conversions; ` +
          `network namespace ${converter.networkIsolated ? 'on' : 'off (unshare not permitted)'}; each figure includes detection's result being passed in, copying the file, and pdfinfo counting the pages`,
        `bare: soffice --headless --convert-to pdf --outdir D FILE with one persistent profile made before timing; p95 of ${rounds} rounds is the slowest`,
      );
      return { rows, notes, data: { rounds, bareFirst, oursFirst, started, documents: data } };
    } finally {
      await converter.stop();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
