import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, pngBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import { queryRows } from '../../db/index.js';

type Owner = Awaited<ReturnType<typeof ownerWithShop>>;
type Customer = { id: string; name: string; email: string | null; phone: string | null; tags: string[]; updatedAt: number };

describe.each(DATABASE_KINDS)('customers on %s', (kind) => {
  let t: TestApp;
  let a: Owner;
  let b: Owner;
  const call = (owner: Owner | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: owner?.auth ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = async (payload: Record<string, unknown>, owner = a) => {
    const res = await call(owner, 'POST', '/api/customers', payload);
    expect(res.statusCode, res.body).toBe(201);
    return json(res) as Customer;
  };
  const list = async (query = '', owner = a) => json(await call(owner, 'GET', `/api/customers${query}`)) as Customer[];

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    a = await ownerWithShop(t.app, 'cust-a@example.com', { shopName: 'Alpha Prints' });
    b = await ownerWithShop(t.app, 'cust-b@example.com', { shopName: 'Beta Prints' });
  });
  afterAll(async () => t?.close());

  it('creates a customer: text trimmed, email lowercased, tags split, trimmed, empties and repeats dropped', async () => {
    const c = await create({
      name: ' Ravi Kumar ',
      email: ' Ravi@Example.COM ',
      phone: '+91 98765 00001',
      address: ' Pune ',
      tags: ' vip, , student ,VIP',
      isNew: true,
    });
    expect(c).toEqual({
      id: expect.any(String),
      shopId: a.shop.id,
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      phone: '+91 98765 00001',
      address: 'Pune',
      tags: ['vip', 'student'],
      updatedAt: expect.any(Number),
    });
    expect(Math.abs(c.updatedAt - Date.now())).toBeLessThan(60_000);
    expect((await create({ phone: '98765 00002', tags: ['a', ' b ', ''] })).tags).toEqual(['a', 'b']);
  });

  it.each([
    [{ email: 'x@example.com' }, 'Enter a name or a phone number for the customer'],
    [{ name: 'X', email: 'not-an-email' }, 'email must be a valid email address'],
    [{ name: 'X', phone: 'call me' }, 'phone must be a phone number'],
    [{ name: 'X', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'a customer can have at most 20 tags'],
    [{ name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
  ])('refuses %j: %s', async (payload, message) => {
    const res = await call(a, 'POST', '/api/customers', payload);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: message, code: 'VALIDATION' });
  });

  it('refuses a phone the shop already has (409), in create and update; another shop may have it', async () => {
    await create({ name: 'First', phone: '+91 90000 11111' });
    const dup = await call(a, 'POST', '/api/customers', { name: 'Second', phone: '+91 90000 11111' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toEqual({ error: 'A customer with this phone number already exists', code: 'CUSTOMER_PHONE_TAKEN' });
    const other = await create({ name: 'Other', phone: '+91 90000 22222' });
    expect((await call(a, 'PUT', `/api/customers/${other.id}`, { phone: '+91 90000 11111' })).statusCode).toBe(409);
    await create({ name: 'Elsewhere', phone: '+91 90000 11111' }, b);
  });

  it('searches name, email, id and phone case-insensitively and sorts recent, A→Z and Z→A', async () => {
    const zed = await create({ name: 'zed Ahmed', email: 'zed@mail.in', phone: '+91 70000 12345' });
    const amy = await create({ name: 'Amy Dsouza', email: 'AMY@shop.in' });
    const mid = await create({ name: 'meera iyer', tags: ['regular'] });
    const names = (cs: Customer[]) => cs.map((c) => c.name);
    expect(names(await list('?query=AHMED'))).toEqual(['zed Ahmed']);
    expect(names(await list('?query=shop.IN'))).toEqual(['Amy Dsouza']);
    expect(names(await list(`?query=${mid.id.slice(0, 8).toUpperCase()}`))).toEqual(['meera iyer']);
    expect(names(await list('?query=7000012345'))).toEqual(['zed Ahmed']);
    expect(names(await list('?query=100%25'))).toEqual([]);
    const az = names(await list(`?sort=az&query=${encodeURIComponent('.in')}`));
    expect(az).toEqual(['Amy Dsouza', 'zed Ahmed']);
    expect(names(await list(`?sort=za&query=${encodeURIComponent('.in')}`))).toEqual(['zed Ahmed', 'Amy Dsouza']);
    const recent = await list('?sort=recent');
    expect(recent.slice(0, 3).map((c) => c.id)).toEqual([mid.id, amy.id, zed.id]);
    expect((await list(`?shopId=${a.shop.id}`)).length).toBe((await list()).length);
    expect((await list('', b)).every((c) => c.name !== 'zed Ahmed')).toBe(true);
    const bad = await call(a, 'GET', '/api/customers?sort=newest');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toBe('sort must be recent, az or za');
  });

  it('links uploads with a phone to one customer and shows their jobs at this shop in the detail', async () => {
    const send = (name: string) =>
      upload(t.app, a.shop.slug, [
        { name: 'name', value: name },
        { name: 'phone', value: '+91 95555 00000' },
        { name: 'files', filename: 'a.png', data: pngBytes() },
        { name: 'files', filename: 'b.png', data: pngBytes() },
      ]);
    const first = json(await send('Kiran'));
    const second = json(await send('Someone Else'));
    const found = await list('?query=95555');
    expect(found).toHaveLength(1);
    expect(found[0]!.name).toBe('Kiran');
    const res = await call(a, 'GET', `/api/customers/${found[0]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).jobs).toEqual([
      { id: second.jobId, number: second.number, status: 'queued', createdAt: expect.any(String), fileCount: 2 },
      { id: first.jobId, number: first.number, status: 'queued', createdAt: expect.any(String), fileCount: 2 },
    ]);
    expect(new Date(json(res).jobs[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('updates only the fields sent, clears blank ones, keeps a name or a phone, and deletes', async () => {
    const c = await create({ name: 'Sunil', email: 'sunil@example.com', phone: '+91 91111 00000', tags: 'x' });
    await new Promise((r) => setTimeout(r, 5));
    const res = await call(a, 'PUT', `/api/customers/${c.id}`, { email: '', tags: 'gold, silver', id: 'ignored', updatedAt: 1 });
    expect(res.statusCode).toBe(200);
    const updated = json(res) as Customer;
    expect(updated).toMatchObject({ id: c.id, name: 'Sunil', email: null, phone: '+91 91111 00000', tags: ['gold', 'silver'] });
    expect(updated.updatedAt).toBeGreaterThan(c.updatedAt);
    const empty = await call(a, 'PUT', `/api/customers/${c.id}`, { name: '', phone: null });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error).toBe('Enter a name or a phone number for the customer');
    expect((await call(a, 'PUT', `/api/customers/${c.id}`, { name: '' })).statusCode).toBe(200);
    const del = await call(a, 'DELETE', `/api/customers/${c.id}`);
    expect(json(del)).toEqual({ ok: true });
    expect((await call(a, 'GET', `/api/customers/${c.id}`)).statusCode).toBe(404);
    expect((await call(a, 'DELETE', `/api/customers/${c.id}`)).statusCode).toBe(404);
  });

  it('keeps the jobs of a deleted customer', async () => {
    const sent = json(
      await upload(t.app, a.shop.slug, [
        { name: 'phone', value: '+91 93333 00000' },
        { name: 'files', filename: 'a.png', data: pngBytes() },
      ]),
    );
    const [c] = await list('?query=93333');
    await call(a, 'DELETE', `/api/customers/${c!.id}`);
    const rows = await queryRows<{ customer_id: string | null }>(
      t.deps.database.db,
      sql`SELECT customer_id FROM jobs WHERE id = ${sent.jobId}`,
    );
    expect(rows).toEqual([{ customer_id: null }]);
  });

  it("answers 403 to another shop's owner on every call, 401 without a token, 404/400 for unknown or malformed ids", async () => {
    const c = await create({ name: 'Private', phone: '+91 94444 00000' });
    const calls: ['GET' | 'PUT' | 'DELETE' | 'POST', string, unknown][] = [
      ['GET', `/api/customers/${c.id}`, undefined],
      ['PUT', `/api/customers/${c.id}`, { name: 'Stolen' }],
      ['DELETE', `/api/customers/${c.id}`, undefined],
      ['GET', `/api/customers?shopId=${a.shop.id}`, undefined],
      ['POST', `/api/customers?shopId=${a.shop.id}`, { name: 'Planted' }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(b, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(json(await call(a, 'GET', `/api/customers/${c.id}`)).name).toBe('Private');
    expect((await list('?query=Planted')).length).toBe(0);
    expect((await call(a, 'GET', '/api/customers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await call(a, 'GET', '/api/customers/42');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toBe('id must be a customer id');
  });
});
