/**
 * The customer's recent jobs on this phone: a walk-in customer has no account, so the job links
 * live here, for the shop page's "Your recent jobs here". Storage may be full, blocked or written
 * by an older version; none of that may stop an upload or a status page.
 */
export const RECENT_JOBS_KEY = 'counterprint.recentJobs';
export const RECENT_JOBS_MAX = 10;
/** A job's files are deleted within a day or so; a week covers a customer who comes back for a receipt. */
export const RECENT_JOBS_DAYS = 7;

export interface RecentJob {
  token: string;
  number: number;
  shopName: string;
  shopSlug: string;
  /** When it was sent or last looked at (ISO). */
  at: string;
}

const DAY_MS = 86_400_000;

function isRecentJob(value: unknown): value is RecentJob {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === 'string' &&
    v.token !== '' &&
    typeof v.number === 'number' &&
    typeof v.shopName === 'string' &&
    typeof v.shopSlug === 'string' &&
    typeof v.at === 'string' &&
    !Number.isNaN(Date.parse(v.at))
  );
}

/** Newest first, at most RECENT_JOBS_MAX, none older than RECENT_JOBS_DAYS; whatever is unreadable is left out. */
export function readRecentJobs(now = Date.now()): RecentJob[] {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(RECENT_JOBS_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  return stored
    .filter(isRecentJob)
    .filter((j) => now - Date.parse(j.at) < RECENT_JOBS_DAYS * DAY_MS)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    .slice(0, RECENT_JOBS_MAX);
}

/** Puts the job first (once, however often it is seen) and drops what is too old or too many. */
export function rememberJob(job: Omit<RecentJob, 'at'>, now = Date.now()): void {
  const entry: RecentJob = { ...job, at: new Date(now).toISOString() };
  const jobs = [entry, ...readRecentJobs(now).filter((j) => j.token !== job.token)].slice(0, RECENT_JOBS_MAX);
  try {
    localStorage.setItem(RECENT_JOBS_KEY, JSON.stringify(jobs));
  } catch {
    // Full or blocked (a private tab): the job still has its link, just not on this list.
  }
}

export const recentJobsAt = (shopSlug: string, now = Date.now()) => readRecentJobs(now).filter((j) => j.shopSlug === shopSlug);
