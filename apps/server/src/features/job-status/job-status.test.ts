import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithShop, pdfBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';

describe("a customer's job by its token", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', env: { RATE_LIMIT: 'on' } });
    const owner = await ownerWithShop(t.app, 'status-owner@example.com');
    const res = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'form.pdf', data: await pdfBytes(1) }]);
    expect(res.statusCode, res.body).toBe(201);
    token = json(res).token;
  });
  afterAll(async () => t?.close());

  const lookup = (tok: string, ip = '203.0.113.7') => t.app.inject({ method: 'GET', url: `/api/public/jobs/${tok}`, remoteAddress: ip });

  it('answers 240 lookups a minute from one address, then 429, whatever the token; another address is not held back', async () => {
    const guesses = Array.from({ length: 240 }, (_, i) => `${i.toString().padStart(22, 'A')}`);
    const answers = [];
    for (const guess of guesses) answers.push((await lookup(guess)).statusCode);
    expect(new Set(answers)).toEqual(new Set([404]));
    expect((await lookup(token)).statusCode).toBe(429);
    expect((await lookup(token, '203.0.113.8')).statusCode).toBe(200);
  });
});
