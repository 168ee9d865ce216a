/** Upload load generator (a separate process): one big job, concurrent customers, or a timed latency run. */
import http from 'node:http';
import { now, serveDriver } from '../lib/driver.js';
import { pdfFiles, postStreamed, type UploadResult, uploadJob } from '../lib/http-upload.js';
import { multipartBody } from '../lib/payload.js';
import { tusJob } from '../lib/tus-upload.js';

type Target = { url: string; slug: string };

const summary = (r: UploadResult) => ({
  status: r.status,
  ms: r.end - r.start,
  start: r.start,
  end: r.end,
  error: r.error ?? (r.status >= 400 || r.status === 0 ? r.body.slice(0, 300) : undefined),
  jobId: r.status === 201 ? (JSON.parse(r.body) as { jobId: string }).jobId : undefined,
});

serveDriver({
  now: () => now(),
  /** One job of `files` × `size` bytes to the product. */
  async job(a: Target & { files: number; size: number }) {
    return summary(await uploadJob(a.url, a.slug, pdfFiles(a.files, a.size)));
  },

  /** The same files sent with tus, one upload each, then the JSON job call; `disconnects` cuts per file. */
  async tus(a: Target & { files: number; size: number; disconnects?: number; prefix?: string; inFlight?: number }) {
    return tusJob(a.url, a.slug, pdfFiles(a.files, a.size, a.prefix), a.disconnects ?? 0, a.inFlight ?? 1);
  },

  /** The same bytes as `job`, multipart-encoded, to any URL (the raw baseline server). */
  async raw(a: { url: string; files: number; size: number }) {
    return summary(await postStreamed(a.url, multipartBody(pdfFiles(a.files, a.size))));
  },

  /** `customers` customers at once, each uploading one job of `files` × `size`. */
  async concurrent(a: Target & { customers: number; files: number; size: number }) {
    const results = await Promise.all(
      Array.from({ length: a.customers }, (_, i) => uploadJob(a.url, a.slug, pdfFiles(a.files, a.size, `c${i}`))),
    );
    return results.map(summary);
  },

  /** `customers` loops, each uploading one file again and again for `durationMs`; per-request latencies. */
  async latency(a: Target & { customers: number; size: number; durationMs: number }) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: a.customers });
    const stopAt = now() + a.durationMs;
    const ms: number[] = [];
    const errors: string[] = [];
    let bytes = 0;
    const t0 = now();
    await Promise.all(
      Array.from({ length: a.customers }, async (_, i) => {
        while (now() < stopAt) {
          const r = await uploadJob(a.url, a.slug, pdfFiles(1, a.size, `lat${i}`), agent, { name: `Customer ${i}` });
          if (r.status === 201) {
            ms.push(r.end - r.start);
            bytes += a.size;
          } else errors.push(`${r.status} ${r.error ?? r.body.slice(0, 200)}`);
        }
      }),
    );
    const elapsed = now() - t0;
    agent.destroy();
    return { ms, errors, elapsedMs: elapsed, bytes };
  },

  /** Sequential single-file uploads `gapMs` apart; the time each response arrived, by job id. */
  async sequence(a: Target & { count: number; size: number; gapMs: number }) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const out: { jobId: string; responseAt: number; requestAt: number }[] = [];
    const errors: string[] = [];
    for (let i = 0; i < a.count; i++) {
      const r = await uploadJob(a.url, a.slug, pdfFiles(1, a.size, `rt${i}`), agent);
      if (r.status === 201) out.push({ jobId: (JSON.parse(r.body) as { jobId: string }).jobId, responseAt: r.end, requestAt: r.start });
      else errors.push(`${r.status} ${r.error ?? r.body.slice(0, 200)}`);
      await new Promise((res) => setTimeout(res, a.gapMs));
    }
    agent.destroy();
    return { uploads: out, errors };
  },
});
