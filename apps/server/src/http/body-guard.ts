import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A file upload: its body must keep moving instead of arriving within the request timeout. */
    upload?: boolean;
  }
}

export type BodyGuardOptions = {
  /** Any body but an upload's must have arrived within this many ms of its headers. */
  requestTimeoutMs: number;
  /** An upload body is cut when less than `uploadMinProgressBytes` arrive in this many ms while we are reading. */
  uploadProgressWindowMs: number;
  uploadMinProgressBytes: number;
  /** Uploads in flight at once from one client address. */
  uploadsPerAddress: number;
};

type Tracked = {
  req: IncomingMessage;
  res: ServerResponse;
  upload: boolean;
  /** start of the deadline, or of the current progress window */
  since: number;
  /** socket.bytesRead at `since` */
  bytes: number;
  /** when the body was failed with a 408, waiting for the route to answer */
  cutAt?: number;
};

const kib = (n: number) => (n >= 1024 ? `${Math.round(n / 1024)} KiB` : `${n} bytes`);

export const requestTimedOut = () =>
  new HttpError(408, 'REQUEST_TIMEOUT', 'The request took too long to arrive. Please check your connection and try again.');
export const uploadTooSlow = (o: BodyGuardOptions) =>
  new HttpError(
    408,
    'UPLOAD_TOO_SLOW',
    `The upload stalled: less than ${kib(o.uploadMinProgressBytes)} arrived in ${o.uploadProgressWindowMs / 1000} seconds. Please try again on a steadier connection.`,
  );
export const tooManyUploads = () =>
  new HttpError(429, 'TOO_MANY_UPLOADS', 'Too many uploads from your network at once. Please wait for one to finish, then try again.');

/**
 * Bounds how long a client may take to send a request body (docs/decisions/017). Node's own
 * requestTimeout is one figure for every request, and an upload from a slow phone cannot have a
 * short one; so every request with a body is watched here, by one sweep rather than a timer each:
 * an upload must keep making progress, anything else must arrive within the request timeout.
 * Only time the client is given to send counts: while the route is not reading (its buffer is full),
 * a slow upload is our doing, not the client's.
 */
export class BodyGuard {
  private readonly tracked = new Map<IncomingMessage, Tracked>();
  private readonly uploads = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  /** How long a failed body's route gets to answer its 408 before the socket is cut. */
  private readonly graceMs: number;

  constructor(private readonly o: BodyGuardOptions) {
    const tickMs = Math.min(1000, Math.max(20, Math.min(o.requestTimeoutMs, o.uploadProgressWindowMs) / 4));
    this.graceMs = Math.max(1000, 2 * tickMs);
    this.timer = setInterval(() => this.sweep(Date.now()), tickMs);
    this.timer.unref();
  }

  /** Watches every request the server receives, SockJS's included: install after anything that rewires 'request'. */
  attach(server: Server): void {
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      // No Content-Length and no Transfer-Encoding: there is no body to wait for.
      const cl = req.headers['content-length'];
      if (req.headers['transfer-encoding'] === undefined && (cl === undefined || cl === '0')) return;
      this.tracked.set(req, { req, res, upload: false, since: Date.now(), bytes: req.socket.bytesRead });
    });
  }

  /** Route hook of `config.upload` routes: takes one of the address's upload slots and switches to the progress rule. */
  readonly admitUpload: onRequestHookHandler = (req, reply, done) => {
    const ip = req.ip;
    const inFlight = this.uploads.get(ip) ?? 0;
    if (inFlight >= this.o.uploadsPerAddress) return done(tooManyUploads());
    this.uploads.set(ip, inFlight + 1);
    reply.raw.once('close', () => {
      const left = (this.uploads.get(ip) ?? 1) - 1;
      if (left > 0) this.uploads.set(ip, left);
      else this.uploads.delete(ip);
    });
    const t = this.tracked.get(req.raw);
    if (t) {
      t.upload = true;
      t.since = Date.now();
      t.bytes = req.raw.socket.bytesRead;
    }
    done();
  };

  sweep(now: number): void {
    for (const t of this.tracked.values()) {
      const { req, res } = t;
      const socket = req.socket;
      if (req.complete || !socket || socket.destroyed) {
        this.tracked.delete(req);
      } else if (res.writableFinished || (t.cutAt !== undefined && now - t.cutAt >= this.graceMs)) {
        // Answered (or failing to), and the rest of the body is wanted by nobody: reading it out
        // would let a slow client hold the connection for as long as it likes.
        this.tracked.delete(req);
        socket.destroy();
      } else if (t.cutAt === undefined && (t.upload ? this.stalled(t, now) : now - t.since >= this.o.requestTimeoutMs)) {
        t.cutAt = now;
        this.cut(t, t.upload ? uploadTooSlow(this.o) : requestTimedOut());
      }
    }
  }

  private stalled(t: Tracked, now: number): boolean {
    const read = t.req.socket.bytesRead;
    const waitingOnUs = t.req.readableFlowing !== true || t.req.readableLength >= t.req.readableHighWaterMark;
    if (waitingOnUs || read - t.bytes >= this.o.uploadMinProgressBytes) {
      t.since = now;
      t.bytes = read;
      return false;
    }
    return now - t.since >= this.o.uploadProgressWindowMs;
  }

  /**
   * Fails the body through its reader (Fastify's body parser, or multipart, which delete what they
   * stored and answer through the error handler), then closes the connection after that answer.
   * Destroying the request instead would take the socket, and so the 408, with it.
   */
  private cut(t: Tracked, err: HttpError): void {
    if (t.res.headersSent || t.req.listenerCount('error') === 0) {
      this.tracked.delete(t.req);
      t.req.socket.destroy();
      return;
    }
    t.res.shouldKeepAlive = false;
    t.req.emit('error', err);
  }

  /** Uploads in flight per address (for tests). */
  uploadsFrom(ip: string): number {
    return this.uploads.get(ip) ?? 0;
  }

  close(): void {
    clearInterval(this.timer);
  }
}

/** Adds the upload rule to every route marked `config: { upload: true }`; call before the routes are registered. */
export function installBodyGuard(app: FastifyInstance, guard: BodyGuard): void {
  guard.attach(app.server);
  app.addHook('onRoute', (route) => {
    if (!route.config?.upload) return;
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard.admitUpload, ...own];
  });
  app.addHook('onClose', async () => guard.close());
}
