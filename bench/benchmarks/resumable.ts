/**
 * Issue 21's resumable uploads, measured as a phone would send: each file its own tus upload, then the
 * JSON job call. Throughput and server memory against the bare pipe baseline in the same run, and the
 * bytes a lossy link costs when every file's connection is cut three times at random points.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { inTurn, quiesceDisk } from '../lib/disk.js';
import { startDriver } from '../lib/driver.js';
import { MiB } from '../lib/payload.js';
import { rssSampler, threadCpu, threadCpuDelta } from '../lib/procstat.js';
import type { Benchmark, Row } from '../lib/report.js';
import { readRss, scratchDir, startServer } from '../lib/server.js';
import { createShop, type ShopFixture, waitForPageCounts, waitForPrepared } from '../lib/setup.js';
import { median } from '../lib/stats.js';
import type { TusJobResult } from '../lib/tus-upload.js';

const MB = 1e6;
/** Files in flight at once, as the shop page sends them. */
const IN_FLIGHT = Number(process.env.TUS_IN_FLIGHT ?? 2);

/** Pages counted and thumbnails drawn for every job so far: nothing of a round's background work overlaps the next measure. */
async function settled(url: string, shop: ShopFixture): Promise<void> {
  if (!(await waitForPageCounts(url, shop, 180_000)) || !(await waitForPrepared(url, shop, 300_000))) {
    throw new Error('the server did not finish its background work on the uploads in time');
  }
}
/**
 * What sealing alone allows on this machine: SHA-256 and AES-256-GCM over 64 MiB on one thread (best of 3),
 * and the MB/s all cores would seal if they did nothing else. The server does both to every byte it keeps;
 * the bare pipe does neither, so on a core without SHA extensions this, not the server, bounds the ratio.
 */
function sealingCeiling(): { sha256: number; gcm: number; cores: number; ceiling: number } {
  const piece = randomBytes(MiB);
  const rate = (work: () => void) => {
    let best = 0;
    for (let r = 0; r < 3; r++) {
      const start = performance.now();
      for (let i = 0; i < 64; i++) work();
      best = Math.max(best, (64 * MiB) / MB / ((performance.now() - start) / 1000));
    }
    return best;
  };
  const hash = createHash('sha256');
  const sha256 = rate(() => hash.update(piece));
  const key = randomBytes(32);
  const gcm = rate(() => {
    const c = createCipheriv('aes-256-gcm', key, randomBytes(12));
    c.update(piece);
    c.final();
  });
  const cores = availableParallelism();
  return { sha256, gcm, cores, ceiling: cores / (1 / sha256 + 1 / gcm) };
}
const list = (xs: number[], digits = 0) => xs.map((x) => x.toFixed(digits)).join(', ');
/** Where a file's time went, as the client saw it (medians over the round's files). */
const phasesOf = (r: TusJobResult | undefined) =>
  r?.phases
    ? `per file: creation ${median(r.phases.create).toFixed(1)} ms, PATCH body ${median(r.phases.send).toFixed(1)} ms, last byte to 204 ${median(r.phases.answer).toFixed(1)} ms`
    : '';

export const resumableUploads: Benchmark = {
  name: 'resumable',
  describe: 'tus: one job of 50 × 25 MiB against the bare pipe; bytes sent over a link cut 3 times a file',
  async run({ db, quick, log }) {
    const files = quick ? 10 : 50;
    const size = quick ? 10 * MiB : 25 * MiB;
    const rounds = quick ? 1 : 3;
    const bytes = files * size;
    const server = await startServer(db, 'resumable');
    const uploader = await startDriver('drivers/upload.ts');
    const raw = await startDriver('baselines/raw-upload.ts');
    const rawDir = await scratchDir('raw');
    try {
      const shop = await createShop(server.url);
      const { url: rawUrl } = await raw.call<{ url: string; pid: number }>('listen', { dir: rawDir });
      await uploader.call('tus', { url: server.url, slug: shop.slug, files: 2, size: MiB, prefix: 'warm' });
      await uploader.call('raw', { url: rawUrl, files: 2, size: MiB });
      await settled(server.url, shop);
      const ours: number[] = [];
      const base: number[] = [];
      const growth: number[] = [];
      const errors: string[] = [];
      let cacheNote = '';
      let last: TusJobResult | undefined;
      const phases: string[] = [];
      for (let i = 0; i < rounds; i++) {
        const runOurs = async () => {
          cacheNote = await quiesceDisk();
          const before = readRss(server.pid);
          const t0 = process.env.BENCH_TRACE ? threadCpu(server.pid) : undefined;
          const rss = rssSampler(server.pid, () => readRss(server.pid));
          const r = await uploader.call<TusJobResult>('tus', {
            url: server.url,
            slug: shop.slug,
            files,
            size,
            prefix: `r${i}`,
            inFlight: IN_FLIGHT,
          });
          rss.stop();
          if (t0) log(`    server threads (ms): ${threadCpuDelta(t0, threadCpu(server.pid))}`);
          growth.push((rss.peak - before) / MB);
          if (r.status !== 201) errors.push(`tus ${r.status} ${r.error ?? ''}`);
          ours.push(bytes / MB / (r.ms / 1000));
          last = r;
          phases.push(phasesOf(r));
          // The job's 50 files are counted and drawn in the background: the baseline must not run beside that.
          await settled(server.url, shop);
        };
        const runBaseline = async () => {
          cacheNote = await quiesceDisk();
          const b = await uploader.call<{ status: number; ms: number }>('raw', { url: rawUrl, files, size });
          base.push(bytes / MB / (b.ms / 1000));
        };
        await inTurn(i, runOurs, runBaseline);
        log(`    ${phases.at(-1)}`);
        log(
          `  round ${i + 1}: tus ${ours.at(-1)!.toFixed(0)} MB/s (job call ${last?.jobMs?.toFixed(0)} of ${last?.ms.toFixed(0)} ms), baseline ${base.at(-1)!.toFixed(0)} MB/s, RSS +${growth.at(-1)!.toFixed(1)} MB`,
        );
      }

      // A lossy link: 10 files, each connection cut 3 times at random points and resumed from HEAD's offset.
      const lossyFiles = 10;
      const lossySize = quick ? 2 * MiB : 5 * MiB;
      const lossy = await uploader.call<TusJobResult>('tus', {
        url: server.url,
        slug: shop.slug,
        files: lossyFiles,
        size: lossySize,
        disconnects: 3,
        prefix: 'lossy',
      });
      if (lossy.status !== 201) errors.push(`lossy ${lossy.status} ${lossy.error ?? ''}`);
      const overhead = lossy.bytesSent / lossy.fileBytes;
      log(
        `  lossy link: ${(lossy.bytesSent / MB).toFixed(1)} MB sent for ${(lossy.fileBytes / MB).toFixed(1)} MB of files (${overhead.toFixed(3)}×)`,
      );

      const value = median(ours);
      const baseline = median(base);
      const sealing = sealingCeiling();
      log(
        `  sealing alone: SHA-256 ${sealing.sha256.toFixed(0)} MB/s, AES-256-GCM ${sealing.gcm.toFixed(0)} MB/s on one core; ${sealing.ceiling.toFixed(0)} MB/s on all ${sealing.cores}`,
      );
      const rows: Row[] = [
        {
          what: 'resumable uploads',
          measure: `tus MB/s, one job of ${files} × ${size / MiB} MiB`,
          value,
          baseline,
          format: 'rate',
          target: '≥ 0.80× baseline',
          pass: value / baseline >= 0.8 && errors.length === 0,
          detail: `median of ${rounds}: tus ${list(ours)}; bare pipe ${list(base)}`,
        },
        {
          what: 'resumable uploads',
          measure: `tus MB/s against sealing alone (SHA-256 + AES-256-GCM on ${sealing.cores} cores, nothing else)`,
          value,
          baseline: sealing.ceiling,
          format: 'rate',
          detail: `one core: SHA-256 ${sealing.sha256.toFixed(0)} MB/s, AES-256-GCM ${sealing.gcm.toFixed(0)} MB/s; the bare pipe at 0.8× would need ${(0.8 * baseline).toFixed(0)} MB/s`,
        },
        {
          what: 'resumable uploads',
          measure: `server RSS growth over that job (MB)`,
          value: median(growth),
          format: 'mb',
          target: '< 100 MB',
          pass: Math.max(...growth) < 100,
          detail: list(growth, 1),
        },
        {
          what: 'resumable uploads',
          measure: `bytes sent ÷ file bytes, ${lossyFiles} × ${lossySize / MiB} MiB, 3 cuts a file`,
          value: overhead,
          format: 'ratio',
          target: '≤ 1.05',
          pass: overhead <= 1.05 && lossy.status === 201,
        },
      ];
      return {
        rows,
        notes: [
          'Each file is one tus upload (POST, then one PATCH of the whole file, as the shop page sends any file over 1 MiB); the baseline receives the same bytes as one multipart body and pipes it to a file.',
          `tus, ${phases.at(-1)} (last round; the file is fsynced and its row updated in the last part, which the bare pipe does not do)`,
          cacheNote,
          ...(errors.length ? [`errors: ${errors.join('; ')}`] : []),
        ],
        data: { tusMBps: ours, baselineMBps: base, rssGrowthMB: growth, phases, lossy, sealing },
      };
    } finally {
      await Promise.all([uploader.close(), raw.close()]);
      await server.stop();
      await rm(rawDir, { recursive: true, force: true });
    }
  },
};
