import type { Logger } from 'pino';
import type { PageCounter } from '../features/preparation/page-counter.js';
import type { FilePreparer } from '../features/preparation/preparer.js';
import type { OrphanReaper } from './orphan-reaper.js';
import type { RetentionSweeper } from './retention-sweeper.js';

export type BackgroundWork = { stop(): Promise<void> };

/** Runs the sweeper every `sweepMs` and the reaper every `reapMs`; one run of each at a time. */
export function startBackgroundWork(d: {
  sweeper: RetentionSweeper;
  reaper: OrphanReaper;
  pageCounter: PageCounter;
  /** Resumed at start, then every minute: files a full queue left waiting in the database. */
  preparer: FilePreparer;
  logger: Logger;
  /** Keeps planner statistics fresh where no autovacuum does (PGlite). */
  analyze?: () => Promise<unknown>;
  sweepMs?: number;
  reapMs?: number;
}): BackgroundWork {
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<unknown> = Promise.resolve();
  const every = (ms: number, name: string, task: () => Promise<unknown>, firstDelayMs: number) => {
    let busy = false;
    const run = async () => {
      if (busy) return;
      busy = true;
      const p = task()
        .catch((err) => d.logger.warn({ err: String(err), task: name }, 'background task failed'))
        .finally(() => {
          busy = false;
        });
      running = Promise.all([running, p]);
      await p;
    };
    const first = setTimeout(run, firstDelayMs);
    const repeat = setInterval(run, ms);
    first.unref();
    repeat.unref();
    timers.push(first, repeat);
  };
  if (d.analyze) every(60_000, 'planner statistics', d.analyze, 500);
  every(d.sweepMs ?? 10_000, 'retention sweep', () => d.sweeper.sweep(), 1_000);
  every(d.reapMs ?? 60 * 60 * 1000, 'orphan reap', () => d.reaper.reap(), 30_000);
  every(60_000, 'file preparation', () => d.preparer.resume(), 0);
  void d.pageCounter.resume().catch((err) => d.logger.warn({ err: String(err) }, 'page count resume failed'));
  return {
    stop: async () => {
      for (const t of timers) clearTimeout(t);
      await running;
    },
  };
}
