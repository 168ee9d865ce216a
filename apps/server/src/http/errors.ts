import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StorageFullError, StorageUnavailableError } from '../storage/blob-store.js';
import { isNoSpace, isNotWritable } from '../storage/stream-util.js';
import { validationMessage } from './validation-message.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Sent with the answer, such as a 503's Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'VALIDATION') => new HttpError(400, code, message);
export const unauthorized = (message = 'Authentication failed', code = 'UNAUTHENTICATED') => new HttpError(401, code, message);
export const forbidden = (message = 'You do not have access to this resource', code = 'FORBIDDEN') => new HttpError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new HttpError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, code, message);
const databaseUnavailable = () =>
  new HttpError(503, 'DATABASE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.');
const internalError = () => new HttpError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
export const tooManyAttempts = () => new HttpError(429, 'RATE_LIMITED', 'Too many attempts. Please try again in a few minutes.');

/** Connection-level failures of PGlite or pg: the request cannot be served now, but may be soon. */
function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown };
  if (!e || typeof e !== 'object') return false;
  const codes = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006'];
  if (e.code && codes.includes(e.code)) return true;
  if (/Connection terminated|timeout exceeded when trying to connect|PGlite is closed/i.test(e.message ?? '')) return true;
  return e.cause ? isDatabaseDown(e.cause) : false;
}

/** The database's own error (PGlite and pg both set a 5-character SQLSTATE `code`), found through Drizzle's wrapper. */
function databaseError(err: unknown): { code: string; message: string } | undefined {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, message: String(e.message ?? '') };
  }
  return undefined;
}

/** SQLSTATEs of a database that cannot write now: a read-only transaction (a standby, a read-only default), an I/O error. */
const DATABASE_NOT_WRITABLE = new Set(['25006', '58030']);
/** The SQLSTATE of a database whose disk is full (disk_full). */
const DATABASE_FULL = new Set(['53100']);

/**
 * The database's disk, not the request, is at fault: PostgreSQL's and PGlite's SQLSTATEs, or the file
 * system's own code (EROFS, ENOSPC…) where PGlite's file access surfaces it. Found anywhere in the
 * cause chain, as Drizzle wraps them.
 */
function databaseDisk(err: unknown): 'full' | 'not-writable' | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = e.cause as typeof e) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (DATABASE_FULL.has(code) || isNoSpace(e)) return 'full';
    if (DATABASE_NOT_WRITABLE.has(code) || isNotWritable(e)) return 'not-writable';
  }
  return undefined;
}

/**
 * Class 22 (data exception: a NUL or bad byte in text, an unknown time zone, a number out of range)
 * means the database refused a value the request carried: a 400, not a 500. The database's message
 * is not sent on: it may quote the value.
 */
function invalidValue(err: unknown): HttpError | undefined {
  const found = databaseError(err);
  if (!found?.code.startsWith('22')) return undefined;
  const what = /time zone/i.test(found.message) ? 'time zone' : 'value';
  return new HttpError(400, 'INVALID_VALUE', `The request holds a ${what} that is not valid`);
}

/** Drizzle puts a failed query's SQL and parameters (emails, customer names, hashes) in its message: log the cause only. */
function loggable(err: unknown): unknown {
  const e = err as { query?: unknown; params?: unknown; cause?: { message?: string; code?: string } };
  if (!e || typeof e !== 'object' || !('query' in e) || !('params' in e)) return err;
  return { type: 'DrizzleQueryError', message: e.cause?.message ?? 'query failed', code: e.cause?.code };
}

type ErrorLog = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * What a thrown error answers, wherever it was thrown (a route, or tus's own handlers): ours as they
 * are, a full or unwritable blob store or database disk 507/503, a value the database refused 400, the
 * database out of reach 503, anything else a plain 500. Logged without SQL parameters; the client never sees a message
 * that was not written for it.
 */
export function answerForThrown(err: unknown, log: ErrorLog): HttpError {
  if (err instanceof HttpError) return err;
  // A full blob disk anywhere (banners, onboarding) answers like a full upload: 507, not a 500.
  if (err instanceof StorageFullError) return new HttpError(507, 'STORAGE_FULL', 'Storage is full. Please try again later.');
  // A read-only or unwritable blob store: the operator's fault, and it may pass; nothing was stored.
  if (err instanceof StorageUnavailableError) {
    log.error({ reason: err.reason }, 'blob storage is not writable');
    return new HttpError(503, 'STORAGE_UNAVAILABLE', 'Files cannot be saved right now. Please try again later.');
  }
  const disk = databaseDisk(err);
  if (disk === 'full') {
    log.error({ err: loggable(err) }, 'database disk is full');
    return new HttpError(507, 'STORAGE_FULL', 'Storage is full. Please try again later.');
  }
  if (disk === 'not-writable') {
    log.error({ err: loggable(err) }, 'database cannot write');
    return databaseUnavailable();
  }
  const invalid = invalidValue(err);
  if (invalid) {
    log.warn({ err: loggable(err) }, 'database refused a value');
    return invalid;
  }
  if (isDatabaseDown(err)) {
    log.warn({ err: loggable(err) }, 'database unavailable');
    return databaseUnavailable();
  }
  log.error({ err: loggable(err) }, 'unhandled error');
  return internalError();
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const send = (answer: HttpError) =>
      reply.status(answer.status).headers(answer.headers).send({ error: answer.message, code: answer.code });
    if (err instanceof HttpError) return send(err);
    if (err.validation) {
      return reply.status(400).send({ error: validationMessage(err), code: 'VALIDATION' });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: 'Too many attempts. Please try again in a few minutes.', code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      const map: Record<string, [number, string, string]> = {
        FST_ERR_CTP_INVALID_MEDIA_TYPE: [400, 'UNSUPPORTED_CONTENT_TYPE', 'body must be JSON (Content-Type: application/json)'],
        FST_ERR_CTP_BODY_TOO_LARGE: [413, 'BODY_TOO_LARGE', 'The request body is too large'],
        FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON', 'body is not valid JSON'],
        FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'INVALID_BODY', 'The request body length does not match its header'],
      };
      const known = err.code ? map[err.code] : undefined;
      if (known) return reply.status(known[0]).send({ error: known[2], code: known[1] });
      const message = err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'body is required' : err.message;
      return reply.status(status).send({ error: message, code: err.code ?? 'BAD_REQUEST' });
    }
    return send(answerForThrown(err, req.log));
  });
}

export function sendRouteNotFound(req: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ error: `No route for ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
}
