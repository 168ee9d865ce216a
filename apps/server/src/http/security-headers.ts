import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * API answers (JSON, images, CSV) and /ws-endpoint answers (realtime/endpoint-headers.ts) are never
 * documents: nothing in them may load or run, frame or be framed, as OWASP's REST cheat sheet advises. Helmet's document headers (COOP, Origin-Agent-Cluster,
 * DNS prefetch, legacy IE and Flash ones) mean nothing here, and they were ~400 of the ~800 header
 * bytes of every API answer (bench/ API reads).
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * Documents: CSP without inline scripts; inline styles stay allowed because React and Recharts set style attributes.
 * Helmet's middleware is built once: @fastify/helmet rebuilt it (re-parsing the CSP) on every request,
 * a sixth of the CPU of a cached public call (bench/).
 */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS only makes sense on a TLS connection; it is added below when the request came over https.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/api/')) return setHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined));
    reply.headers(API_HEADERS);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done(null, payload);
  });
}
