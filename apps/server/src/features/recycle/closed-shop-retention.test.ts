import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, pngBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp, testClock } from '../../../test/support/harness.js';
import { type Db, queryRows } from '../../db/index.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const WEEKDAY_HOURS = { open: '09:30', close: '20:00' };
/** Closed on Sundays (docs/product/rules.md#retention): Monday opens at 9:30 AM India time, 04:00 UTC. */
const CLOSED_SUNDAYS = {
  timeZone: 'Asia/Kolkata',
  weeklyHours: { ...Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d) => [d, WEEKDAY_HOURS])), sun: null },
};
const NO_HOURS = {
  timeZone: 'Asia/Kolkata',
  weeklyHours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, null])),
};
/** Sunday 22 November 2026, 7:00 PM in Kolkata. */
const SUNDAY_EVENING = new Date('2026-11-22T13:30:00Z');
const MONDAY_OPENING = new Date('2026-11-23T04:00:00Z');

describe.each(DATABASE_KINDS)('unprinted retention counted from the shop opening on %s', (kind) => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-20T10:00:00Z'));
  let closedSundays: Awaited<ReturnType<typeof ownerWithShop>>;
  let noHours: Awaited<ReturnType<typeof ownerWithShop>>;
  let closedToday: Awaited<ReturnType<typeof ownerWithShop>>;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, env: { RATE_LIMIT: 'off', UNPRINTED_RETENTION: '86400', RECYCLE_RETENTION: '3600' } });
    closedSundays = await ownerWithShop(t.app, 'sunday@example.com', { shopName: 'Closed Sundays' });
    noHours = await ownerWithShop(t.app, 'no-hours@example.com', { shopName: 'No Hours' });
    closedToday = await ownerWithShop(t.app, 'closed-today@example.com', { shopName: 'Closed Today', primaryColor: '#7c3aed' });
    for (const [owner, hours] of [
      [closedSundays, CLOSED_SUNDAYS],
      [noHours, NO_HOURS],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/settings/hours', headers: owner.auth, payload: hours });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  const db = () => t.deps.database.db as Db;
  const sendAt = async (slug: string, at: Date) => {
    clock.set(at);
    const res = await upload(t.app, slug, [{ name: 'files', filename: 'pass.png', data: pngBytes() }]);
    expect(res.statusCode, res.body).toBe(201);
    return json(res) as { jobId: string; token: string };
  };
  const statusPage = async (token: string) => json(await t.app.inject({ method: 'GET', url: `/api/public/jobs/${token}` }));
  const sweepAt = async (at: Date) => {
    clock.set(at);
    await t.app.services.sweeper.sweep();
  };
  const stateOf = async (jobId: string) =>
    (
      await queryRows<{ status: string; file_state: string; expires_at: Date | string | null }>(
        db(),
        sql`SELECT j.status, f.state AS file_state, f.expires_at FROM jobs j JOIN job_files f ON f.job_id = j.id WHERE j.id = ${jobId}`,
      )
    )[0]!;

  it('keeps a file sent on a closed Sunday evening the full window after Monday opens, and the status page tells that time', async () => {
    const { jobId, token } = await sendAt(closedSundays.shop.slug, SUNDAY_EVENING);
    const binAt = new Date(MONDAY_OPENING.getTime() + 24 * HOUR);
    const goneAt = new Date(binAt.getTime() + HOUR);
    expect((await statusPage(token)).deleteAt).toBe(goneAt.toISOString());

    // 24 hours after the upload, and a minute before the window after the opening ends: still in the queue.
    await sweepAt(new Date(SUNDAY_EVENING.getTime() + 24 * HOUR + MIN));
    expect((await stateOf(jobId)).status).toBe('queued');
    await sweepAt(new Date(binAt.getTime() - MIN));
    expect((await stateOf(jobId)).status).toBe('queued');
    expect((await statusPage(token)).deleteAt).toBe(goneAt.toISOString());

    await sweepAt(binAt);
    const recycled = await stateOf(jobId);
    expect(recycled).toMatchObject({ status: 'cancelled', file_state: 'recycled' });
    expect(new Date(recycled.expires_at!).toISOString()).toBe(goneAt.toISOString());
    expect((await statusPage(token)).deleteAt).toBe(goneAt.toISOString());

    await sweepAt(goneAt);
    expect((await stateOf(jobId)).file_state).toBe('purged');
    expect((await statusPage(token)).deletedAt).toBe(goneAt.toISOString());
  });

  it('a shop with no opening hours keeps the window from the upload', async () => {
    const { jobId, token } = await sendAt(noHours.shop.slug, SUNDAY_EVENING);
    const binAt = new Date(SUNDAY_EVENING.getTime() + 24 * HOUR);
    expect((await statusPage(token)).deleteAt).toBe(new Date(binAt.getTime() + HOUR).toISOString());
    await sweepAt(new Date(binAt.getTime() - MIN));
    expect((await stateOf(jobId)).status).toBe('queued');
    await sweepAt(binAt);
    expect(await stateOf(jobId)).toMatchObject({ status: 'cancelled', file_state: 'recycled' });
  });

  it('a file sent on a day the owner closed the shop waits the full window after the next day opens', async () => {
    // Wednesday 25 November, 11:30 AM in Kolkata: inside the default hours (9:30 AM – 8:00 PM every day).
    const wednesdayMorning = new Date('2026-11-25T06:00:00Z');
    clock.set(wednesdayMorning);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'closed-today@example.com', password: 'passw0rd-ok' },
    });
    const auth = { authorization: String(signin.headers.authorization) };
    const closed = await t.app.inject({ method: 'PUT', url: '/api/settings/closed-today', headers: auth, payload: { closedToday: true } });
    expect(closed.statusCode, closed.body).toBe(200);
    const { jobId, token } = await sendAt(closedToday.shop.slug, wednesdayMorning);
    const thursdayOpening = new Date('2026-11-26T04:00:00Z');
    const page = await statusPage(token);
    expect(page.deleteAt).toBe(new Date(thursdayOpening.getTime() + 25 * HOUR).toISOString());
    expect(page.shopColor).toBe('#7c3aed');
    await sweepAt(new Date(wednesdayMorning.getTime() + 24 * HOUR + MIN));
    expect((await stateOf(jobId)).status).toBe('queued');
    await sweepAt(new Date(thursdayOpening.getTime() + 24 * HOUR));
    expect((await stateOf(jobId)).status).toBe('cancelled');
  });
});
