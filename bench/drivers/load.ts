/** HTTP read load, in its own process: autocannon for throughput, a paced open loop for latency at a fixed rate. */
import http from 'node:http';
import autocannon from 'autocannon';
import { now, serveDriver } from '../lib/driver.js';
import { percentile } from '../lib/stats.js';

function get(url: string, headers: Record<string, string> | undefined, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

serveDriver({
  /**
   * Requests at a steady `rate` per second, each sent on schedule whether or not earlier ones have
   * answered (autocannon's rate limit sends each second's quota back to back, a burst). Latency is
   * measured from the scheduled time, so a stalled server is not excused by requests it delayed.
   */
  async paced(a: { url: string; headers?: Record<string, string>; rate: number; durationSec: number; connections: number }) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: a.connections });
    const period = 1000 / a.rate;
    const total = Math.round(a.rate * a.durationSec);
    const latencies: number[] = [];
    let errors = 0;
    let non2xx = 0;
    const start = now() + 20;
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = start + i * period;
      const wait = due - now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      inflight.push(
        get(a.url, a.headers, agent).then(
          (status) => {
            latencies.push(now() - due);
            if (status < 200 || status >= 300) non2xx++;
          },
          () => {
            errors++;
          },
        ),
      );
    }
    await Promise.all(inflight);
    agent.destroy();
    return {
      rps: latencies.length / a.durationSec,
      requests: latencies.length,
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
      errors,
      non2xx,
      bytesPerReq: 0,
    };
  },

  /** `rate`: requests per second over all connections (a fixed load); without it, as fast as answers come. */
  async run(a: { url: string; headers?: Record<string, string>; connections: number; durationSec: number; rate?: number }) {
    const r = await autocannon({
      url: a.url,
      headers: a.headers,
      connections: a.connections,
      duration: a.durationSec,
      pipelining: 1,
      ...(a.rate ? { overallRate: a.rate } : {}),
    });
    const requests = r.requests.total;
    return {
      rps: requests / (r.duration || a.durationSec),
      requests,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      bytesPerReq: requests ? r.throughput.total / requests : 0,
    };
  },
});
