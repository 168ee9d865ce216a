import { rm } from 'node:fs/promises';
import { inTurn, quiesceDisk } from '../lib/disk.js';
import { startDriver } from '../lib/driver.js';
import { MiB } from '../lib/payload.js';
import { cpuSeconds, rssSampler, threadCpu, threadCpuDelta } from '../lib/procstat.js';
import type { Benchmark, Row } from '../lib/report.js';
import { type ServerHandle, scratchDir, startServer } from '../lib/server.js';
import { createShop, type ShopFixture, waitForPageCounts } from '../lib/setup.js';
import { median, percentile } from '../lib/stats.js';

type JobResult = { status: number; ms: number; error?: string; jobId?: string };
const MB = 1e6;
const list = (xs: number[], digits = 0) => xs.map((x) => x.toFixed(digits)).join(', ');

let cacheNote: string | undefined;

/** One job of `files` × `size` bytes; full run 50 × 25 MiB (the contract's limits), quick 10 × 10 MiB. */
const bigJob = (quick: boolean) => (quick ? { files: 10, size: 10 * MiB } : { files: 50, size: 25 * MiB });

/** After each upload the server counts PDF pages in the background; let that finish between rounds. */
async function settle(server: ServerHandle, shop: ShopFixture, log: (l: string) => void): Promise<number> {
  const t0 = Date.now();
  if (!(await waitForPageCounts(server.url, shop, 120_000))) log('  (page counting still running after 120 s)');
  return Date.now() - t0;
}

export const uploadThroughput: Benchmark = {
  name: 'upload-throughput',
  describe: 'one job of 50 × 25 MiB PDFs vs a bare http server piping the body to a file',
  async run({ db, quick, log }) {
    const { files, size } = bigJob(quick);
    const rounds = quick ? 2 : 5;
    const bytes = files * size;
    const server = await startServer(db, 'upload-throughput');
    const uploader = await startDriver('drivers/upload.ts');
    const raw = await startDriver('baselines/raw-upload.ts');
    const rawDir = await scratchDir('raw');
    try {
      const shop = await createShop(server.url);
      const { url: rawUrl, pid: rawPid } = await raw.call<{ url: string; pid: number }>('listen', { dir: rawDir });
      // Warm both servers up (JIT, first-use code paths) before timing.
      await uploader.call('raw', { url: rawUrl, files: 2, size: MiB });
      await uploader.call('job', { url: server.url, slug: shop.slug, files: 2, size: MiB });
      await settle(server, shop, log);
      const ours: number[] = [];
      const base: number[] = [];
      const cpuOurs: number[] = [];
      const cpuBase: number[] = [];
      const cpuClient: number[] = [];
      const errors: string[] = [];
      for (let i = 0; i < rounds; i++) {
        const runBaseline = async () => {
          cacheNote = await quiesceDisk();
          const c0 = cpuSeconds(rawPid);
          const u0 = cpuSeconds(uploader.pid);
          const r = await uploader.call<JobResult>('raw', { url: rawUrl, files, size });
          cpuClient.push(((cpuSeconds(uploader.pid) - u0) * 1000) / (bytes / MB));
          if (r.status !== 201) errors.push(`baseline ${r.status} ${r.error ?? ''}`);
          base.push(bytes / MB / (r.ms / 1000));
          cpuBase.push(((cpuSeconds(rawPid) - c0) * 1000) / (bytes / MB));
        };
        const runOurs = async () => {
          cacheNote = await quiesceDisk();
          const c0 = cpuSeconds(server.pid);
          const t0 = process.env.BENCH_TRACE ? threadCpu(server.pid) : undefined;
          const r = await uploader.call<JobResult>('job', { url: server.url, slug: shop.slug, files, size });
          if (t0) log(`    server threads (ms): ${threadCpuDelta(t0, threadCpu(server.pid))}`);
          if (r.status !== 201) errors.push(`server ${r.status} ${r.error ?? ''}`);
          ours.push(bytes / MB / (r.ms / 1000));
          cpuOurs.push(((cpuSeconds(server.pid) - c0) * 1000) / (bytes / MB));
          await settle(server, shop, log);
        };
        await inTurn(i, runBaseline, runOurs);
        log(`  round ${i + 1}: server ${ours.at(-1)!.toFixed(0)} MB/s, baseline ${base.at(-1)!.toFixed(0)} MB/s`);
      }
      const value = median(ours);
      const baseline = median(base);
      const rows: Row[] = [
        {
          what: 'upload throughput',
          measure: `MB/s, one job of ${files} × ${size / MiB} MiB`,
          value,
          baseline,
          format: 'rate',
          target: '≥ 0.70× baseline',
          pass: value / baseline >= 0.7 && errors.length === 0,
          detail: `median of ${rounds}: server ${list(ours)}; baseline ${list(base)}`,
        },
        {
          what: 'upload throughput',
          measure: 'server CPU ms per MB (diagnostic)',
          value: median(cpuOurs),
          baseline: median(cpuBase),
          format: 'rate',
          detail: `server ${list(cpuOurs, 1)}; baseline ${list(cpuBase, 1)}; the load generator used ${median(cpuClient).toFixed(1)} ms/MB`,
        },
      ];
      return {
        rows,
        notes: [...(cacheNote ? [cacheNote] : []), ...(errors.length ? [`errors: ${errors.join('; ')}`] : [])],
        data: {
          files,
          size,
          rounds,
          serverMBps: ours,
          baselineMBps: base,
          serverCpuMsPerMB: cpuOurs,
          baselineCpuMsPerMB: cpuBase,
          clientCpuMsPerMB: cpuClient,
          errors,
        },
      };
    } finally {
      await Promise.all([uploader.close(), raw.close()]);
      await server.stop();
      await rm(rawDir, { recursive: true, force: true });
    }
  },
};

export const uploadMemory: Benchmark = {
  name: 'upload-memory',
  describe: 'server RSS growth over the big job and over 20 customers × 5 × 5 MiB at once',
  async run({ db, quick, log }) {
    const rounds = quick ? 1 : 3;
    const big = bigJob(quick);
    const scenarios = [
      { key: 'bigJob', label: `one job of ${big.files} × ${big.size / MiB} MiB`, customers: 1, ...big },
      { key: 'concurrent', label: `${quick ? 10 : 20} customers × 5 × 5 MiB at once`, customers: quick ? 10 : 20, files: 5, size: 5 * MiB },
    ];
    const rows: Row[] = [];
    const data: Record<string, unknown> = {};
    const notes: string[] = [];
    // BENCH_MEMORY_SCENARIO=bigJob|concurrent runs one of them (for A/B runs of a change).
    for (const sc of scenarios.filter((x) => !process.env.BENCH_MEMORY_SCENARIO || x.key === process.env.BENCH_MEMORY_SCENARIO)) {
      const growth: number[] = [];
      const uploadPeaks: number[] = [];
      const befores: number[] = [];
      let failed = 0;
      const errors: string[] = [];
      for (let i = 0; i < rounds; i++) {
        // A fresh server for every run, so that "before" is the RSS of a server that has not uploaded yet.
        const server = await startServer(db, `upload-memory-${sc.key}`);
        const uploader = await startDriver('drivers/upload.ts');
        try {
          const shop = await createShop(server.url);
          await new Promise((r) => setTimeout(r, 500));
          const before = server.rss();
          const sampler = rssSampler(server.pid, () => server.rss());
          const results =
            sc.customers === 1
              ? [await uploader.call<JobResult>('job', { url: server.url, slug: shop.slug, files: sc.files, size: sc.size })]
              : await uploader.call<JobResult[]>('concurrent', {
                  url: server.url,
                  slug: shop.slug,
                  customers: sc.customers,
                  files: sc.files,
                  size: sc.size,
                });
          const duringUpload = sampler.peak;
          // The window includes the background page counting each upload starts.
          await settle(server, shop, log);
          const peak = sampler.stop();
          for (const r of results) {
            if (r.status !== 201) {
              failed++;
              errors.push(`${r.status} ${r.error ?? ''}`.slice(0, 200));
            }
          }
          befores.push(before / MB);
          growth.push((peak - before) / MB);
          uploadPeaks.push((duringUpload - before) / MB);
          log(
            `  ${sc.key} run ${i + 1}: RSS before ${(before / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (+${((peak - before) / MB).toFixed(0)}), failed ${failed}`,
          );
        } finally {
          await uploader.close();
          await server.stop();
        }
      }
      rows.push({
        what: 'upload memory',
        measure: `RSS growth, ${sc.label}`,
        value: median(growth),
        baseline: median(befores),
        format: 'mb',
        target: '< 100 MB growth; 0 failed',
        pass: median(growth) < 100 && failed === 0,
        detail: `median of ${rounds} runs, each on a fresh server: ${list(growth)} MB (upload alone ${list(uploadPeaks)}); failed requests ${failed}`,
      });
      rows.push({
        what: 'upload memory',
        measure: `failed requests, ${sc.label}`,
        value: failed,
        format: 'count',
        target: '0',
        pass: failed === 0,
      });
      if (errors.length) notes.push(`${sc.key} errors: ${[...new Set(errors)].join('; ')}`);
      data[sc.key] = { label: sc.label, rounds, rssBeforeMB: befores, growthMB: growth, growthDuringUploadMB: uploadPeaks, failed, errors };
    }
    notes.push(
      'RSS from /proc/<pid>/status VmRSS sampled every 25 ms, from before the upload until its page counting finished; the baseline column is RSS before the run. ' +
        'Back-to-back runs on one server creep further (glibc heap fragmentation; V8 heap and ArrayBuffers stay flat): bench/README.md.',
    );
    return { rows, notes, data };
  },
};

export const uploadLatency: Benchmark = {
  name: 'upload-latency',
  describe: '20 concurrent customers, one 2 MiB PDF each, repeated for 30 s',
  async run({ db, quick, log }) {
    const customers = 20;
    const durationMs = quick ? 8_000 : 30_000;
    const server = await startServer(db, 'upload-latency');
    const uploader = await startDriver('drivers/upload.ts');
    try {
      const shop = await createShop(server.url);
      await uploader.call('job', { url: server.url, slug: shop.slug, files: 2, size: MiB });
      const r = await uploader.call<{ ms: number[]; errors: string[]; elapsedMs: number; bytes: number }>('latency', {
        url: server.url,
        slug: shop.slug,
        customers,
        size: 2 * MiB,
        durationMs,
      });
      const p = (q: number) => percentile(r.ms, q);
      log(
        `  ${r.ms.length} uploads in ${(r.elapsedMs / 1000).toFixed(1)} s, p50 ${p(50).toFixed(0)} ms, p95 ${p(95).toFixed(0)} ms, errors ${r.errors.length}`,
      );
      const rows: Row[] = [
        {
          what: 'upload latency',
          measure: `p95, ${customers} customers × 2 MiB for ${durationMs / 1000} s`,
          value: p(95),
          format: 'ms',
          target: 'reported; 0 errors',
          pass: r.errors.length === 0,
          detail: `p50 ${p(50).toFixed(0)} ms, p99 ${p(99).toFixed(0)} ms, max ${Math.max(...r.ms).toFixed(0)} ms, ${r.ms.length} uploads`,
        },
        { what: 'upload latency', measure: 'p50', value: p(50), format: 'ms' },
        { what: 'upload latency', measure: 'uploads/s', value: r.ms.length / (r.elapsedMs / 1000), format: 'rate' },
        { what: 'upload latency', measure: 'errors', value: r.errors.length, format: 'count', target: '0', pass: r.errors.length === 0 },
      ];
      return {
        rows,
        notes: r.errors.length ? [`errors: ${[...new Set(r.errors)].slice(0, 5).join('; ')}`] : [],
        data: {
          customers,
          durationMs,
          count: r.ms.length,
          p50: p(50),
          p95: p(95),
          p99: p(99),
          max: Math.max(...r.ms),
          errors: r.errors.length,
          errorSamples: r.errors.slice(0, 10),
          elapsedMs: r.elapsedMs,
        },
      };
    } finally {
      await uploader.close();
      await server.stop();
    }
  },
};
