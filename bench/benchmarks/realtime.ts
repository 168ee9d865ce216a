import { type Driver, now, startDriver } from '../lib/driver.js';
import { cpuSeconds, threadCpu, threadCpuDelta } from '../lib/procstat.js';
import type { Benchmark, Row } from '../lib/report.js';
import { startServer } from '../lib/server.js';
import { createShop, listJobs, type ShopFixture } from '../lib/setup.js';
import { percentile } from '../lib/stats.js';

type Transport = 'websocket' | 'sockjs';
const PER_PROCESS = 500;
/** E.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where the subscriber processes spend their time. */
const subscriberArgs = process.env.BENCH_SUBSCRIBER_ARGS?.split(/\s+/).filter(Boolean) ?? [];

export const realtimeDelivery: Benchmark = {
  name: 'realtime',
  describe: 'upload response → STOMP MESSAGE at 1, 100, 1000 subscribers (SockJS and raw WebSocket)',
  async run({ db, quick, log }) {
    const counts = [1, 100, 1000];
    // The target row's p99 is the tail of few uploads' fan-outs; more of them steady the estimate.
    const uploadsFor = (count: number) => (quick ? 8 : count >= 1000 ? 40 : 20);
    const server = await startServer(db, 'realtime');
    const uploader = await startDriver('drivers/upload.ts');
    const rows: Row[] = [];
    const data: Record<string, unknown> = {};
    const notes: string[] = [];
    try {
      const shop = await createShop(server.url);
      let maxSkew = 0;
      for (const transport of ['websocket', 'sockjs'] as Transport[]) {
        for (const count of counts) {
          const procs = Math.ceil(count / PER_PROCESS);
          const subs: Driver[] = await Promise.all(
            Array.from({ length: procs }, () => startDriver('drivers/subscribers.ts', { execArgv: subscriberArgs })),
          );
          try {
            // Clocks: every process stamps with timeOrigin + performance.now(); check they agree.
            for (const s of [...subs, uploader]) {
              const t0 = now();
              const theirs = await s.call<number>('now');
              const t1 = now();
              maxSkew = Math.max(maxSkew, Math.abs(theirs - (t0 + t1) / 2) - (t1 - t0) / 2);
            }
            const c0 = now();
            await Promise.all(
              subs.map((s, i) =>
                s.call('connect', {
                  url: server.url,
                  bearer: shop.bearer,
                  shopId: shop.shopId,
                  transport,
                  count: Math.min(PER_PROCESS, count - i * PER_PROCESS),
                }),
              ),
            );
            const connectMs = now() - c0;
            // The first uploads of a sequence warm it up (the uploader's connection, the new sockets'
            // first frames) and are not counted.
            const warmUp = 3;
            const subsCpu0 = subs.reduce((n, s) => n + cpuSeconds(s.pid), 0);
            const serverCpu0 = cpuSeconds(server.pid);
            const trace = Boolean(process.env.BENCH_TRACE) && count >= 1000;
            const threads0 = trace ? [server, ...subs].map((p) => threadCpu(p.pid)) : [];
            const r = await uploader.call<{ uploads: { jobId: string; responseAt: number }[]; errors: string[] }>('sequence', {
              url: server.url,
              slug: shop.slug,
              count: warmUp + uploadsFor(count),
              size: 100_000,
              gapMs: count >= 1000 ? 400 : 200,
            });
            r.uploads = r.uploads.slice(warmUp);
            await new Promise((res) => setTimeout(res, 1000));
            // Every upload reaches each subscriber twice: 'created', then 'updated' once its pages are counted.
            const deliveriesMade = 2 * (warmUp + uploadsFor(count)) * count;
            const subscriberUsPerDelivery = ((subs.reduce((n, s) => n + cpuSeconds(s.pid), 0) - subsCpu0) * 1e6) / deliveriesMade;
            const serverUsPerDelivery = ((cpuSeconds(server.pid) - serverCpu0) * 1e6) / deliveriesMade;
            if (trace) {
              for (const [i, p] of [server, ...subs].entries()) {
                log(`    ${i === 0 ? 'server' : `subscribers ${i}`} threads (ms): ${threadCpuDelta(threads0[i]!, threadCpu(p.pid))}`);
              }
            }
            const got = await Promise.all(subs.map((s) => s.call<Record<string, number[]>>('collect')));
            const latencies: number[] = [];
            let missing = 0;
            for (const u of r.uploads) {
              let n = 0;
              for (const g of got) {
                for (const t of g[u.jobId] ?? []) {
                  latencies.push(t - u.responseAt);
                  n++;
                }
              }
              missing += count - n;
              if (trace) {
                const mine = got
                  .flatMap((g) => g[u.jobId] ?? [])
                  .map((t) => t - u.responseAt)
                  .sort((x, y) => x - y);
                log(
                  `    upload ${u.jobId.slice(0, 6)}: min ${mine[0]?.toFixed(1)} p50 ${mine[mine.length >> 1]?.toFixed(1)} max ${mine.at(-1)?.toFixed(1)}`,
                );
              }
            }
            const p = (q: number) => percentile(latencies, q);
            log(
              `  ${transport} × ${count}: connected in ${(connectMs / 1000).toFixed(1)} s; p50 ${p(50).toFixed(1)} ms, p99 ${p(99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms, missing ${missing}; ` +
                `CPU per delivery: subscribers ${subscriberUsPerDelivery.toFixed(0)} µs, server ${serverUsPerDelivery.toFixed(0)} µs (uploads included)`,
            );
            const label = transport === 'sockjs' ? 'SockJS' : 'WebSocket';
            // The same subscriber processes, now on the bare broadcast (raw WebSocket rows only: it speaks no SockJS).
            let bare: { p50: number; p99: number; missing: number } | undefined;
            if (transport === 'websocket') {
              await Promise.all(subs.map((s) => s.call('disconnect')));
              bare = await bareBroadcast(subs, uploader, server.url, shop, count, uploadsFor(count), count >= 1000 ? 400 : 200);
              log(`  bare ws broadcast × ${count}: p50 ${bare.p50.toFixed(1)} ms, p99 ${bare.p99.toFixed(1)} ms, missing ${bare.missing}`);
              data[`bare-${count}`] = bare;
            }
            rows.push({
              what: 'realtime delivery',
              measure: `p99, ${count} ${label} subscriber${count > 1 ? 's' : ''}`,
              value: p(99),
              baseline: bare?.p99,
              format: 'ms',
              target: count === 1000 ? `< 50 ms; none missing${bare ? '; ≤ 1.5× bare broadcast' : ''}` : undefined,
              pass:
                count === 1000
                  ? p(99) < 50 && missing === 0 && r.errors.length === 0 && (!bare || p(99) <= 1.5 * Math.max(bare.p99, 1))
                  : undefined,
              detail: `p50 ${p(50).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms, ${latencies.length} deliveries, missing ${missing}; CPU per delivery: subscriber processes ${subscriberUsPerDelivery.toFixed(0)} µs, server ${serverUsPerDelivery.toFixed(0)} µs`,
            });
            data[`${transport}-${count}`] = {
              subscribers: count,
              processes: procs,
              uploads: r.uploads.length,
              deliveries: latencies.length,
              missing,
              uploadErrors: r.errors,
              p50: p(50),
              p95: p(95),
              p99: p(99),
              max: Math.max(...latencies),
              min: Math.min(...latencies),
              connectMs,
              subscriberUsPerDelivery,
              serverUsPerDelivery,
            };
          } finally {
            await Promise.all(subs.map((s) => s.call('disconnect').catch(() => {})));
            await Promise.all(subs.map((s) => s.close()));
          }
        }
      }
      notes.push(
        `Latency = the subscriber's MESSAGE callback time − the time the uploader had the whole 201 response, across processes (clock agreement within ${maxSkew.toFixed(2)} ms); ` +
          `negative when the MESSAGE beat the HTTP response. ${uploadsFor(1)} uploads of one 100 kB PDF per row (${uploadsFor(1000)} at 1,000 subscribers); subscribers in ${PER_PROCESS}-client processes.`,
      );
      return { rows, notes, data: { ...data, clockSkewMs: maxSkew } };
    } finally {
      await uploader.close();
      await server.stop();
    }
  },
};

/**
 * The same subscriber processes and uploader against baselines/ws-broadcast.ts, which broadcasts the
 * real server's MESSAGE body for a job (taken from the shop's newest job) right after each 201.
 */
async function bareBroadcast(
  subs: Driver[],
  uploader: Driver,
  serverUrl: string,
  shop: ShopFixture,
  count: number,
  uploads: number,
  gapMs: number,
): Promise<{ p50: number; p99: number; missing: number }> {
  const [job] = (await listJobs(serverUrl, shop, 1)) as unknown as Record<string, unknown>[];
  if (!job) throw new Error('no job to take the broadcast body from');
  const template = JSON.stringify({ action: 'created', job: { ...job, id: 'JOB_ID' } });
  const baseline = await startDriver('baselines/ws-broadcast.ts');
  try {
    const { url } = await baseline.call<{ url: string }>('listen', { template });
    await Promise.all(
      subs.map((s, i) =>
        s.call('connect', {
          url,
          bearer: shop.bearer,
          shopId: shop.shopId,
          transport: 'websocket',
          count: Math.min(PER_PROCESS, count - i * PER_PROCESS),
        }),
      ),
    );
    const warmUp = 3;
    const r = await uploader.call<{ uploads: { jobId: string; responseAt: number }[] }>('sequence', {
      url,
      slug: shop.slug,
      count: warmUp + uploads,
      size: 100_000,
      gapMs,
    });
    await new Promise((res) => setTimeout(res, 1000));
    const got = await Promise.all(subs.map((s) => s.call<Record<string, number[]>>('collect')));
    const latencies: number[] = [];
    let missing = 0;
    for (const u of r.uploads.slice(warmUp)) {
      let n = 0;
      for (const g of got)
        for (const t of g[u.jobId] ?? []) {
          latencies.push(t - u.responseAt);
          n++;
        }
      missing += count - n;
    }
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), missing };
  } finally {
    await baseline.close();
  }
}
