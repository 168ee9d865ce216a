import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { installControlCharacterCheck } from '../http/control-characters.js';
import { installErrorHandler } from '../http/errors.js';
import { securityHeaders } from '../http/security-headers.js';
import { fastifyTrustProxy } from '../http/trust-proxy.js';
import { databaseRateLimiter, memoryRateLimiter, noRateLimit, type RateLimiter, rateLimitKeyHasher } from '../limits/rate-limiter.js';

// Reset codes, verification tokens and signed file links (a 10-minute capability, and a customer's file name).
const SECRET_PATHS = /\/(reset-password|verify-email|files)\/[^?]*/;
const redactUrl = (url: string) => url.replace(SECRET_PATHS, '/$1/[redacted]');

export function fastifyOptions(config: Config, logger: Logger): FastifyServerOptions {
  return {
    loggerInstance: logger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Our own request log line redacts reset codes and verification tokens from paths.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    return503OnClosing: true,
    // Bodies are timed by BodyGuard (uploads may not have a short deadline); the header phase by Node,
    // checked often enough that a slow-loris is cut close to the timeout (Node's default check is every 30 s).
    http: {
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.round(config.requestTimeoutMs / 4))),
    },
  } as FastifyServerOptions;
}

/** The Fastify instance every route is registered on, with the hooks and plugins they all rely on; `routeTable` records each route. */
export async function createServer<T extends FastifyInstance>(config: Config, logger: Logger): Promise<T> {
  const app = Fastify(fastifyOptions(config, logger)) as unknown as T;
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routeTable.push(route));
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installJsonParser(app);
  installControlCharacterCheck(app);
  installRequestLog(app);
  await securityHeaders(app);
  await app.register(cors, { origin: config.corsOrigins.length > 0 ? config.corsOrigins : false, exposedHeaders: ['authorization'] });
  await app.register(cookie);
  await app.register(multipart, { limits: { fieldSize: 64 * 1024, fields: 20, files: 60, parts: 100, headerPairs: 50 } });
  return app;
}

/** The rate limiter a test passed in, none with RATE_LIMIT=off, else one shared by every instance on PostgreSQL. */
export function rateLimiterFor(d: { config: Config; database: Database; clock: Clock; limiter?: RateLimiter }): RateLimiter {
  if (d.limiter) return d.limiter;
  if (!d.config.rateLimit) return noRateLimit;
  const hasher = rateLimitKeyHasher(d.config.jwtSecret);
  return d.database.kind === 'postgres' ? databaseRateLimiter(d.database.db, d.clock, hasher) : memoryRateLimiter(d.clock, hasher);
}

/** The spec's clients send `Content-Type: application/json` with no body on body-less calls; accept that. */
function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    parse(req, body as string, done);
  });
}

const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);

function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    // Not even built below the log level: the production default is 'info', but a bench or a quiet deploy runs at 'warn'.
    if (!LOGS_REQUESTS.has(req.log.level)) return;
    req.log.info({ method: req.method, url: redactUrl(req.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
}
