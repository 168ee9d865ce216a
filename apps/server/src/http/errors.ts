import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StorageFullError, StorageUnavailableError } from '../storage/blob-store.js';
import { validationMessage } from './validation.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'VALIDATION') => new HttpError(400, code, message);
export const unauthorized = (message = 'Authentication failed', code = 'UNAUTHENTICATED') => new HttpError(401, code, message);
export const forbidden = (message = 'You do not have access to this resource', code = 'FORBIDDEN') => new HttpError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new HttpError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, code, message);
export const databaseUnavailable = () =>
  new HttpError(503, 'DATABASE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.');
export const internalError = () => new HttpError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
export const tooManyAttempts = () => new HttpError(429, 'RATE_LIMITED', 'Too many attempts. Please try again in a few minutes.');

/** Connection-level failures of PGlite or pg: the request cannot be served now, but may be soon. */
export function isDatabaseDown(err: unknown): boolean {
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

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.status).send({ error: err.message, code: err.code });
    }
    if (err.validation) {
      return reply.status(400).send({ error: validationMessage(err), code: 'VALIDATION' });
    }
    // A full blob disk anywhere (banners, onboarding) answers like a full upload: 507, not a 500.
    if (err instanceof StorageFullError) {
      return reply.status(507).send({ error: 'Storage is full. Please try again later.', code: 'STORAGE_FULL' });
    }
    // A read-only or unwritable blob store: the operator's fault, and it may pass; nothing was stored.
    if (err instanceof StorageUnavailableError) {
      req.log.error({ reason: err.reason }, 'blob storage is not writable');
      return reply.status(503).send({ error: 'Files cannot be saved right now. Please try again later.', code: 'STORAGE_UNAVAILABLE' });
    }
    const invalid = invalidValue(err);
    if (invalid) {
      req.log.warn({ err: loggable(err) }, 'database refused a value');
      return reply.status(invalid.status).send({ error: invalid.message, code: invalid.code });
    }
    if (isDatabaseDown(err)) {
      req.log.warn({ err: loggable(err) }, 'database unavailable');
      const down = databaseUnavailable();
      return reply.status(down.status).send({ error: down.message, code: down.code });
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
    req.log.error({ err: loggable(err) }, 'unhandled error');
    const internal = internalError();
    return reply.status(internal.status).send({ error: internal.message, code: internal.code });
  });
}

export function sendRouteNotFound(req: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ error: `No route for ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
}
