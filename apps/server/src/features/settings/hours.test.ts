import { DEFAULT_WEEKLY_HOURS } from '@counterprint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, pngBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp, type TestClock, testClock } from '../../../test/support/harness.js';
import { DETAILS_TTL_MS } from '../public-shop/details.js';

type Owner = Awaited<ReturnType<typeof ownerWithShop>>;

// 2026-11-24 is a Tuesday; 04:30 UTC is 10:00 AM in Asia/Kolkata.
const TUESDAY_10_AM_IST = new Date('2026-11-24T04:30:00Z');

describe.each(DATABASE_KINDS)('settings: opening hours, time zone and closed today on %s', (kind) => {
  let t: TestApp;
  let clock: TestClock;
  let a: Owner;
  let b: Owner;
  /** Signs in again at the test clock's time (it jumps hours, past a bearer's life). */
  const bearerOf = async (owner: Owner) => {
    const email = owner === a ? `hours-a-${kind}@example.com` : `hours-b-${kind}@example.com`;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: 'passw0rd-ok' } });
    return { authorization: String(res.headers.authorization) };
  };
  const call = async (owner: Owner | null, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: owner ? await bearerOf(owner) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const hoursUrl = (o: Owner) => `/api/settings/hours?shopId=${o.shop.id}`;
  const closedUrl = (o: Owner) => `/api/settings/closed-today?shopId=${o.shop.id}`;
  const settingsOf = async (o: Owner) => json(await call(o, 'GET', `/api/settings?shopId=${o.shop.id}`)).hours;
  /** The public page as a customer sees it at `at`; each call is more than the details cache's second from the last. */
  let last = 0;
  const publicAt = async (o: Owner, at: Date) => {
    expect(Math.abs(at.getTime() - last)).toBeGreaterThan(DETAILS_TTL_MS);
    last = at.getTime();
    clock.set(at);
    return json(await t.app.inject({ method: 'GET', url: `/api/public/shops/${o.shop.slug}/details` }));
  };
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    clock = testClock(TUESDAY_10_AM_IST);
    t = await createTestApp({ kind, clock, env: { RATE_LIMIT: 'off' } });
    a = await ownerWithShop(t.app, `hours-a-${kind}@example.com`, { shopName: 'Alpha Prints' });
    b = await ownerWithShop(t.app, `hours-b-${kind}@example.com`, { shopName: 'Beta Prints' });
  });
  afterAll(async () => t?.close());

  it('starts every shop on 9:30 AM – 8:00 PM every day in Asia/Kolkata, open on Tuesday at 10 AM', async () => {
    expect(await settingsOf(a)).toEqual({ timeZone: 'Asia/Kolkata', weeklyHours: DEFAULT_WEEKLY_HOURS, closedToday: false });
    expect(await publicAt(a, TUESDAY_10_AM_IST)).toMatchObject({
      isOpen: true,
      openNow: true,
      closedToday: false,
      timeZone: 'Asia/Kolkata',
      closesAt: { time: '8:00 PM', at: '2026-11-24T14:30:00.000Z' },
      opensAt: null,
    });
  });

  it('saves hours and time zone (in PostgreSQL spelling) and reads them back; the public page follows them', async () => {
    const weeklyHours = { ...DEFAULT_WEEKLY_HOURS, tue: { open: '11:00', close: '19:00' }, sun: null };
    const res = await call(a, 'PUT', hoursUrl(a), { timeZone: 'asia/kolkata', weeklyHours });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ timeZone: 'Asia/Kolkata', weeklyHours, closedToday: false });
    expect(await settingsOf(a)).toEqual({ timeZone: 'Asia/Kolkata', weeklyHours, closedToday: false });
    expect(await publicAt(a, at('2026-11-24T04:45:00Z'))).toMatchObject({
      openNow: false,
      opensAt: { time: '11:00 AM', day: 'today', at: '2026-11-24T05:30:00.000Z' },
    });
    expect(await publicAt(a, at('2026-11-24T14:00:00Z'))).toMatchObject({
      openNow: false,
      opensAt: { time: '9:30 AM', day: 'tomorrow', at: '2026-11-25T04:00:00.000Z' },
    });

    const london = await call(a, 'PUT', hoursUrl(a), { timeZone: 'Europe/London', weeklyHours });
    expect(json(london).timeZone).toBe('Europe/London');
    // 10:20 in Kolkata is 04:50 in London: closed until 11:00 GMT.
    expect(await publicAt(a, at('2026-11-24T04:50:00Z'))).toMatchObject({
      openNow: false,
      timeZone: 'Europe/London',
      opensAt: { time: '11:00 AM', day: 'today', at: '2026-11-24T11:00:00.000Z' },
    });
    await call(a, 'PUT', hoursUrl(a), { timeZone: 'Asia/Kolkata', weeklyHours: DEFAULT_WEEKLY_HOURS });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus', weeklyHours: DEFAULT_WEEKLY_HOURS }, 'timeZone must be a time zone like Asia/Kolkata'],
    [{ timeZone: '', weeklyHours: DEFAULT_WEEKLY_HOURS }, 'timeZone must be a time zone like Asia/Kolkata'],
    [{ timeZone: "Asia/Kolkata'; --", weeklyHours: DEFAULT_WEEKLY_HOURS }, 'timeZone must be a time zone like Asia/Kolkata'],
    [{ weeklyHours: DEFAULT_WEEKLY_HOURS }, 'timeZone must be a time zone like Asia/Kolkata'],
    [
      { timeZone: 'Asia/Kolkata', weeklyHours: { ...DEFAULT_WEEKLY_HOURS, mon: { open: '9:30', close: '20:00' } } },
      'weeklyHours.mon.open must be a time like 09:30',
    ],
    [
      { timeZone: 'Asia/Kolkata', weeklyHours: { ...DEFAULT_WEEKLY_HOURS, wed: { open: '09:30', close: '24:00' } } },
      'weeklyHours.wed.close must be a time like 09:30',
    ],
    [
      { timeZone: 'Asia/Kolkata', weeklyHours: { ...DEFAULT_WEEKLY_HOURS, fri: { open: '20:00', close: '09:30' } } },
      'weeklyHours.fri.close must be after weeklyHours.fri.open',
    ],
    [
      { timeZone: 'Asia/Kolkata', weeklyHours: { ...DEFAULT_WEEKLY_HOURS, sat: { open: '10:00', close: '10:00' } } },
      'weeklyHours.sat.close must be after weeklyHours.sat.open',
    ],
    [
      { timeZone: 'Asia/Kolkata', weeklyHours: { ...DEFAULT_WEEKLY_HOURS, sun: undefined } },
      'weeklyHours.sun must be {open, close} or null',
    ],
    [{ timeZone: 'Asia/Kolkata' }, 'weeklyHours must name every weekday (mon … sun)'],
  ])('refuses hours %j with 400 naming the field: %s', async (payload, message) => {
    const res = await call(a, 'PUT', hoursUrl(a), payload);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: message, code: 'VALIDATION' });
    expect(await settingsOf(a)).toEqual({ timeZone: 'Asia/Kolkata', weeklyHours: DEFAULT_WEEKLY_HOURS, closedToday: false });
  });

  it('closed today shows on the public page, still takes uploads, and ends by itself at the shop midnight', async () => {
    const res = await call(a, 'PUT', closedUrl(a), { closedToday: true });
    expect(res.statusCode).toBe(200);
    expect(json(res).closedToday).toBe(true);
    expect(await publicAt(a, at('2026-11-24T05:00:00Z'))).toMatchObject({
      isOpen: false,
      openNow: false,
      closedToday: true,
      closesAt: null,
      opensAt: { time: '9:30 AM', day: 'tomorrow', at: '2026-11-25T04:00:00.000Z' },
    });
    const up = await upload(t.app, a.shop.slug, [{ name: 'files', filename: 'a.png', data: pngBytes() }]);
    expect(up.statusCode).toBe(201);
    // 18:30 UTC is midnight in Kolkata: a new day, no longer closed.
    expect(await publicAt(a, at('2026-11-24T18:30:00Z'))).toMatchObject({
      closedToday: false,
      opensAt: { time: '9:30 AM', day: 'today', at: '2026-11-25T04:00:00.000Z' },
    });
    expect((await settingsOf(a)).closedToday).toBe(false);
    expect(await publicAt(a, at('2026-11-25T04:30:00Z'))).toMatchObject({ openNow: true, closedToday: false });
  });

  it('reopens when the owner switches back', async () => {
    clock.set(new Date('2026-11-24T05:05:00Z'));
    await call(a, 'PUT', closedUrl(a), { closedToday: true });
    const res = await call(a, 'PUT', closedUrl(a), { closedToday: false });
    expect(json(res).closedToday).toBe(false);
    expect(await publicAt(a, at('2026-11-24T05:10:00Z'))).toMatchObject({ openNow: true, closedToday: false });
    const bad = await call(a, 'PUT', closedUrl(a), { closedToday: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ error: 'closedToday must be true or false', code: 'VALIDATION' });
  });

  it("refuses another shop's owner (403) and no token (401)", async () => {
    for (const [url, payload] of [
      [hoursUrl(a), { timeZone: 'Asia/Kolkata', weeklyHours: DEFAULT_WEEKLY_HOURS }],
      [closedUrl(a), { closedToday: true }],
    ] as const) {
      expect((await call(b, 'PUT', url, payload)).statusCode).toBe(403);
      expect((await call(null, 'PUT', url, payload)).statusCode).toBe(401);
    }
    expect((await settingsOf(a)).closedToday).toBe(false);
  });
});
