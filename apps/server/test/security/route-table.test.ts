import { readFileSync } from 'node:fs';
import type { RouteOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../src/auth/tokens.js';
import { grantRole } from '../../src/features/accounts/repo.js';
import { DEVICE_ROUTE_PREFIX, PUBLIC_ROUTES, routeId } from '../../src/http/public-routes.js';
import { DATABASE_KINDS } from '../support/database.js';
import { createTestApp, json, signUpAndIn, type TestApp } from '../support/harness.js';
import { buildWorld, type Call, secretsOf, send, snapshotOf, type World } from '../support/world.js';
import { type Access, ROUTE_ACCESS } from './route-access.js';

type Route = { key: string; method: string; url: string; options: RouteOptions };

/** Every /api route as Fastify registered it, HEAD routes included, one entry per method. */
function apiRoutes(t: TestApp): Route[] {
  return t.app.routeTable.flatMap((r) =>
    [r.method]
      .flat()
      .filter(() => r.url.startsWith('/api/'))
      .map((method) => ({ key: routeId(method, r.url), method, url: r.url, options: r })),
  );
}
/**
 * The routes docs/product/routes.md writes: each back-quoted `METHOD /path`, `{name}` for a path
 * parameter. architecture.md sends a newcomer there, so it must hold every route and no other.
 */
const ROUTES_DOC = new URL('../../../../docs/product/routes.md', import.meta.url);
function documentedRoutes(markdown: string): Set<string> {
  const written = markdown.matchAll(/`(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\/[^`\s]*|\*)`/g);
  return new Set([...written].map((m) => `${m[1]} ${String(m[2]).replace(/\{(\w+)\}/g, ':$1')}`));
}
/** Every route the server registered, all paths, without the HEAD that Fastify adds beside each GET. */
function registeredRoutes(t: TestApp): Set<string> {
  const all = new Set(t.app.routeTable.flatMap((r) => [r.method].flat().map((method) => `${method} ${r.url}`)));
  return new Set([...all].filter((k) => !(k.startsWith('HEAD ') && all.has(k.replace(/^HEAD /, 'GET ')))));
}
const isPublic = (r: Route) =>
  PUBLIC_ROUTES.has(routeId(r.method, r.url)) || (r.method === 'HEAD' && PUBLIC_ROUTES.has(routeId('GET', r.url)));
/** A print agent's own routes: its device token, checked by features/printers; no user's token opens them. */
const isDeviceRoute = (r: Route) => r.url.startsWith(DEVICE_ROUTE_PREFIX);
const entryOf = (r: Route): Access | undefined => ROUTE_ACCESS[routeId(r.method === 'HEAD' ? 'GET' : r.method, r.url)];
const withMethod = (r: Route, c: Call): Call => ({ ...c, method: r.method === 'HEAD' ? 'HEAD' : c.method });
const filled = (url: string) =>
  url
    .replace(/:sku\b/g, 'SKU-1')
    .replace(/:slug\b/g, 'no-such-shop')
    .replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
const hookNames = (h: unknown) => [h].flat().map((f) => (f as { name?: string })?.name);

describe.each(DATABASE_KINDS)('route table on %s', (kind) => {
  let t: TestApp;
  let w: World;
  let routes: Route[];

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    w = await buildWorld(t);
    routes = apiRoutes(t);
  }, 120_000);
  afterAll(async () => t?.close());

  it('lists every guarded route in ROUTE_ACCESS, as a shop route when it takes a shop or object id, and guards it with requireUser', () => {
    const problems: string[] = [];
    for (const r of routes.filter((x) => !isPublic(x) && !isDeviceRoute(x))) {
      const entry = entryOf(r);
      if (!entry) problems.push(`${r.key}: not in security/route-access.ts (say whether it is self, platformOwner or shop)`);
      const querystring = (r.options.schema?.querystring as { shape?: Record<string, unknown> } | undefined)?.shape;
      const takesIds = /:(shopId|id|sku)\b/.test(r.url) || Boolean(querystring && 'shopId' in querystring);
      if (entry && takesIds && !('shop' in entry)) problems.push(`${r.key}: takes a shop or object id, so it must be a shop route`);
      if (!hookNames(r.options.preValidation).includes('requireUser')) problems.push(`${r.key}: requireUser is not its first guard`);
    }
    expect(problems).toEqual([]);
  });

  it('writes every registered route in docs/product/routes.md, and no route the server does not register', () => {
    const documented = documentedRoutes(readFileSync(ROUTES_DOC, 'utf8'));
    const registered = registeredRoutes(t);
    expect(registered.size).toBeGreaterThan(90);
    expect([...registered].filter((k) => !documented.has(k)).sort(), 'registered, missing from routes.md').toEqual([]);
    expect([...documented].filter((k) => !registered.has(k)).sort(), 'in routes.md, not registered').toEqual([]);
  });

  it('registers every route that PUBLIC_ROUTES lists (a stale entry would make a future route public by accident)', () => {
    const keys = new Set(routes.map((r) => r.key));
    expect([...PUBLIC_ROUTES].filter((k) => !keys.has(k))).toEqual([]);
  });

  it('serves each public route without a token', async () => {
    for (const r of routes.filter(isPublic)) {
      const res = await send(t.app, { method: r.method, url: filled(r.url) });
      expect(res.statusCode, `${r.key} ${res.body}`).toBeLessThan(500);
      if (res.statusCode === 401) expect(json(res).code, r.key).not.toMatch(/^(UNAUTHENTICATED|TOKEN_EXPIRED)$/);
    }
  });

  it('answers 401 on every guarded route without a token, with a forged one, an alg:none one and an expired one', async () => {
    const secret = t.deps.config.jwtSecret;
    const claims = { sub: w.b.shop.id, email: 'sec-b@example.com', roles: ['ROLE_USER', 'SHOP_OWNER'], typ: 'access' };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(`${secret}x`));
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, exp: 9e9 })).toString('base64url')}.`;
    const past = new TokenService(secret, { now: () => new Date(Date.now() - 2 * 3600_000) });
    const expired = (await past.signAccess({ id: w.b.shop.id, email: 'sec-b@example.com', roles: ['ROLE_USER', 'SHOP_OWNER'] })).token;
    const tries: [string, Record<string, string>, string][] = [
      ['no token', {}, 'Authentication failed'],
      ['forged', { authorization: `Bearer ${forged}` }, 'Authentication failed'],
      ['alg:none', { authorization: `Bearer ${none}` }, 'Authentication failed'],
      ['expired', { authorization: `Bearer ${expired}` }, 'JWT expired'],
    ];
    const guarded = routes.filter((r) => !isPublic(r) && !isDeviceRoute(r));
    expect(guarded.length).toBeGreaterThan(20);
    for (const r of guarded) {
      for (const [label, headers, message] of tries) {
        const res = await send(t.app, { method: r.method, url: filled(r.url) }, headers);
        expect(res.statusCode, `${r.key} with ${label}`).toBe(401);
        if (r.method !== 'HEAD') expect(json(res).error, `${r.key} with ${label}`).toBe(message);
      }
    }
  });

  it("answers 401 on every print agent's route without a device token, with a user's token, and with a made-up device token", async () => {
    const user = await signUpAndIn(t.app, 'device-routes@example.com');
    const device = routes.filter(isDeviceRoute);
    expect(device.length).toBeGreaterThanOrEqual(4);
    for (const r of device) {
      const tries: Record<string, string>[] = [{}, { authorization: `Bearer ${user.token}` }, { authorization: 'Bearer cpd_madeup' }];
      for (const headers of tries) {
        const res = await send(t.app, { method: r.method, url: filled(r.url) }, headers);
        expect(res.statusCode, `${r.key} with ${JSON.stringify(headers)}`).toBe(401);
        if (r.method !== 'HEAD') expect(json(res).code, r.key).toBe('DEVICE_UNAUTHENTICATED');
      }
    }
  });

  it("answers 403 to another shop's owner on every shop route, whichever way A's ids are passed, and changes or shows nothing of A's", async () => {
    const before = await snapshotOf(t, w.a.shop.id);
    const secrets = secretsOf(w);
    const problems: string[] = [];
    for (const r of routes.filter((x) => !isPublic(x) && !isDeviceRoute(x))) {
      const entry = entryOf(r);
      if (!entry || !('shop' in entry)) continue;
      const { named, smuggled = [] } = entry.shop(w);
      for (const [kindOf, calls] of [
        ['named', named],
        ['smuggled', smuggled],
      ] as const) {
        for (const call of calls.map((c) => withMethod(r, c))) {
          const res = await send(t.app, call, w.b.auth);
          const label = `${r.key} ${kindOf} ${call.method} ${call.url}`;
          if (kindOf === 'named' && res.statusCode !== 403) problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 500) problems.push(`${label}: ${res.statusCode}`);
          const leaked = secrets.filter((s) => res.body.includes(s) || JSON.stringify(res.headers).includes(s));
          if (leaked.length > 0) problems.push(`${label}: answer shows ${leaked.join(', ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshotOf(t, w.a.shop.id)).toBe(before);
  });

  it('answers 403 to a shop owner on every platform-owner route and 200 to the platform owner, and serves self routes on the caller only', async () => {
    const boss = await signUpAndIn(t.app, 'sec-boss@example.com');
    await grantRole(t.deps.database.db, (await t.app.services.tokens.verifyAccess(boss.token)).sub, 'OWNER');
    const signin = await send(t.app, {
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'sec-boss@example.com', password: 'passw0rd-ok' },
    });
    const bossAuth = { authorization: String(signin.headers.authorization) };
    for (const r of routes.filter((x) => !isPublic(x) && !isDeviceRoute(x))) {
      const entry = entryOf(r);
      if (entry && 'platformOwner' in entry) {
        expect((await send(t.app, withMethod(r, entry.platformOwner(w)), w.b.auth)).statusCode, r.key).toBe(403);
        expect((await send(t.app, withMethod(r, entry.platformOwner(w)), bossAuth)).statusCode, `${r.key} as OWNER`).toBe(200);
      }
      if (entry && 'self' in entry) {
        const res = await send(t.app, withMethod(r, entry.self(w)), w.b.auth);
        expect(res.statusCode, r.key).toBeLessThan(300);
        expect(
          secretsOf(w).filter((s) => res.body.includes(s)),
          r.key,
        ).toEqual([]);
      }
    }
  });

  it("lets shop A's owner make the same named calls: the 403s come from ownership, not from bad ids", async () => {
    const refused: string[] = [];
    for (const r of routes.filter((x) => !isPublic(x) && !isDeviceRoute(x))) {
      const entry = entryOf(r);
      if (!entry || !('shop' in entry)) continue;
      for (const call of entry.shop(w).named.map((c) => withMethod(r, c))) {
        const res = await send(t.app, call, w.a.auth);
        if ([401, 403].includes(res.statusCode) || res.statusCode >= 500)
          refused.push(`${r.key} ${call.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
