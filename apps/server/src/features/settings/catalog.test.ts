import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';

type Owner = Awaited<ReturnType<typeof ownerWithShop>>;

const noPrintAttributes = { paper: null, color: null, sides: null, extra: false };

describe.each(DATABASE_KINDS)('settings: inventory and rate card on %s', (kind) => {
  let t: TestApp;
  let a: Owner;
  let b: Owner;
  const call = (owner: Owner | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: owner?.auth ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const inv = (owner: Owner, rest = '') => `/api/settings/inventory${rest}?shopId=${owner.shop.id}`;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    a = await ownerWithShop(t.app, 'catalog-a@example.com', { shopName: 'Alpha Prints' });
    b = await ownerWithShop(t.app, 'catalog-b@example.com', { shopName: 'Beta Prints' });
  });
  afterAll(async () => t?.close());

  it('adds an item with numbers from text, threshold 0 → 10, unit pcs by default, price in rupees', async () => {
    const res = await call(a, 'POST', inv(a), {
      sku: ' TONER-1 ',
      name: 'Black toner',
      price: '349.99',
      stock: '4',
      lowStockThreshold: '0',
      description: ' HP 12A ',
    });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({
      sku: 'TONER-1',
      name: 'Black toner',
      category: 'general',
      price: 349.99,
      stock: 4,
      lowStockThreshold: 10,
      unit: 'pcs',
      description: 'HP 12A',
      sheetsPerReam: null,
    });
    const paper = await call(a, 'POST', inv(a), {
      sku: 'A3-80',
      name: 'A3 80 gsm',
      category: 'Paper',
      stock: 1000,
      lowStockThreshold: '',
      unit: 'pcs',
    });
    expect(json(paper)).toMatchObject({ category: 'paper', sheetsPerReam: 500, lowStockThreshold: 10, price: 0 });
    const kg = await call(a, 'POST', inv(a), { sku: 'INK-KG', name: 'Ink', unit: 'kg', lowStockThreshold: 3, price: 0.1 });
    expect(json(kg)).toMatchObject({ unit: 'kg', lowStockThreshold: 3, price: 0.1 });
    const list = json(await call(a, 'GET', `/api/settings?shopId=${a.shop.id}`)).inventory.map((i: { sku: string }) => i.sku);
    expect(list).toEqual(['A4-70GSM', 'TONER-1', 'A3-80', 'INK-KG']);
  });

  it.each([
    [{ name: 'No sku' }, 'sku is required'],
    [{ sku: '  ', name: 'Blank sku' }, 'sku is required'],
    [{ sku: 'X' }, 'name is required'],
    [{ sku: 'a/b', name: 'Slash' }, 'sku must not contain /'],
    [{ sku: 'X', name: 'Y', price: 'abc' }, 'price must be a number'],
    [{ sku: 'X', name: 'Y', price: -1 }, 'price must be 0 or more'],
    [{ sku: 'X', name: 'Y', stock: 1.5 }, 'stock must be a whole number, 0 or more'],
    [{ sku: 'X', name: 'Y', lowStockThreshold: -2 }, 'lowStockThreshold must be a whole number, 0 or more'],
    [{ sku: 'X', name: 'Y', unit: 'box' }, 'unit must be one of: pcs, kg, l, m'],
  ])('refuses item %j: %s', async (payload, message) => {
    const res = await call(a, 'POST', inv(a), payload);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: message, code: 'VALIDATION' });
  });

  it('refuses a duplicate sku with 409 but lets another shop use it', async () => {
    const dup = await call(a, 'POST', inv(a), { sku: 'A4-70GSM', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toEqual({ error: 'An item with SKU A4-70GSM already exists', code: 'SKU_TAKEN' });
    expect((await call(b, 'POST', inv(b), { sku: 'TONER-1', name: 'Toner' })).statusCode).toBe(201);
  });

  it('updates only the fields sent (the spec sends stock), and deletes by sku', async () => {
    await call(a, 'POST', inv(a), { sku: 'STAPLES', name: 'Staples', price: 20, stock: 5, lowStockThreshold: 2 });
    const res = await call(a, 'PUT', inv(a, '/STAPLES'), { stock: 50 });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ sku: 'STAPLES', name: 'Staples', price: 20, stock: 50, lowStockThreshold: 2 });
    const zero = await call(a, 'PUT', inv(a, '/STAPLES'), { lowStockThreshold: 0, price: '12.5', name: 'Staples 24/6' });
    expect(json(zero)).toMatchObject({ lowStockThreshold: 10, price: 12.5, name: 'Staples 24/6', stock: 50 });
    const spaced = await call(a, 'POST', inv(a), { sku: 'A4 80GSM', name: 'A4 80', category: 'paper' });
    expect(spaced.statusCode).toBe(201);
    expect(json(await call(a, 'PUT', inv(a, '/A4%2080GSM'), { stock: 7 })).stock).toBe(7);
    const neg = await call(a, 'PUT', inv(a, '/STAPLES'), { stock: -1 });
    expect(neg.statusCode).toBe(400);
    expect(json(neg).error).toBe('stock must be a whole number, 0 or more');
    expect((await call(a, 'PUT', inv(a, '/NOPE'), { stock: 1 })).statusCode).toBe(404);
    const del = await call(a, 'DELETE', inv(a, '/STAPLES'));
    expect(del.statusCode).toBe(200);
    expect(json(del)).toEqual({ ok: true });
    expect((await call(a, 'DELETE', inv(a, '/STAPLES'))).statusCode).toBe(404);
  });

  it("refuses every inventory and rate card call for another shop's owner (403) and without a token (401)", async () => {
    const calls: [string, 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['add', 'POST', inv(a), { sku: 'EVIL', name: 'Evil' }],
      ['update', 'PUT', inv(a, '/A4-70GSM'), { stock: 0 }],
      ['delete', 'DELETE', inv(a, '/A4-70GSM'), undefined],
      ['rate card', 'PUT', `/api/settings/ratecard?shopId=${a.shop.id}`, [{ serviceName: 'Evil', basePrice: 1 }]],
    ];
    for (const [label, method, url, payload] of calls) {
      expect((await call(b, method, url, payload)).statusCode, label).toBe(403);
      expect((await call(null, method, url, payload)).statusCode, label).toBe(401);
    }
    const settings = json(await call(a, 'GET', `/api/settings?shopId=${a.shop.id}`));
    expect(settings.inventory.some((i: { sku: string }) => i.sku === 'A4-70GSM')).toBe(true);
    // A new shop starts with the specification's rates as real services (issue 19).
    expect(settings.rateCard.map((s: { serviceName: string }) => s.serviceName)).toEqual(['Black & white A4', 'Colour A4', 'Photo 4x6']);
  });

  it('replaces the rate card: blank names dropped, ids kept for its own services, new ids otherwise, isActive true', async () => {
    const url = `/api/settings/ratecard?shopId=${a.shop.id}`;
    const first = await call(a, 'PUT', url, [
      { serviceName: 'B&W A4', basePrice: 2, unit: 'per_page', category: 'Printing' },
      { serviceName: '   ', basePrice: 5 },
      { serviceName: 'Lamination', basePrice: '30.5', unit: 'per_item', description: 'A4 pouch', isActive: false, id: 'tmp-1' },
    ]);
    expect(first.statusCode).toBe(200);
    const card = json(first);
    expect(card).toEqual([
      {
        id: expect.any(String),
        serviceName: 'B&W A4',
        basePrice: 2,
        unit: 'per_page',
        category: 'Printing',
        description: null,
        isActive: true,
        ...noPrintAttributes,
      },
      {
        id: expect.any(String),
        serviceName: 'Lamination',
        basePrice: 30.5,
        unit: 'per_item',
        category: null,
        description: 'A4 pouch',
        isActive: true,
        ...noPrintAttributes,
      },
    ]);
    expect(card[1].id).not.toBe('tmp-1');
    const bCard = json(
      await call(b, 'PUT', `/api/settings/ratecard?shopId=${b.shop.id}`, { services: [{ serviceName: 'Scan', basePrice: 5 }] }),
    );
    const second = json(
      await call(a, 'PUT', url, {
        services: [
          { ...card[1], basePrice: 35 },
          { id: bCard[0].id, serviceName: 'Copied id', basePrice: 1, unit: 'per_order' },
          { serviceName: 'Spiral binding', basePrice: 60, unit: 'per_item' },
        ],
      }),
    );
    expect(second.map((s: { serviceName: string }) => s.serviceName)).toEqual(['Lamination', 'Copied id', 'Spiral binding']);
    expect(second[0]).toMatchObject({ id: card[1].id, basePrice: 35 });
    expect(second[1].id).not.toBe(bCard[0].id);
    expect(json(await call(b, 'GET', `/api/settings?shopId=${b.shop.id}`)).rateCard).toEqual(bCard);
    const pub = json(await t.app.inject({ method: 'GET', url: `/api/public/shops/${a.shop.slug}/details` }));
    expect(pub.rateCard.map((s: { serviceName: string; basePrice: number }) => [s.serviceName, s.basePrice])).toEqual([
      ['Lamination', 35],
      ['Copied id', 1],
      ['Spiral binding', 60],
    ]);
  });

  it('keeps the print attributes a unit has, drops the others, keeps them when left out and clears them when blank', async () => {
    const url = `/api/settings/ratecard?shopId=${a.shop.id}`;
    const saved = json(
      await call(a, 'PUT', url, [
        { serviceName: 'Colour A3 duplex', basePrice: 18, unit: 'per_page', paper: ' A3 ', color: 'color', sides: 'double', extra: true },
        { serviceName: 'Spiral binding', basePrice: 40, unit: 'per_order', paper: 'A4', color: 'bw', extra: true },
        { serviceName: 'Scan', basePrice: 5, unit: 'per_hour', extra: true },
      ]),
    );
    expect(saved.map((s: Record<string, unknown>) => [s.serviceName, s.paper, s.color, s.sides, s.extra])).toEqual([
      ['Colour A3 duplex', 'A3', 'color', 'double', false],
      ['Spiral binding', null, null, null, true],
      ['Scan', null, null, null, false],
    ]);
    const again = json(
      await call(a, 'PUT', url, [
        { id: saved[0].id, serviceName: 'Colour A3 duplex', basePrice: 18, unit: 'per_page' },
        { id: saved[1].id, serviceName: 'Spiral binding', basePrice: 40, unit: 'per_order' },
        { serviceName: 'Colour A3', basePrice: 20, unit: 'per_page', paper: 'A3', color: 'color', sides: '' },
      ]),
    );
    expect(again.map((s: Record<string, unknown>) => [s.paper, s.color, s.sides, s.extra])).toEqual([
      ['A3', 'color', 'double', false],
      [null, null, null, true],
      ['A3', 'color', null, false],
    ]);
    const cleared = json(await call(a, 'PUT', url, [{ id: saved[0].id, serviceName: 'Colour A3 duplex', basePrice: 18, paper: '' }]));
    expect(cleared[0].paper).toBeNull();
    const bad = await call(a, 'PUT', url, [{ serviceName: 'Odd', basePrice: 1, color: 'auto' }]);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toMatch(/color must be bw or color/);
  });

  it.each([
    [[], 'Please add at least one service before saving.'],
    [[{ serviceName: ' ' }, { serviceName: '' }, {}], 'Please add at least one service before saving.'],
    [[{ serviceName: 'Neg', basePrice: -0.01 }], 'basePrice must be 0 or more'],
    [[{ serviceName: 'Unit', basePrice: 1, unit: 'per_day' }], 'unit must be one of: per_page, per_order, per_hour, per_item, per_sqft'],
    [{ nothing: [] }, 'body must be the list of services'],
  ])('refuses rate card %j: %s', async (payload, message) => {
    const res = await call(a, 'PUT', `/api/settings/ratecard?shopId=${a.shop.id}`, payload);
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe(message);
  });
});
