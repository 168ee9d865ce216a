/**
 * A tus 1.0 client for the benches (issue 21): one upload a file, created, PATCHed with the bytes streamed
 * and backpressure honoured, optionally cut `disconnects` times at random points and resumed from the
 * offset the server answers to HEAD; then the JSON job call. It counts every body byte it sent.
 */
import http from 'node:http';
import { now } from './driver.js';
import { type FileSpec, pdfChunks, pdfOfSize } from './payload.js';

const TUS = { 'tus-resumable': '1.0.0' };

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function call(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...TUS, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The file's bytes from `from` on, as the generator that made it yields them. */
function* bytesFrom(spec: FileSpec, from: number): Generator<Buffer> {
  let at = 0;
  for (const chunk of pdfChunks(pdfOfSize(spec.size))) {
    const end = at + chunk.length;
    if (end > from) yield at >= from ? chunk : chunk.subarray(from - at);
    at = end;
  }
}

/** One PATCH from `offset`; with `cutAt`, the connection is dropped once that many bytes were written. */
function patch(url: string, spec: FileSpec, offset: number, cutAt: number | undefined, agent?: http.Agent) {
  return new Promise<{ sent: number; status: number; sendMs: number; answerMs: number }>((resolve) => {
    let sent = 0;
    let settled = false;
    const start = now();
    let written = 0;
    const done = (status: number) => {
      const end = now();
      if (!settled) resolve({ sent, status, sendMs: (written || end) - start, answerMs: written ? end - written : 0 });
      settled = true;
    };
    const req = http.request(url, {
      method: 'PATCH',
      agent,
      headers: {
        ...TUS,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(spec.size - offset),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', () => done(0));
    (async () => {
      for (const chunk of bytesFrom(spec, offset)) {
        if (req.destroyed) return;
        const piece = cutAt !== undefined && sent + chunk.length > cutAt ? chunk.subarray(0, cutAt - sent) : chunk;
        sent += piece.length;
        const more = req.write(piece);
        if (cutAt !== undefined && sent >= cutAt) {
          // Let what was written reach the server, then drop the line as a phone losing signal does.
          await new Promise((r) => setTimeout(r, 50));
          req.destroy();
          return done(0);
        }
        if (!more) await new Promise((r) => req.once('drain', r));
      }
      req.end(() => {
        written = now();
      });
    })();
  });
}

export type TusJobResult = {
  status: number;
  ms: number;
  /** Of `ms`, the job call alone (the server copying the uploads into the job). */
  jobMs?: number;
  bytesSent: number;
  fileBytes: number;
  error?: string;
  jobId?: string;
  /** Per file, in ms: the creation (POST); the PATCH from its start to its last byte handed to the socket; from there to the server's answer. */
  phases?: { create: number[]; send: number[]; answer: number[] };
};

/**
 * Sends `files` with tus and makes their job; `disconnects` cuts per file at random points. `inFlight`
 * files are sent at once, as the shop page does (SENDS_AT_ONCE in apps/web/src/features/public-shop/useFileSends.ts).
 */
export async function tusJob(baseUrl: string, slug: string, files: FileSpec[], disconnects = 0, inFlight = 1): Promise<TusJobResult> {
  const start = now();
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  let bytesSent = 0;
  const ids: string[] = new Array(files.length);
  const phases = { create: [] as number[], send: [] as number[], answer: [] as number[] };
  let refused: TusJobResult | undefined;
  const sendOne = async (spec: FileSpec, index: number) => {
    const creating = now();
    const created = await call(`${baseUrl}/api/public/shops/${slug}/uploads`, 'POST', {
      'upload-length': String(spec.size),
      'upload-metadata': `filename ${Buffer.from(spec.name).toString('base64')}`,
    });
    if (created.status !== 201) {
      refused ??= { status: created.status, ms: now() - start, bytesSent, fileBytes: 0, error: created.body };
      return;
    }
    phases.create.push(now() - creating);
    const location = `${baseUrl}${created.headers.location}`;
    const cuts = Array.from({ length: disconnects }, () => Math.floor(Math.random() * spec.size)).sort((a, b) => a - b);
    let offset = 0;
    for (;;) {
      const cut = cuts.find((c) => c > offset);
      const r = await patch(location, spec, offset, cut === undefined ? undefined : cut - offset, cut === undefined ? agent : undefined);
      bytesSent += r.sent;
      if (r.status === 204) {
        phases.send.push(r.sendMs);
        phases.answer.push(r.answerMs);
        break;
      }
      const head = await call(location, 'HEAD', {});
      offset = Number(head.headers['upload-offset']);
      if (cut !== undefined) cuts.splice(cuts.indexOf(cut), 1);
      if (offset >= spec.size) break;
    }
    ids[index] = String(created.headers.location).split('/').pop()!;
  };
  try {
    let next = 0;
    const worker = async () => {
      while (next < files.length && !refused) {
        const index = next++;
        await sendOne(files[index]!, index);
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
    if (refused) return refused;
    const body = JSON.stringify({ uploads: ids });
    const jobStart = now();
    const job = await call(`${baseUrl}/api/public/shops/${slug}/jobs`, 'POST', { 'content-type': 'application/json' }, body);
    const fileBytes = files.reduce((n, f) => n + f.size, 0);
    const jobId = job.status === 201 ? (JSON.parse(job.body) as { jobId: string }).jobId : undefined;
    const end = now();
    return {
      status: job.status,
      ms: end - start,
      jobMs: end - jobStart,
      bytesSent,
      fileBytes,
      jobId,
      phases,
      error: job.status === 201 ? undefined : job.body.slice(0, 300),
    };
  } finally {
    agent.destroy();
  }
}
