import http from 'node:http';
import { now } from './driver.js';
import { type FileSpec, type MultipartBody, multipartBody } from './payload.js';

export type UploadResult = { status: number; start: number; end: number; body: string; error?: string };

/** POSTs a streamed body, honouring backpressure; `end` is when the whole response has arrived. */
export function postStreamed(
  url: string,
  body: MultipartBody | { contentType: string; length: number; chunks(): Iterable<Buffer> },
  agent?: http.Agent,
): Promise<UploadResult> {
  const start = now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: Omit<UploadResult, 'start'>) => {
      if (settled) return;
      settled = true;
      resolve({ start, ...r });
    };
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': body.contentType, 'content-length': String(body.length) },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        if (text.length < 4096) text += c;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, end: now(), body: text }));
      res.on('error', (err) => done({ status: res.statusCode ?? 0, end: now(), body: text, error: err.message }));
    });
    req.on('error', (err) => done({ status: 0, end: now(), body: '', error: err.message }));
    (async () => {
      for (const chunk of body.chunks()) {
        if (settled || req.destroyed) return;
        if (!req.write(chunk)) await drained(req);
      }
      req.end();
    })().catch((err: Error) => done({ status: 0, end: now(), body: '', error: err.message }));
  });
}

function drained(req: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      req.off('drain', done).off('close', done);
      resolve();
    };
    req.on('drain', done).on('close', done);
  });
}

export function uploadJob(baseUrl: string, slug: string, files: FileSpec[], agent?: http.Agent, fields?: Record<string, string>) {
  return postStreamed(`${baseUrl}/api/public/shops/${slug}/jobs`, multipartBody(files, fields), agent);
}

export const pdfFiles = (count: number, size: number, prefix = 'scan'): FileSpec[] =>
  Array.from({ length: count }, (_, i) => ({ name: `${prefix}-${String(i + 1).padStart(2, '0')}.pdf`, size }));
