import type { TJob } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { appendOlder, mergeLoaded, totalSheets } from '../../api/jobs';
import { sheetBandClass, statusChip } from '../../components/JobStatus';
import { timeAgo } from '../../lib/format';
import { makeJob } from '../../test/fixtures';
import { applyLiveMessage, filterJobs, isNewArrival } from './liveJobs';

const a = makeJob({ id: 'a', number: 1, createdAt: '2026-03-02T10:00:00.000Z' });
const b = makeJob({ id: 'b', number: 2, createdAt: '2026-03-02T11:00:00.000Z' });
const list: TJob[] = [b, a];

describe('live job list (docs/product/rules.md#realtime)', () => {
  it("prepends a 'created' job", () => {
    const c = makeJob({ id: 'c', number: 3, createdAt: '2026-03-02T12:00:00.000Z' });
    expect(applyLiveMessage(list, { action: 'created', job: c }).map((j) => j.id)).toEqual(['c', 'b', 'a']);
  });

  it("does not add a 'created' job that is already there", () => {
    expect(applyLiveMessage(list, { action: 'created', job: { ...a, customerName: 'Changed' } })).toBe(list);
  });

  it("replaces an 'updated' job by id, in place", () => {
    const done = { ...a, status: 'done' as const };
    const next = applyLiveMessage(list, { action: 'updated', job: done });
    expect(next.map((j) => j.id)).toEqual(['b', 'a']);
    expect(next[1]).toBe(done);
  });

  it("inserts an 'updated' job it does not hold, in time order (restored from the recycle bin)", () => {
    const between = makeJob({ id: 'r', createdAt: '2026-03-02T10:30:00.000Z' });
    expect(applyLiveMessage(list, { action: 'updated', job: between }).map((j) => j.id)).toEqual(['b', 'r', 'a']);
    const oldest = makeJob({ id: 'o', createdAt: '2026-03-01T09:00:00.000Z' });
    expect(applyLiveMessage(list, { action: 'updated', job: oldest }).map((j) => j.id)).toEqual(['b', 'a', 'o']);
  });

  it('keeps a job staff are printing, or its customer says they paid for, in the queue with its new fields (issue 20)', () => {
    const printing = { ...a, printingAt: '2026-03-02T10:20:00.000Z', paymentClaimedAt: '2026-03-02T10:25:00.000Z', statusPath: '/j/x' };
    const next = applyLiveMessage(list, { action: 'updated', job: printing });
    expect(next[1]).toEqual(printing);
    expect(filterJobs(next, 'queue', '').map((j) => j.id)).toEqual(['b', 'a']);
  });

  it("removes a 'deleted' job, and ignores one it does not hold", () => {
    expect(applyLiveMessage(list, { action: 'deleted', job: a }).map((j) => j.id)).toEqual(['b']);
    expect(applyLiveMessage(list, { action: 'deleted', job: makeJob({ id: 'zzz' }) })).toBe(list);
  });

  it('ignores messages without an action or a job', () => {
    for (const message of [
      null,
      'created',
      42,
      {},
      { action: 'created' },
      { job: a },
      { action: 'created', job: null },
      { action: 'created', job: { number: 1 } },
    ]) {
      expect(applyLiveMessage(list, message)).toBe(list);
    }
  });

  it('changes nothing for an unknown action', () => {
    expect(applyLiveMessage(list, { action: 'archived', job: makeJob({ id: 'x' }) })).toBe(list);
    expect(applyLiveMessage(list, { action: 'archived', job: a })).toBe(list);
  });

  it('calls a job new only when it is created and not yet in the list', () => {
    const c = makeJob({ id: 'c' });
    expect(isNewArrival(list, { action: 'created', job: c })).toBe(c);
    expect(isNewArrival(list, { action: 'created', job: a })).toBeNull();
    expect(isNewArrival(list, { action: 'updated', job: c })).toBeNull();
  });

  it('keeps jobs that arrived live while a reload was out', () => {
    const arrived = makeJob({ id: 'n', createdAt: '2026-03-02T12:00:00.000Z' });
    expect(mergeLoaded([b, a], [arrived, b, a]).map((j) => j.id)).toEqual(['n', 'b', 'a']);
    // A job the reload no longer lists and that is older than its newest is not resurrected.
    expect(mergeLoaded([b], [b, a]).map((j) => j.id)).toEqual(['b']);
    expect(mergeLoaded([b, a], undefined)).toEqual([b, a]);
  });
});

describe('older pages', () => {
  it('appends a page of older jobs, skipping any already shown, and keeps the same array when nothing is new', () => {
    const shown = [makeJob({ id: 'a' }), makeJob({ id: 'b' })];
    expect(appendOlder(shown, [makeJob({ id: 'b' }), makeJob({ id: 'c' })]).map((j) => j.id)).toEqual(['a', 'b', 'c']);
    expect(appendOlder(shown, [makeJob({ id: 'a' })])).toBe(shown);
  });
});

describe('queue tabs and search', () => {
  const now = new Date('2026-03-02T15:00:00');
  const printedToday = makeJob({
    id: 'p',
    status: 'done',
    printedAt: new Date('2026-03-02T12:00:00').toISOString(),
    customerName: 'Ravi',
    customerPhone: '+91 99000 11111',
  });
  const printedYesterday = makeJob({ id: 'y', status: 'done', printedAt: new Date('2026-03-01T12:00:00').toISOString() });
  const cancelled = makeJob({ id: 'c', status: 'cancelled' });
  const all = [a, printedToday, printedYesterday, cancelled];

  it('shows queued jobs in Queue, today’s prints in Printed today, everything in All', () => {
    expect(filterJobs(all, 'queue', '', now).map((j) => j.id)).toEqual(['a']);
    expect(filterJobs(all, 'printedToday', '', now).map((j) => j.id)).toEqual(['p']);
    expect(filterJobs(all, 'all', '', now)).toHaveLength(4);
  });

  it('searches by customer name (any case) or phone (spaces and + ignored)', () => {
    expect(filterJobs(all, 'all', 'rAv', now).map((j) => j.id)).toEqual(['p']);
    expect(filterJobs(all, 'all', '9900011', now).map((j) => j.id)).toEqual(['p']);
    expect(filterJobs(all, 'all', '98450 123', now).map((j) => j.id)).toEqual(['a', 'y', 'c']);
    expect(filterJobs(all, 'all', 'nobody', now)).toEqual([]);
  });

  it('says how long ago in words', () => {
    const t = Date.parse('2026-03-02T10:00:00Z');
    expect(timeAgo('2026-03-02T10:00:00Z', t + 10_000)).toBe('just now');
    expect(timeAgo('2026-03-02T10:00:00Z', t + 5 * 60_000)).toBe('5 min ago');
    expect(timeAgo('2026-03-02T10:00:00Z', t + 3 * 3_600_000)).toBe('3 h ago');
    expect(timeAgo('2026-03-02T10:00:00Z', t + 26 * 3_600_000)).toBe('yesterday');
  });
});

describe('sheet totals and colour bands (docs/product/screens.md#live-print-jobs)', () => {
  it("shows the job's sheets as the server counted them, never a sum of its own", () => {
    expect(totalSheets(makeJob({ id: 's' }, [3, 10, 0]))).toBe(13);
    // A printed job whose files were deleted: the server kept what it took; the files say nothing.
    const printed = makeJob({ id: 't', status: 'done', files: [], paper: { sheets: 11, sides: 22, uncounted: 0 } }, []);
    expect(totalSheets(printed)).toBe(11);
  });

  it('is grey at 0, green under 100, orange under 500, red from 500', () => {
    expect(sheetBandClass(0)).toContain('slate');
    expect(sheetBandClass(1)).toContain('emerald');
    expect(sheetBandClass(99)).toContain('emerald');
    expect(sheetBandClass(100)).toContain('orange');
    expect(sheetBandClass(499)).toContain('orange');
    expect(sheetBandClass(500)).toContain('red');
  });

  it('styles done, queued and cancelled; anything else is neutral; missing means done', () => {
    expect(statusChip('done').label).toBe('Printed');
    expect(statusChip('queued').className).toContain('amber');
    expect(statusChip('cancelled').className).toContain('red');
    expect(statusChip('paused')).toEqual({ label: 'paused', className: expect.stringContaining('slate') });
    expect(statusChip(undefined).label).toBe('Printed');
  });
});
