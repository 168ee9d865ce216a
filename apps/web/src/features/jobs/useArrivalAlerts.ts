import type { TJob } from '@counterprint/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { showIconCount } from '../../lib/faviconBadge';
import { startChime } from './arrivalAlerts';
import { queueTitle, unopenedJobs } from './liveJobs';
import { useAcknowledgedJobs } from './queuePrefs';

/** The tab title counts queued jobs not yet opened here, so a counter in another tab sees them arrive. */
function useQueueTitle(unopened: number) {
  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
      void showIconCount(0);
    };
  }, []);
  useEffect(() => {
    document.title = queueTitle(unopened);
    void showIconCount(unopened);
  }, [unopened]);
}

/** Keeps chiming while `waiting`; `arrivals` going up starts it again at once, for the job just in. */
function useChime(waiting: boolean, arrivals: number) {
  useEffect(() => {
    if (!waiting) return;
    // Read so a new arrival restarts the chime: its first beep is for that job.
    void arrivals;
    return startChime();
  }, [waiting, arrivals]);
}

export type ArrivalAlerts = {
  /** Queued jobs nobody opened or acknowledged here: what the chime is for. */
  waiting: TJob[];
  acknowledge: () => void;
  /** Call when a job arrives live. */
  arrived: () => void;
};

/**
 * Issue 22: a new job is never missed. Until each queued job is opened or acknowledged at this
 * counter, the chime repeats every 20 s; the title and the tab's icon count the unopened jobs.
 */
export function useArrivalAlerts(jobs: TJob[], opened: ReadonlySet<string>): ArrivalAlerts {
  const [acknowledged, addAcknowledged] = useAcknowledgedJobs();
  const [arrivals, setArrivals] = useState(0);
  const unopened = useMemo(() => unopenedJobs(jobs, opened), [jobs, opened]);
  const waiting = useMemo(() => unopened.filter((j) => !acknowledged.has(j.id)), [unopened, acknowledged]);
  useQueueTitle(unopened.length);
  useChime(waiting.length > 0, arrivals);
  const acknowledge = useCallback(() => addAcknowledged(waiting.map((j) => j.id)), [addAcknowledged, waiting]);
  const arrived = useCallback(() => setArrivals((n) => n + 1), []);
  return { waiting, acknowledge, arrived };
}
