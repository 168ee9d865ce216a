import { startDriver } from '../lib/driver.js';
import type { Benchmark, Row } from '../lib/report.js';
import { startServer } from '../lib/server.js';
import { createShop } from '../lib/setup.js';
import { median } from '../lib/stats.js';

type Load = {
  rps: number;
  requests: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  bytesPerReq: number;
};
const JOBS = 10_000;
const CONNECTIONS = 10;
/** Staff screens loading their queue: a fixed, generous rate, so that p99 measures the call and not a queue of 10 in flight. */
const LIST_RATE = 50;
const list = (xs: number[], d = 0) => xs.map((x) => x.toFixed(d)).join(', ');

export const apiReads: Benchmark = {
  name: 'api-reads',
  describe: `GET details and GET print-jobs with ${JOBS.toLocaleString('en-US')} jobs vs a bare Fastify route`,
  async run({ db, quick, log }) {
    const rounds = quick ? 2 : 3;
    const durationSec = quick ? 3 : 4;
    const rateSec = quick ? 4 : 6;
    const server = await startServer(db, 'api-reads');
    const load = await startDriver('drivers/load.ts');
    const baseline = await startDriver('baselines/fastify-json.ts');
    try {
      const shop = await createShop(server.url);
      // Seed through the server's own database layer; on PGlite the server must let go of the folder first.
      await server.stopProcess();
      const seeder = await startDriver('drivers/seed.ts');
      const seeded = await seeder.call<{ ms: number }>('seed', {
        dataDir: server.dataDir,
        databaseUrl: server.databaseUrl,
        shopId: shop.shopId,
        jobs: JOBS,
      });
      await seeder.close();
      await server.restart();
      log(`  seeded ${JOBS} jobs in ${(seeded.ms / 1000).toFixed(1)} s`);

      const auth = { authorization: shop.bearer };
      const detailsPath = `/api/public/shops/${shop.slug}/details`;
      const jobsPath = `/api/shops/${shop.shopId}/print-jobs`;
      const detailsBody = await (await fetch(server.url + detailsPath)).text();
      const jobsRes = await fetch(server.url + jobsPath, { headers: auth });
      if (!jobsRes.ok) throw new Error(`print-jobs answered ${jobsRes.status}`);
      const jobsBody = await jobsRes.text();
      const jobsCount = (JSON.parse(jobsBody) as unknown[]).length;
      const { url: baseUrl } = await baseline.call<{ url: string }>('listen', {
        routes: { [detailsPath]: detailsBody, [jobsPath]: jobsBody },
      });

      const run = (url: string, headers?: Record<string, string>) =>
        load.call<Load>('run', { url, headers, connections: CONNECTIONS, durationSec });
      const atRate = (url: string, headers?: Record<string, string>) =>
        load.call<Load>('paced', { url, headers, connections: CONNECTIONS, durationSec: rateSec, rate: LIST_RATE });
      // Warm-up: JIT and caches on both sides.
      for (const [u, h] of [
        [server.url + detailsPath, undefined],
        [baseUrl + detailsPath, undefined],
        [server.url + jobsPath, auth],
        [baseUrl + jobsPath, undefined],
      ] as const) {
        await load.call('run', { url: u, headers: h, connections: CONNECTIONS, durationSec: 1 });
      }
      const r = {
        details: [] as Load[],
        detailsBase: [] as Load[],
        jobs: [] as Load[],
        jobsBase: [] as Load[],
        jobsRate: [] as Load[],
        jobsRateBase: [] as Load[],
      };
      for (let i = 0; i < rounds; i++) {
        const pairs: [keyof typeof r, () => Promise<Load>][] = [
          ['details', () => run(server.url + detailsPath)],
          ['detailsBase', () => run(baseUrl + detailsPath)],
          ['jobs', () => run(server.url + jobsPath, auth)],
          ['jobsBase', () => run(baseUrl + jobsPath)],
          ['jobsRate', () => atRate(server.url + jobsPath, auth)],
          ['jobsRateBase', () => atRate(baseUrl + jobsPath)],
        ];
        // Alternate which side goes first.
        if (i % 2 === 1) {
          for (let k = 0; k < pairs.length; k += 2) [pairs[k], pairs[k + 1]] = [pairs[k + 1]!, pairs[k]!];
        }
        for (const [k, f] of pairs) r[k].push(await f());
        log(
          `  round ${i + 1}: details ${r.details.at(-1)!.rps.toFixed(0)} req/s (baseline ${r.detailsBase.at(-1)!.rps.toFixed(0)}), ` +
            `print-jobs ${r.jobs.at(-1)!.rps.toFixed(0)} req/s (baseline ${r.jobsBase.at(-1)!.rps.toFixed(0)}), ` +
            `at ${LIST_RATE}/s p99 ${r.jobsRate.at(-1)!.p99.toFixed(1)} ms (baseline ${r.jobsRateBase.at(-1)!.p99.toFixed(1)} ms)`,
        );
      }
      const m = (xs: Load[], f: (l: Load) => number) => median(xs.map(f));
      const failures = [...r.details, ...r.jobs, ...r.jobsRate].reduce((n, l) => n + l.errors + l.non2xx, 0);
      const rows: Row[] = [
        {
          what: 'API reads',
          measure: 'GET details, req/s',
          value: m(r.details, (l) => l.rps),
          baseline: m(r.detailsBase, (l) => l.rps),
          format: 'rate',
          target: '≥ 0.50× baseline',
          pass: m(r.details, (l) => l.rps) / m(r.detailsBase, (l) => l.rps) >= 0.5,
          detail: `median of ${rounds}: ${list(r.details.map((l) => l.rps))}; baseline ${list(r.detailsBase.map((l) => l.rps))}`,
        },
        {
          what: 'API reads',
          measure: 'GET details, p99',
          value: m(r.details, (l) => l.p99),
          baseline: m(r.detailsBase, (l) => l.p99),
          format: 'ms',
        },
        {
          what: 'API reads',
          measure: `GET print-jobs (${jobsCount} of ${JOBS.toLocaleString('en-US')} per page) at ${LIST_RATE} req/s, p99`,
          value: m(r.jobsRate, (l) => l.p99),
          baseline: m(r.jobsRateBase, (l) => l.p99),
          format: 'ms',
          target: '< 50 ms',
          pass: m(r.jobsRate, (l) => l.p99) < 50,
          detail: `median of ${rounds}: ${list(
            r.jobsRate.map((l) => l.p99),
            1,
          )}; baseline ${list(
            r.jobsRateBase.map((l) => l.p99),
            1,
          )}; p50 ${m(r.jobsRate, (l) => l.p50).toFixed(1)} ms`,
        },
        {
          what: 'API reads',
          measure: 'GET print-jobs, req/s at saturation',
          value: m(r.jobs, (l) => l.rps),
          baseline: m(r.jobsBase, (l) => l.rps),
          format: 'rate',
          detail: `median of ${rounds}: ${list(r.jobs.map((l) => l.rps))}; baseline ${list(r.jobsBase.map((l) => l.rps))}`,
        },
        {
          what: 'API reads',
          measure: `GET print-jobs, p99 at saturation (${CONNECTIONS} in flight)`,
          value: m(r.jobs, (l) => l.p99),
          baseline: m(r.jobsBase, (l) => l.p99),
          format: 'ms',
        },
        {
          what: 'API reads',
          measure: 'failed requests (errors + non-2xx)',
          value: failures,
          format: 'count',
          target: '0',
          pass: failures === 0,
        },
      ];
      return {
        rows,
        notes: [
          `req/s: autocannon, ${CONNECTIONS} connections, as fast as answers come, ${durationSec} s. print-jobs p99: a steady ${LIST_RATE} req/s for ${rateSec} s ` +
            `(paced open loop on up to ${CONNECTIONS} keep-alive connections, latency from each request's scheduled time; autocannon's rate limit sends each second's quota as a burst, ` +
            `and at saturation p99 is ${CONNECTIONS} requests queueing even for the bare route). ${rounds} rounds alternating server and baseline. ` +
            `print-jobs pages (default 100, at most 500 per request, \`before\` cursor), so one response is ${(jobsBody.length / 1024).toFixed(0)} KiB, not all ${JOBS.toLocaleString('en-US')} jobs.`,
        ],
        data: {
          seededJobs: JOBS,
          connections: CONNECTIONS,
          durationSec,
          rateSec,
          listRate: LIST_RATE,
          rounds,
          pageSize: jobsCount,
          responseBytes: { details: detailsBody.length, printJobs: jobsBody.length },
          ...r,
        },
      };
    } finally {
      await Promise.all([load.close(), baseline.close()]);
      await server.stop();
    }
  },
};
