/**
 * Uploads while documents convert (issue 18): 20 customers upload a 2 MiB PDF each, again and again, once
 * on a quiet server and once while 10 customers at other shops keep a 10-page DOCX converting each (each
 * sends the next as soon as the last is converted). Target: upload p95 within 1.25× of the quiet run.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSizedDocuments } from '../../apps/server/test/support/office-corpus.js';
import { startDriver } from '../lib/driver.js';
import type { Benchmark, Row } from '../lib/report.js';
import { scratchDir, startServer } from '../lib/server.js';
import { createShop, waitForPrepared } from '../lib/setup.js';
import { percentile } from '../lib/stats.js';

const TARGET = 1.25;
const CUSTOMERS = 20;
const CONVERTING = 10;
type Latency = { ms: number[]; errors: string[]; elapsedMs: number };

/** One customer's loop: send the DOCX, wait until the shop has converted it, send it again; until `stop`. */
async function keepConverting(
  url: string,
  slug: string,
  docx: Buffer,
  stop: () => boolean,
): Promise<{ converted: number; errors: string[] }> {
  let converted = 0;
  const errors: string[] = [];
  while (!stop()) {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(docx)]), 'report.docx');
    const res = await fetch(`${url}/api/public/shops/${slug}/jobs`, { method: 'POST', body: form });
    if (res.status !== 201) {
      errors.push(`upload ${res.status}`);
      continue;
    }
    const { token } = (await res.json()) as { token: string };
    for (;;) {
      const job = (await (await fetch(`${url}/api/public/jobs/${token}`)).json()) as { status: string; files: { conversion: string }[] };
      if (job.files.every((f) => f.conversion !== 'converting')) {
        if (job.files.some((f) => f.conversion !== 'converted')) errors.push(`conversion ${job.files[0]?.conversion}`);
        else converted++;
        break;
      }
      // As the customer's page asks (apps/web public-shop/jobProgress.ts): every 2 s.
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
  return { converted, errors };
}

export const uploadUnderConversion: Benchmark = {
  name: 'upload-under-conversion',
  describe: `${CUSTOMERS} customers × 2 MiB PDFs, alone and while ${CONVERTING} DOCX conversions run`,
  async run({ db, quick, log }) {
    const durationMs = quick ? 8_000 : 30_000;
    const dir = await scratchDir('upload-conversion');
    const built = await buildSizedDocuments(path.join(dir, 'documents'), { docxPages: [10], pptxSlides: [] });
    const docx = await readFile(built.docx[10]!);
    const server = await startServer(db, 'upload-under-conversion');
    const uploader = await startDriver('drivers/upload.ts');
    try {
      const shop = await createShop(server.url);
      const documentShops = await Promise.all(Array.from({ length: CONVERTING }, (_, i) => createShop(server.url, `Bench Documents ${i}`)));
      // Warm up: the upload path, and one conversion so that warm converters exist in both runs' conditions.
      await uploader.call('job', { url: server.url, slug: shop.slug, files: 2, size: 1024 * 1024 });
      let warmups = 0;
      await keepConverting(server.url, documentShops[0]!.slug, docx, () => warmups++ > 0);
      const latency = () =>
        uploader.call<Latency>('latency', { url: server.url, slug: shop.slug, customers: CUSTOMERS, size: 2 * 1024 * 1024, durationMs });

      // Each uploaded PDF gets a thumbnail in the background: the quiet run's must not spill into the next.
      const settle = async () => {
        const t0 = Date.now();
        if (!(await waitForPrepared(server.url, shop, 180_000))) log('  (thumbnails still being made after 180 s)');
        return Date.now() - t0;
      };
      await settle();
      const quiet = await latency();
      log(`  quiet run's thumbnails made ${((await settle()) / 1000).toFixed(1)} s after it ended`);
      let stopped = false;
      const load = documentShops.map((s) => keepConverting(server.url, s.slug, docx, () => stopped));
      await new Promise((r) => setTimeout(r, 1_000));
      const busy = await latency();
      stopped = true;
      const converting = await Promise.all(load);
      const converted = converting.reduce((n, c) => n + c.converted, 0);
      const conversionErrors = converting.flatMap((c) => c.errors);

      const p95 = (l: Latency) => percentile(l.ms, 95);
      const ratio = p95(busy) / p95(quiet);
      log(
        `  quiet: ${quiet.ms.length} uploads, p95 ${p95(quiet).toFixed(0)} ms; converting: ${busy.ms.length} uploads, p95 ${p95(busy).toFixed(0)} ms (${ratio.toFixed(2)}×), ${converted} documents converted`,
      );
      const errors = [...quiet.errors, ...busy.errors, ...conversionErrors];
      const rows: Row[] = [
        {
          what: 'upload under conversion',
          measure: `upload p95 while ${CONVERTING} DOCX convert, ${CUSTOMERS} customers × 2 MiB for ${durationMs / 1000} s`,
          value: p95(busy),
          baseline: p95(quiet),
          format: 'ms',
          target: `≤ ${TARGET}× the same load without conversions; 0 errors`,
          pass: ratio <= TARGET && errors.length === 0,
          detail: `${ratio.toFixed(2)}×; p50 ${percentile(busy.ms, 50).toFixed(0)} vs ${percentile(quiet.ms, 50).toFixed(0)} ms; ${busy.ms.length} vs ${quiet.ms.length} uploads; ${converted} documents converted meanwhile`,
        },
        { what: 'upload under conversion', measure: 'documents converted during the run', value: converted, format: 'count' },
        {
          what: 'upload under conversion',
          measure: 'errors',
          value: errors.length,
          format: 'count',
          target: '0',
          pass: errors.length === 0,
        },
      ];
      return {
        rows,
        notes: errors.length ? [`errors: ${[...new Set(errors)].slice(0, 5).join('; ')}`] : [],
        data: {
          durationMs,
          quiet: { count: quiet.ms.length, p95: p95(quiet) },
          busy: { count: busy.ms.length, p95: p95(busy) },
          ratio,
          converted,
          errors,
        },
      };
    } finally {
      await uploader.close();
      await server.stop();
    }
  },
};
