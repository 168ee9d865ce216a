import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BlobNotFoundError, type BlobStore, type ByteRange } from './blob-store.js';
import { verifyFileUrl } from './signed-url.js';

export { signFileUrl, verifyFileUrl } from './signed-url.js';

export type FileRouteDeps = {
  blobs: BlobStore;
  fileUrlSecret: string;
  /** False once the file was deleted or purged, so a link handed out earlier stops working at once. */
  isLive?: (key: string) => Promise<boolean>;
  /** Told of each download of a whole file as an attachment (a deletion receipt counts staff's); must not throw. */
  onDownload?: (key: string) => Promise<void>;
  /** Milliseconds since the epoch; tests pass a fixed clock. */
  now?: () => number;
};

// Types browsers render without running script; everything else (SVG, HTML, XML, unknown) is bytes.
const RENDERABLE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`. Anything else (multiple ranges, bad syntax) is ignored, as RFC 9110 allows. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const n = Number(m[2]);
    return n === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? Number.POSITIVE_INFINITY : Number(m[2]);
  if (end < start) return undefined;
  return start >= size ? 'unsatisfiable' : { start, end: Math.min(end, size - 1) };
}

export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'download';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A PDF made for one caller (a print-ready file): never cached, named for a save or a print dialog. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, name: string, kind: 'inline' | 'attachment') {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(kind, name))
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

const refuse = (reply: FastifyReply, status: number, code: string, error: string) =>
  reply.code(status).type('application/json; charset=utf-8').header('cache-control', 'no-store').send({ error, code });

/** Reads the first chunk before answering, so a blob that fails its integrity check at once gets a clean 500. */
async function primed(stream: Readable): Promise<Readable> {
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await it.next();
  async function* rest(): AsyncGenerator<Buffer> {
    try {
      if (!first.done) yield first.value;
      for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
    } finally {
      await it.return?.();
    }
  }
  return ReadableStream.from(rest(), { objectMode: false });
}

/** `GET|HEAD /files/<token>/<filename>`: every signed download, whatever the store (docs/decisions/002). */
export function registerFileRoutes(app: FastifyInstance, deps: FileRouteDeps): void {
  const now = deps.now ?? Date.now;
  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/*',
    exposeHeadRoute: false,
    handler: async (req, reply) => {
      const v = verifyFileUrl(deps.fileUrlSecret, req.url, now());
      if (!v.ok && v.reason === 'expired') {
        return refuse(reply, 410, 'FILE_LINK_EXPIRED', 'This download link has expired. Open the file again for a new link.');
      }
      if (!v.ok) return refuse(reply, 403, 'FILE_LINK_INVALID', 'This download link is not valid.');
      const gone = () => refuse(reply, 404, 'FILE_NOT_FOUND', 'This file no longer exists.');
      if (deps.isLive && !(await deps.isLive(v.key))) return gone();
      const unreadable = (err: unknown) => {
        for (const h of ['content-range', 'content-length', 'content-disposition']) reply.removeHeader(h);
        if (err instanceof BlobNotFoundError) return gone(); // deleted between stat and read
        req.log.error({ err, key: v.key }, 'file could not be read');
        return refuse(reply, 500, 'FILE_UNREADABLE', 'This file could not be read.');
      };
      const stat = await deps.blobs.stat(v.key).catch((err: unknown) => err as Error);
      if (stat instanceof Error) return unreadable(stat);
      if (!stat) return gone();
      const range = parseRange(req.headers.range, stat.size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${stat.size}`);
        return refuse(reply, 416, 'RANGE_NOT_SATISFIABLE', 'The requested range is not satisfiable.');
      }

      const signedType = v.contentType?.toLowerCase() ?? '';
      const type = RENDERABLE.has(signedType) ? signedType : 'application/octet-stream';
      const inline = v.inline && type !== 'application/octet-stream';
      reply
        .header('content-type', type)
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', v.filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `private, max-age=${Math.max(0, v.expiresAt - Math.floor(now() / 1000))}`)
        .header('accept-ranges', 'bytes')
        .header('referrer-policy', 'no-referrer');
      // Chrome's PDF viewer does not load in a sandboxed document; PDFs run no script on our origin anyway.
      if (!(inline && type === 'application/pdf')) {
        reply.header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      }

      const length = range ? range.end - range.start + 1 : stat.size;
      reply.code(range ? 206 : 200).header('content-length', length);
      if (range) reply.header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`);
      if (req.method === 'HEAD') return reply.send();
      // A download starts at byte 0: a resumed or seeking read of the same file is not another copy.
      if (!inline && (!range || range.start === 0)) await deps.onDownload?.(v.key);

      try {
        const read = await deps.blobs.get(v.key, range);
        return reply.send(await primed(read.stream));
      } catch (err) {
        return unreadable(err);
      }
    },
  });
}
