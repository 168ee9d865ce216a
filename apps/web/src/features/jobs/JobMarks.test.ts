import type { TJob } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { makeJob } from '../../test/fixtures';
import { clockTime, hasMarks, paymentClaimed, printingSince } from './JobMarks';

describe("a queued job's marks (issue 20)", () => {
  it('tells the time of day today, and the day too before today', () => {
    const now = new Date(2026, 2, 3, 9, 0);
    expect(clockTime(new Date(2026, 2, 3, 14, 2).toISOString(), now)).toBe('14:02');
    expect(clockTime(new Date(2026, 2, 2, 8, 5).toISOString(), now)).toBe('2 Mar, 08:05');
  });

  it('marks printing and a payment claim only while the job is queued', () => {
    const job = makeJob({ id: 'j', printingAt: '2026-03-02T10:20:00.000Z', paymentClaimedAt: '2026-03-02T10:25:00.000Z' });
    expect([printingSince(job), paymentClaimed(job), hasMarks(job)]).toEqual([
      '2026-03-02T10:20:00.000Z',
      '2026-03-02T10:25:00.000Z',
      true,
    ]);
    for (const status of ['done', 'cancelled'] as const) {
      const left = { ...job, status };
      expect([printingSince(left), paymentClaimed(left), hasMarks(left)], status).toEqual([null, null, false]);
    }
  });

  it('takes a job from a server older than issue 20, without the fields, as unmarked', () => {
    const { printingAt: _p, paymentClaimedAt: _c, statusPath: _s, ...older } = makeJob({ id: 'j' });
    expect(hasMarks(older as TJob)).toBe(false);
  });
});
