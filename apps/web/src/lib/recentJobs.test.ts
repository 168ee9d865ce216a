import { describe, expect, it, vi } from 'vitest';
import { RECENT_JOBS_KEY, readRecentJobs, recentJobsAt, rememberJob } from './recentJobs';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const HOUR = 3_600_000;
const job = (n: number, shopSlug = 'print-hub') => ({ token: `token-${n}`, number: n, shopName: 'Print Hub', shopSlug });

describe('recent jobs on this phone', () => {
  it('keeps the last 10 jobs, newest first, each once', () => {
    for (let n = 1; n <= 12; n++) rememberJob(job(n), NOW + n * HOUR);
    rememberJob(job(5), NOW + 13 * HOUR);
    const jobs = readRecentJobs(NOW + 13 * HOUR);
    expect(jobs.map((j) => j.number)).toEqual([5, 12, 11, 10, 9, 8, 7, 6, 4, 3]);
    expect(jobs[0]).toEqual({ ...job(5), at: new Date(NOW + 13 * HOUR).toISOString() });
    expect(JSON.parse(localStorage.getItem(RECENT_JOBS_KEY)!)).toHaveLength(10);
  });

  it('drops jobs older than 7 days', () => {
    rememberJob(job(1), NOW);
    rememberJob(job(2), NOW + 2 * 24 * HOUR);
    expect(readRecentJobs(NOW + 7 * 24 * HOUR - 1).map((j) => j.number)).toEqual([2, 1]);
    expect(readRecentJobs(NOW + 7 * 24 * HOUR).map((j) => j.number)).toEqual([2]);
    rememberJob(job(3), NOW + 8 * 24 * HOUR);
    expect(JSON.parse(localStorage.getItem(RECENT_JOBS_KEY)!).map((j: { number: number }) => j.number)).toEqual([3, 2]);
  });

  it('lists the jobs of one shop', () => {
    rememberJob(job(1), NOW);
    rememberJob(job(2, 'copy-corner'), NOW);
    expect(recentJobsAt('copy-corner', NOW).map((j) => j.number)).toEqual([2]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"token":"x"}'],
    ['a list of junk', '[1, null, "x", {"token": 5}, {"token":"t","number":1,"shopName":"S","shopSlug":"s","at":"never"}]'],
  ])('reads corrupt storage (%s) as no jobs, and writes over it', (_label, stored) => {
    localStorage.setItem(RECENT_JOBS_KEY, stored);
    expect(readRecentJobs(NOW)).toEqual([]);
    rememberJob(job(1), NOW);
    expect(readRecentJobs(NOW).map((j) => j.number)).toEqual([1]);
  });

  it('keeps the good entries beside a bad one', () => {
    localStorage.setItem(RECENT_JOBS_KEY, JSON.stringify([{ nonsense: true }, { ...job(4), at: new Date(NOW).toISOString() }]));
    expect(readRecentJobs(NOW).map((j) => j.number)).toEqual([4]);
  });

  it('does not throw when storage refuses to write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => rememberJob(job(1), NOW)).not.toThrow();
    expect(readRecentJobs(NOW)).toEqual([]);
  });
});
