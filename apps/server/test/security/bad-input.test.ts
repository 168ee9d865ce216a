import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/index.js';
import { DATABASE_KINDS } from '../support/database.js';
import { createShop, multipart, ownerWithShop, pdfBytes, pngBytes, shopJson, upload } from '../support/fixtures.js';
import { createTestApp, json, type TestApp } from '../support/harness.js';
import { type Call, databaseFingerprint, send } from '../support/world.js';

/**
 * Hostile JSON and query strings: each gets a clear 4xx, writes nothing anywhere (every table
 * and blob compared before and after) and the server keeps serving. Upload bodies are covered
 * in features/intake/upload.test.ts and upload-stream.test.ts.
 */
const nested = (depth: number, open = '[', close = ']', inner = '0') => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const signup = { name: 'Valid Name', email: 'bad-input@example.com', password: 'passw0rd-ok' };
const twoMb = JSON.stringify({ ...signup, name: 'x'.repeat(2 * 1024 * 1024) });

describe.each(DATABASE_KINDS)('bad input on %s', (kind) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof ownerWithShop>>;
  let jobId: string;
  let customerId: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    a = await ownerWithShop(t.app, 'bad-a@example.com', { shopName: 'Bad Input Prints' });
    const res = await upload(t.app, a.shop.slug, [
      { name: 'phone', value: '+919811111111' },
      { name: 'files', filename: 'a.pdf', data: await pdfBytes(1) },
    ]);
    jobId = json(res).jobId;
    await t.app.services.pageCounter.idle();
    customerId = (await queryRows<{ id: string }>(t.deps.database.db, sql`SELECT id FROM customers`))[0]!.id;
  });
  afterAll(async () => t?.close());

  type Req = { method: string; url: string; payload?: string; headers: Record<string, string> };
  const json_ = (method: string, url: string, body: string, auth = true): Req => ({
    method,
    url,
    payload: body,
    headers: { 'content-type': 'application/json', ...(auth ? a.auth : {}) },
  });

  const refusals: [string, () => Req, number, RegExp][] = [
    [
      'wrong types at sign-up',
      () => json_('POST', '/api/auth/signup', JSON.stringify({ name: 1, email: ['x@y.in'], password: { p: 1 } }), false),
      400,
      /name|email|password/,
    ],
    [
      'an operator object as the sign-in email',
      () => json_('POST', '/api/auth/signin', JSON.stringify({ email: { $ne: null }, password: 'x' }), false),
      400,
      /email/,
    ],
    [
      'a number as the shop name',
      () => json_('PUT', `/api/settings/shop?shopId=${a.shop.id}`, JSON.stringify({ shopName: 123, username: 'bad_input' })),
      400,
      /Shop name|shopName/,
    ],
    [
      'a string amount when marking printed',
      () => json_('POST', `/api/shops/print-jobs/${jobId}/mark-printed`, JSON.stringify({ amount: '10' })),
      400,
      /amount must be a number/,
    ],
    ['an object as customer tags', () => json_('PUT', `/api/customers/${customerId}`, JSON.stringify({ tags: { a: 1 } })), 400, /tags/],
    ['a list where an object is expected', () => json_('PUT', `/api/settings/shop?shopId=${a.shop.id}`, '[1,2,3]'), 400, /./],
    ['a 2 MB body to a public route', () => json_('POST', '/api/auth/signup', twoMb, false), 413, /too large/],
    ['a 2 MB body to a signed-in route', () => json_('PUT', `/api/settings/shop?shopId=${a.shop.id}`, twoMb), 413, /too large/],
    ['arrays nested 100,000 deep', () => json_('POST', '/api/auth/signup', `{"name":${nested(100_000)}}`, false), 400, /./],
    ['objects nested 50,000 deep', () => json_('PUT', `/api/settings/shop?shopId=${a.shop.id}`, nestedObject(50_000)), 400, /./],
    [
      'a __proto__ key',
      () =>
        json_(
          'POST',
          '/api/auth/signup',
          `{"__proto__":{"polluted":true},"name":"P","email":"proto@example.com","password":"passw0rd-ok"}`,
          false,
        ),
      400,
      /./,
    ],
    [
      'a nested __proto__ key',
      () => json_('PUT', `/api/customers/${customerId}`, '{"name":"N","x":{"__proto__":{"polluted":true}}}'),
      400,
      /./,
    ],
    [
      'a constructor.prototype key',
      () =>
        json_(
          'POST',
          '/api/auth/signup',
          `{"constructor":{"prototype":{"polluted":true}},"name":"P","email":"ctor@example.com","password":"passw0rd-ok"}`,
          false,
        ),
      400,
      /./,
    ],
    ['truncated JSON', () => json_('POST', '/api/auth/signup', '{"name":"x","email":', false), 400, /not valid JSON/],
    ['a repeated range in the query', () => ({ method: 'GET', url: '/api/recycle?range=1h&range=7d', headers: a.auth }), 400, /range/],
    [
      'a repeated shopId in the query',
      () => ({ method: 'GET', url: `/api/settings?shopId=${a.shop.id}&shopId=${a.shop.id}`, headers: a.auth }),
      400,
      /shopId/,
    ],
    [
      'a repeated limit in the query',
      () => ({ method: 'GET', url: `/api/shops/${a.shop.id}/print-jobs?limit=1&limit=2`, headers: a.auth }),
      400,
      /limit/,
    ],
    [
      'a repeated username in the query',
      () => ({ method: 'GET', url: '/api/settings/username-check?username=abc&username=def', headers: a.auth }),
      400,
      /username/,
    ],
    [
      'a repeated search text in the query',
      () => ({ method: 'GET', url: '/api/customers?query=a&query=b', headers: a.auth }),
      400,
      /query/,
    ],
  ];

  it.each(refusals)('%s: a clear 4xx, nothing written, still serving', async (_label, req, status, message) => {
    const before = await databaseFingerprint(t);
    const r = req();
    const res = await t.app.inject({ ...r, method: r.method as 'GET' });
    expect(res.statusCode, res.body).toBe(status);
    const body = json(res);
    expect(body.error).toMatch(message);
    expect(body.error).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
    expect(typeof body.code).toBe('string');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await databaseFingerprint(t)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  // Control characters (a NUL above all) in any text field, query string or path segment: the database
  // refuses a NUL in text, so they must be refused, naming the field, before they get that far.
  const NUL = '\u0000';
  const controlRefusals: [string, () => Req, RegExp][] = [
    [
      'a NUL in the sign-up name',
      () => json_('POST', '/api/auth/signup', JSON.stringify({ ...signup, email: 'nul@example.com', name: `Ra${NUL}vi` }), false),
      /^name /,
    ],
    [
      'a NUL in a contact message',
      () =>
        json_(
          'POST',
          '/api/contact',
          JSON.stringify({ name: 'Ravi', email: 'ravi@example.com', subject: 'Hello', message: `Hi${NUL}there` }),
          false,
        ),
      /^message /,
    ],
    [
      'a NUL in a new customer',
      () => json_('POST', `/api/customers?shopId=${a.shop.id}`, JSON.stringify({ name: `Cu${NUL}stomer` })),
      /^name /,
    ],
    [
      'a NUL in a customer change',
      () => json_('PUT', `/api/customers/${customerId}`, JSON.stringify({ address: `Street${NUL}` })),
      /^address /,
    ],
    [
      'a NUL in the shop name in settings',
      () => json_('PUT', `/api/settings/shop?shopId=${a.shop.id}`, JSON.stringify({ shopName: `Bad${NUL}Prints`, username: 'bad_input' })),
      /^shopName /,
    ],
    [
      'a NUL in an inventory description',
      () =>
        json_(
          'POST',
          `/api/settings/inventory?shopId=${a.shop.id}`,
          JSON.stringify({ sku: 'A4', name: 'A4 paper', quantity: 10, description: `x${NUL}` }),
        ),
      /^description /,
    ],
    [
      'a newline in a one-line field (shop name)',
      () => json_('PUT', `/api/settings/shop?shopId=${a.shop.id}`, JSON.stringify({ shopName: 'Bad\nPrints', username: 'bad_input' })),
      /^shopName /,
    ],
    ['a NUL in a query string', () => ({ method: 'GET', url: '/api/customers?query=a%00b', headers: a.auth }), /^query parameter query /],
    [
      'a NUL in a public query string',
      () => ({ method: 'GET', url: '/api/settings/username-check?username=ab%00cd', headers: a.auth }),
      /^query parameter username /,
    ],
    [
      'a NUL in a path segment',
      () => ({ method: 'GET', url: '/api/public/shops/bad%00input/details', headers: {} }),
      /^path segment slug /,
    ],
    [
      'a NUL in a JSON key',
      () => json_('PUT', `/api/customers/${customerId}`, `{"na\\u0000me":"x"}`),
      /must not contain control characters/,
    ],
  ];

  it.each(controlRefusals)('%s: 400 naming the field, nothing written', async (_label, req, message) => {
    const before = await databaseFingerprint(t);
    const r = req();
    const res = await t.app.inject({ ...r, method: r.method as 'GET' });
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res)).toEqual({ error: expect.stringMatching(message), code: 'VALIDATION' });
    expect(json(res).error).toMatch(/control characters/);
    expect(await databaseFingerprint(t)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('keeps line breaks and tabs where text is meant to span lines (a contact message)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ravi', email: 'ravi-lines@example.com', subject: 'Hello', message: 'Line one\r\nLine two\n\tindented' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each([
    ['the customer name', 'name', `Ra${NUL}vi`],
    ['the phone', 'phone', `+9198${NUL}11111111`],
  ])("refuses a NUL in an upload's %s with a 400 naming it, storing nothing", async (_label, field, value) => {
    const before = await databaseFingerprint(t);
    const res = await upload(t.app, a.shop.slug, [
      { name: field, value },
      { name: 'files', filename: 'a.pdf', data: await pdfBytes(1) },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res)).toEqual({ error: `${field} must not contain control characters`, code: 'VALIDATION' });
    expect(await databaseFingerprint(t)).toEqual(before);
  });

  it('refuses a NUL in a multipart JSON part (onboarding shop, settings profile with banners) naming the field, storing nothing', async () => {
    const { token } = await (await import('../support/harness.js')).signUpAndIn(t.app, 'nul-shop@example.com');
    const before = await databaseFingerprint(t);
    const created = await createShop(t.app, { authorization: `Bearer ${token}` }, shopJson({ shopName: `Nul${NUL}Prints` }));
    expect(created.statusCode, created.body).toBe(400);
    expect(json(created)).toEqual({ error: 'shopName must not contain control characters', code: 'VALIDATION' });
    const profile = await multipart([
      { name: 'banners', filename: 'b.png', data: pngBytes(1200, 400) },
      { name: 'profile', value: JSON.stringify({ shopName: 'Bad Input Prints', username: 'bad_input', ownerName: `O${NUL}` }) },
    ]);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/settings/shop-with-banners?shopId=${a.shop.id}`,
      ...profile,
      headers: { ...profile.headers, ...a.auth },
    });
    expect(saved.statusCode, saved.body).toBe(400);
    expect(json(saved)).toEqual({ error: 'ownerName must not contain control characters', code: 'VALIDATION' });
    expect(await databaseFingerprint(t)).toEqual(before);
  });

  it.each(['/api/earnings', '/api/analytics'])('answers 400, not 500, to a time zone the database does not know (%s)', async (path) => {
    const before = await databaseFingerprint(t);
    // Intl accepts this old alias; PostgreSQL's zone data dropped it (SQLSTATE 22023).
    const res = await t.app.inject({ method: 'GET', url: `${path}?shopId=${a.shop.id}&tz=US/Pacific-New`, headers: a.auth });
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res)).toEqual({ error: expect.stringMatching(/time zone/), code: 'INVALID_VALUE' });
    expect(await databaseFingerprint(t)).toEqual(before);
  });

  it("refuses 10 MB in an upload's name field with a clear 400, storing nothing (other upload refusals: features/intake/upload.test.ts)", async () => {
    const before = await databaseFingerprint(t);
    const res = await upload(t.app, a.shop.slug, [
      { name: 'name', value: 'n'.repeat(10 * 1024 * 1024) },
      { name: 'files', filename: 'a.pdf', data: await pdfBytes(1) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: 'name is too long', code: 'VALIDATION' });
    expect(await databaseFingerprint(t)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it("refuses a text-direction override or other hidden character in a customer's name as in a file name: the upload form, a job from uploads, a customer staff enter; 400, nothing written", async () => {
    const before = await databaseFingerprint(t);
    const disguised = 'Ravi \u202Efdp.exe';
    const refused = [
      await upload(t.app, a.shop.slug, [
        { name: 'name', value: disguised },
        { name: 'files', filename: 'a.pdf', data: await pdfBytes(1) },
      ]),
      await t.app.inject({
        ...json_('POST', `/api/public/shops/${a.shop.slug}/jobs`, JSON.stringify({ uploads: ['u1'], name: disguised }), false),
        method: 'POST',
      }),
      await t.app.inject({ ...json_('POST', `/api/customers?shopId=${a.shop.id}`, JSON.stringify({ name: disguised })), method: 'POST' }),
      await t.app.inject({ ...json_('PUT', `/api/customers/${customerId}`, JSON.stringify({ name: 'Ravi\u2066 Kumar' })), method: 'PUT' }),
      await t.app.inject({ ...json_('PUT', `/api/customers/${customerId}`, JSON.stringify({ name: 'Ravi\u200bKumar' })), method: 'PUT' }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res)).toEqual({ error: 'name must not contain invisible or text-direction characters', code: 'VALIDATION' });
    }
    expect(await databaseFingerprint(t)).toEqual(before);
    // A zero-width non-joiner after a Devanagari letter is spelling, as in file names.
    const indic = await t.app.inject({
      ...json_('PUT', `/api/customers/${customerId}`, JSON.stringify({ name: 'क\u200Cष' })),
      method: 'PUT',
    });
    expect(indic.statusCode, indic.body).toBe(200);
  });

  it('refuses a 2 MB chunked body (no Content-Length) with 413 over a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const before = await databaseFingerprint(t);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { port, method: 'POST', path: '/api/auth/signup', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', (err) =>
        (err as { code?: string }).code === 'EPIPE' || (err as { code?: string }).code === 'ECONNRESET' ? undefined : reject(err),
      );
      for (let i = 0; i < 32; i++) req.write(Buffer.alloc(64 * 1024, 'x'));
      req.end();
    });
    expect(status).toBe(413);
    expect(await databaseFingerprint(t)).toEqual(before);
  });

  it('never lets a __proto__ in a multipart JSON part pollute, and stores only known fields', async () => {
    const { token } = await (await import('../support/harness.js')).signUpAndIn(t.app, 'proto-shop@example.com');
    const raw = shopJson({
      shopName: 'Proto Prints',
      ownerId: a.shop.id,
      id: a.shop.id,
      slug: 'stolen',
      isOpen: false,
      createdAt: '2001-01-01',
    }).replace(/^\{/, '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},');
    const res = await createShop(t.app, { authorization: `Bearer ${token}` }, raw);
    expect([201, 400]).toContain(res.statusCode);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    if (res.statusCode === 201) {
      const shop = json(res) as { id: string; slug: string };
      expect(shop.id).not.toBe(a.shop.id);
      expect(shop.slug).toBe('proto-prints');
      const [row] = await queryRows<{ owner_id: string; created_at: string }>(
        t.deps.database.db,
        sql`SELECT owner_id, created_at::text FROM shops WHERE id = ${shop.id}`,
      );
      expect(row!.owner_id).not.toBe(a.shop.id);
      expect(row!.created_at).not.toMatch(/^2001/);
    }
  });

  it('ignores unknown fields and never stores them: roles, ids, owners, slugs, shop ids', async () => {
    const call = (c: Call) => send(t.app, c, a.auth);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...signup, email: 'extra@example.com', roles: ['OWNER'], emailVerified: true, id: a.shop.id, isAdmin: true },
    });
    expect(up.statusCode).toBe(201);
    const [user] = await queryRows<{ id: string; verified: boolean; roles: string }>(
      t.deps.database.db,
      sql`SELECT u.id, u.email_verified_at IS NOT NULL AS verified, string_agg(r.role, ',') AS roles
          FROM users u JOIN user_roles r ON r.user_id = u.id WHERE u.email = 'extra@example.com' GROUP BY u.id`,
    );
    expect(user).toMatchObject({ verified: false, roles: 'ROLE_USER' });
    expect(user!.id).not.toBe(a.shop.id);

    const shopBefore = (
      await queryRows<{ r: Record<string, unknown> }>(t.deps.database.db, sql`SELECT to_jsonb(s) AS r FROM shops s WHERE id = ${a.shop.id}`)
    )[0]!.r;
    const saved = await call({
      method: 'PUT',
      url: `/api/settings/shop?shopId=${a.shop.id}`,
      payload: {
        shopName: 'Bad Input Prints',
        username: 'bad_input',
        slug: 'stolen',
        ownerId: customerId,
        id: customerId,
        plan: 'premium',
        isOpen: false,
        closedToday: true,
        closedOn: '2026-01-01',
        timeZone: 'UTC',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const shopAfter = (
      await queryRows<{ r: Record<string, unknown> }>(t.deps.database.db, sql`SELECT to_jsonb(s) AS r FROM shops s WHERE id = ${a.shop.id}`)
    )[0]!.r;
    for (const column of ['id', 'slug', 'owner_id', 'closed_on', 'time_zone', 'created_at'])
      expect(shopAfter[column], column).toEqual(shopBefore[column]);
    expect(JSON.stringify(shopAfter)).not.toMatch(/stolen|premium/);

    const created = await call({
      method: 'POST',
      url: `/api/customers?shopId=${a.shop.id}`,
      payload: { name: 'Known', id: jobId, shopId: customerId, updatedAt: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(json(created).id).not.toBe(jobId);
    expect(json(created).shopId).toBe(a.shop.id);
    const printed = await call({
      method: 'POST',
      url: `/api/shops/print-jobs/${jobId}/mark-printed`,
      payload: { status: 'cancelled', shopId: customerId, printedAt: '2001-01-01' },
    });
    expect(printed.statusCode, printed.body).toBe(200);
    expect(json(printed)).toMatchObject({ status: 'done', shopId: a.shop.id });
    expect(json(printed).printedAt).not.toMatch(/^2001/);
  });
});
