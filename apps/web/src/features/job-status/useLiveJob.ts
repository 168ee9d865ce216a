import { JOB_CHANGED_EVENT, jobEventsPath, type TPublicJob } from '@counterprint/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchJobByToken } from '../../api/publicJobs';

/** Where the browser has no EventSource, or the stream is refused or keeps failing: a phone must still see its job move. */
export const POLL_WITHOUT_EVENTS_MS = 10_000;
/** Stream errors in a row, none opened between them, before the page stops retrying the stream and polls. */
export const STREAM_FAILURES_BEFORE_POLLING = 3;

export interface LiveJob {
  job: TPublicJob | null;
  /** The last look failed: a 404 names an unknown link; anything else may pass. */
  error: unknown;
  refetch: () => void;
  /** An action's answer is the job as it now is: shown at once, and newer than any look still on its way. */
  replace: (job: TPublicJob) => void;
}

/**
 * The customer's job, kept current: the server's `changed` events say when to look again, and so
 * do coming back to the tab, coming back online and the stream (re)opening, because a phone that
 * slept misses events. Looks never overlap: one asked for during another runs right after it.
 */
export function useLiveJob(token: string): LiveJob {
  const [job, setJob] = useState<TPublicJob | null>(null);
  const [error, setError] = useState<unknown>(null);
  const running = useRef(false);
  const again = useRef(false);
  // Bumped by every answer shown, so a look that began before an action cannot undo it.
  const version = useRef(0);

  const refetch = useCallback(async () => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    do {
      again.current = false;
      const started = version.current;
      try {
        const answer = await fetchJobByToken(token);
        if (version.current === started) {
          version.current++;
          setJob(answer);
          setError(null);
        }
      } catch (err) {
        if (version.current === started) setError(err);
      }
    } while (again.current);
    running.current = false;
  }, [token]);

  const replace = useCallback((answer: TPublicJob) => {
    version.current++;
    setJob(answer);
    setError(null);
  }, []);

  useEffect(() => {
    void refetch();
  }, [refetch]);

  // Once the files are deleted nothing on the page changes again, and an unknown link never will.
  const finished = job?.status === 'deleted' || (error as { status?: number } | null)?.status === 404;

  useEffect(() => {
    if (finished) return;
    const look = () => void refetch();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') look();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', look);
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    const poll = () => {
      timer ??= setInterval(() => {
        if (document.visibilityState === 'visible') look();
      }, POLL_WITHOUT_EVENTS_MS);
    };
    if (typeof EventSource === 'function') {
      const events = new EventSource(jobEventsPath(token));
      source = events;
      let failures = 0;
      events.addEventListener(JOB_CHANGED_EVENT, look);
      events.addEventListener('open', () => {
        failures = 0;
        look();
      });
      // A refused stream (429: too many pages open on this network or for this job) is not retried by
      // the browser; one that keeps failing (a proxy dropping it) would be retried every 3 s for nothing.
      events.addEventListener('error', () => {
        failures++;
        if (events.readyState !== EventSource.CLOSED && failures < STREAM_FAILURES_BEFORE_POLLING) return;
        events.close();
        poll();
      });
    } else {
      poll();
    }
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', look);
      source?.close();
      clearInterval(timer);
    };
  }, [token, finished, refetch]);

  return { job, error, refetch: () => void refetch(), replace };
}
