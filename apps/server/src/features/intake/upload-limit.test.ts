import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, pngBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, type TestApp, type TestClock, testClock } from '../../../test/support/harness.js';
import { MINUTE } from '../../limits/rate-limiter.js';

/** Issue 16: a busy counter's customers on one address (shop Wi-Fi, a carrier's NAT) must not meet the limit. */
describe.each(DATABASE_KINDS)('the upload limit for customers sharing one address on %s', (kind) => {
  let t: TestApp;
  let clock: TestClock;
  let slug: string;
  const send = (n: number) => upload(t.app, slug, [{ name: 'files', filename: `scan-${n}.png`, data: pngBytes(8, 4) }]);

  beforeAll(async () => {
    clock = testClock(new Date('2026-03-02T09:00:00Z'));
    t = await createTestApp({ kind, clock, env: { RATE_LIMIT: 'on' } });
    slug = (await ownerWithShop(t.app, `limit-${kind}@example.com`)).shop.slug;
  });
  afterAll(async () => t?.close());

  it('takes 60 customers in an hour from one address, 30 of them in a five-minute rush, and still stops a flood', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 30; n++) {
      statuses.push((await send(n)).statusCode);
      clock.advance(10_000);
    }
    for (let n = 30; n < 60; n++) {
      statuses.push((await send(n)).statusCode);
      clock.advance(100_000);
    }
    expect(clock.now().getTime() - new Date('2026-03-02T09:00:00Z').getTime()).toBeLessThan(60 * MINUTE);
    expect(statuses).toEqual(Array(60).fill(201));

    // Within the same hour the address keeps a retry per customer, and no more.
    const more: number[] = [];
    for (let n = 60; n < 121; n++) more.push((await send(n)).statusCode);
    expect(more.slice(0, 60)).toEqual(Array(60).fill(201));
    expect(more[60]).toBe(429);
  });
});
