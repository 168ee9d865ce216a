import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithShop, upload } from '../support/fixtures.js';
import { createTestApp, json, type TestApp } from '../support/harness.js';

/** Security headers do not depend on the database, so these run on PGlite only. */
const directives = (csp: string | undefined) =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers (default configuration)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', env: { RATE_LIMIT: 'off' } });
    // A built web app, so the history fallback (index.html) is checked too.
    const web = path.join(t.dataDir, 'web');
    mkdirSync(web, { recursive: true });
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><title>Counterprint</title><script type="module" src="/assets/app.js"></script>',
    );
    await t.app.close();
    const { buildApp } = await import('../../src/app.js');
    t.app = await buildApp({ ...t.deps, config: { ...t.deps.config, webDistDir: web } });
    await t.app.ready();
  });
  afterAll(async () => t?.close());

  const pages = ['/api/health', '/api/no-such-route', '/', '/public/some-shop', '/files/bad/link.pdf'];

  it.each(pages)('%s: CSP without inline scripts, no framing, nosniff, no X-Powered-By', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = directives(res.headers['content-security-policy'] as string);
    const scripts = csp.get('script-src') ?? csp.get('default-src');
    expect(scripts).toBeDefined();
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain('*');
    expect(csp.get('object-src') ?? csp.get('default-src')).toEqual(["'none'"]);
    if (csp.has('sandbox')) {
      // Signed downloads carry their own, stricter policy: sandboxed, nothing loads, framing governed by X-Frame-Options.
      expect(csp.get('default-src')).toEqual(["'none'"]);
    } else {
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    }
    expect(res.headers['x-frame-options']).toMatch(/^(DENY|SAMEORIGIN)$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
  });

  it('gives API answers a policy under which nothing loads, without the document-only headers', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(directives(api.headers['content-security-policy'] as string)).toEqual(
      new Map([
        ['default-src', ["'none'"]],
        ['frame-ancestors', ["'none'"]],
      ]),
    );
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
    const page = await t.app.inject({ method: 'GET', url: '/public/some-shop' });
    expect(directives(page.headers['content-security-policy'] as string).get('script-src')).toEqual(["'self'"]);
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('serves the web app (history fallback) with the same policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/some-shop' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Counterprint</title>');
  });

  it('sends no HSTS over plain HTTP, and ignores X-Forwarded-Proto unless TRUST_PROXY is on', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const spoofed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps CORS closed: no Access-Control-Allow-Origin for another site, preflight or not', async () => {
    const origin = 'https://evil.example';
    const simple = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/me',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('gives every /ws-endpoint answer the API headers and closed CORS, and serves no htmlfile or jsonp (issue 15)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const api = await fetch(`${base}/api/health`);
    const apiHeaders = [
      'content-security-policy',
      'cross-origin-resource-policy',
      'referrer-policy',
      'x-content-type-options',
      'x-frame-options',
    ];
    const origin = 'https://evil.example';
    const session = `${base}/ws-endpoint/000/hdrs${Date.now()}`;
    const calls: Array<[string, string, RequestInit, number]> = [
      ['info', `${base}/ws-endpoint/info`, {}, 200],
      ['xhr', `${session}/xhr`, { method: 'POST' }, 200],
      ['xhr_send', `${session}/xhr_send`, { method: 'POST', body: '["\\n"]' }, 204],
      ['xhr_streaming', `${base}/ws-endpoint/000/hdrs2${Date.now()}/xhr_streaming`, { method: 'POST' }, 200],
      ['websocket without upgrade', `${base}/ws-endpoint/websocket`, {}, 400],
      ['htmlfile', `${session}/htmlfile?c=p`, {}, 404],
      ['jsonp', `${session}/jsonp?c=p`, {}, 404],
      [
        'jsonp_send',
        `${session}/jsonp_send?c=p`,
        { method: 'POST', body: 'd=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        404,
      ],
      ['iframe page', `${base}/ws-endpoint/iframe.html`, {}, 404],
    ];
    for (const [what, url, init, status] of calls) {
      const controller = new AbortController();
      const res = await fetch(url, { ...init, headers: { ...(init.headers as object), origin }, signal: controller.signal });
      expect(res.status, what).toBe(status);
      for (const name of apiHeaders) expect(res.headers.get(name), `${what}: ${name}`).toBe(api.headers.get(name));
      expect(res.headers.get('access-control-allow-origin'), what).toBeNull();
      expect(res.headers.get('access-control-allow-credentials'), what).toBeNull();
      controller.abort();
    }
  });

  it('refuses an uploaded <svg><script>, and downloads a plain SVG as an attachment of a type that cannot run script, sandboxed', async () => {
    const owner = await ownerWithShop(t.app, 'hdr-svg@example.com', { shopName: 'Svg Shop' });
    const scripted = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
    );
    const refused = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'logo.svg', data: scripted, type: 'image/svg+xml' }]);
    expect(refused.statusCode).toBe(415);
    // Should a script ever slip past the upload check, the download still cannot run it.
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>');
    const up = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'logo.svg', data: svg, type: 'image/svg+xml' }]);
    expect(up.statusCode).toBe(201);
    const urls = json(
      await t.app.inject({ method: 'GET', url: `/api/shops-action/print-jobs/${json(up).jobId}/signed-urls`, headers: owner.auth }),
    );
    const res = await t.app.inject({ method: 'GET', url: urls[0] });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(svg)).toBe(true);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="logo\.svg"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(res.headers['content-security-policy'] as string).has('sandbox')).toBe(true);
  });

  it('refuses HTML uploads outright, whatever they are named', async () => {
    const owner = await ownerWithShop(t.app, 'hdr-html@example.com', { shopName: 'Html Shop' });
    const html = '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>';
    const named: [string, string][] = [
      ['page.html', html],
      ['page.htm', html],
      ['page.xhtml', html],
      ['page.csv', html],
      ['page.pdf', `${html}\n%PDF-1.4\n`],
      ['page.svg', '<!DOCTYPE html><svg onload=alert(1)>'],
    ];
    for (const [filename, data] of named) {
      const res = await upload(t.app, owner.shop.slug, [{ name: 'files', filename, data: Buffer.from(data) }]);
      expect(res.statusCode, filename).toBe(415);
    }
  });
});

describe('security headers behind a TLS-terminating proxy, with CORS_ORIGINS', () => {
  let t: TestApp;
  const allowed = 'https://counter.example.in';
  beforeAll(async () => {
    t = await createTestApp({
      kind: 'pglite',
      env: { RATE_LIMIT: 'off', TRUST_PROXY: 'true', CORS_ORIGINS: `${allowed},https://second.example.in` },
    });
  });
  afterAll(async () => t?.close());

  it('adds HSTS when the proxy says the request came over https, and only then', async () => {
    const tls = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    const plain = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('opens CORS to the listed origins only', async () => {
    const pre = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/me',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const ok = await pre(allowed);
    expect(ok.statusCode).toBeLessThan(300);
    expect(ok.headers['access-control-allow-origin']).toBe(allowed);
    expect(String(ok.headers['access-control-allow-headers'] ?? '')).toMatch(/authorization/i);
    expect((await pre('https://second.example.in')).headers['access-control-allow-origin']).toBe('https://second.example.in');
    for (const origin of ['https://evil.example', 'https://counter.example.in.evil.example', 'null']) {
      expect((await pre(origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    const get = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: allowed } });
    expect(get.headers['access-control-allow-origin']).toBe(allowed);
    expect(String(get.headers['access-control-expose-headers'])).toMatch(/authorization/i);
  });

  it('opens /ws-endpoint to the listed origins only, as the API', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const info = (origin: string) => fetch(`${base}/ws-endpoint/info`, { headers: { origin } });
    expect((await info(allowed)).headers.get('access-control-allow-origin')).toBe(allowed);
    for (const origin of ['https://evil.example', 'https://counter.example.in.evil.example', 'null']) {
      const res = await info(origin);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(res.headers.get('access-control-allow-credentials'), origin).toBeNull();
    }
  });
});
