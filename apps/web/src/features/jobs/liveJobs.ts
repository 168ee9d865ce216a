import { LIVE_ACTIONS, type TJob, type TLiveJobMessage } from '@counterprint/contract';
import { isToday } from '../../lib/format';
import { titleFor } from '../../lib/screenTitles';

type LiveAction = TLiveJobMessage['action'];

/**
 * Reads a realtime message without zod (it would more than double the /printJob chunk): a message
 * needs an action and a job with an id; anything else is ignored (docs/product/rules.md#realtime).
 */
export function readLiveMessage(raw: unknown): { action: string; job: TJob } | null {
  if (!raw || typeof raw !== 'object') return null;
  const { action, job } = raw as { action?: unknown; job?: unknown };
  if (typeof action !== 'string' || !job || typeof job !== 'object') return null;
  if (typeof (job as { id?: unknown }).id !== 'string') return null;
  return { action, job: job as TJob };
}

const isLiveAction = (action: string): action is LiveAction => (LIVE_ACTIONS as readonly string[]).includes(action);

/**
 * docs/product/rules.md#realtime: 'created' prepends unless present, 'updated' replaces by id, 'deleted' removes.
 * An 'updated' job we do not hold is inserted: a job restored from the recycle bin comes back so.
 * Answers the same array when nothing changes, so React skips the render.
 */
export function applyLiveMessage(jobs: TJob[], raw: unknown): TJob[] {
  const message = readLiveMessage(raw);
  if (!message || !isLiveAction(message.action)) return jobs;
  const { action, job } = message;
  const at = jobs.findIndex((j) => j.id === job.id);
  switch (action) {
    case 'created':
      return at >= 0 ? jobs : [job, ...jobs];
    case 'updated':
      return at >= 0 ? jobs.map((j, i) => (i === at ? job : j)) : insertByTime(jobs, job);
    case 'deleted':
      return at >= 0 ? jobs.filter((j) => j.id !== job.id) : jobs;
  }
}

/** Keeps the list newest first when a job comes back out of order. */
function insertByTime(jobs: TJob[], job: TJob): TJob[] {
  const at = jobs.findIndex((j) => j.createdAt < job.createdAt);
  return at < 0 ? [...jobs, job] : [...jobs.slice(0, at), job, ...jobs.slice(at)];
}

/** True when a message is a job we have not seen yet: the moment to beep and notify. */
export function isNewArrival(jobs: TJob[], raw: unknown): TJob | null {
  const message = readLiveMessage(raw);
  if (message?.action !== 'created' || jobs.some((j) => j.id === message.job.id)) return null;
  return message.job;
}

/** Files whose pages the server could not count: the sheet total leaves them out. */
export const uncountedFiles = (job: TJob): number => job.files.filter((f) => f.pagesStatus === 'uncountable').length;

export type JobTab = 'queue' | 'printedToday' | 'all';

export const JOB_TABS: { id: JobTab; label: string }[] = [
  { id: 'queue', label: 'Queue' },
  { id: 'printedToday', label: 'Printed today' },
  { id: 'all', label: 'All' },
];

const digits = (s: string) => s.replace(/\D/g, '');

/** Search by customer name or phone (docs/product/screens.md#live-print-jobs); a phone matches with or without spaces. */
export function filterJobs(jobs: TJob[], tab: JobTab, search: string, now = new Date()): TJob[] {
  const text = search.trim().toLowerCase();
  const number = digits(text);
  return jobs.filter((job) => {
    if (tab === 'queue' && job.status !== 'queued') return false;
    if (tab === 'printedToday' && !(job.status === 'done' && isToday(job.printedAt, now))) return false;
    if (!text) return true;
    if (job.customerName?.toLowerCase().includes(text)) return true;
    return number.length > 0 && digits(job.customerPhone ?? '').includes(number);
  });
}

export type QueueOrder = 'oldest' | 'newest';

/**
 * The counter works through the queue in arrival order, so the oldest job comes first by default;
 * 'newest' is the order the server sends. A copy: the cached list stays newest first.
 */
export function orderJobs(jobs: TJob[], order: QueueOrder): TJob[] {
  const sign = order === 'oldest' ? 1 : -1;
  return [...jobs].sort((a, b) => sign * a.createdAt.localeCompare(b.createdAt));
}

/** Queued jobs nobody has opened at this counter yet: the count in the tab title. */
export const unopenedJobs = (jobs: TJob[], opened: ReadonlySet<string>): TJob[] =>
  jobs.filter((j) => j.status === 'queued' && !opened.has(j.id));

/** The queue's tab title, "(2) Print — Counterprint": the count first, so a tab in the background shows it. */
export const queueTitle = (unopened: number): string => {
  const title = titleFor('/printJob') ?? 'Counterprint';
  return unopened > 0 ? `(${unopened}) ${title}` : title;
};
