import type { TPublicJob } from '@counterprint/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { fetchJobByToken } from '../../api/shops';

export const POLL_EVERY_MS = 2_000;
/** Conversion takes seconds; after this the customer has their number and the counter takes over. */
export const POLL_FOR_MS = 120_000;

type PublicFile = TPublicJob['files'][number];

/** A file that may still get a thumbnail: one whose conversion did not fail or cannot happen here. */
const mayGetThumbnail = (file: PublicFile) => file.conversion !== 'failed' && file.conversion !== 'unavailable';

/**
 * Nothing more to wait for: the server says every file is prepared (`ready`; some kinds get no
 * thumbnail), no file converting and every file that can have a thumbnail has one, or the job left the queue.
 */
export function settled(job: TPublicJob): boolean {
  if (job.status === 'ready' || job.status === 'printed' || job.status === 'cancelled') return true;
  return job.files.every((f) => f.conversion !== 'converting' && (f.thumbnailUrl !== null || !mayGetThumbnail(f)));
}

/** Answers that will not change by asking again; a rate limit or a server error may. */
const REFUSED = [400, 403, 404, 410];

/**
 * Follows the customer's job by its token every 2 s until it has settled, for at most 2 minutes, and not
 * after the page is left. A dropped answer on mobile data is tried again at the next tick; a refusal
 * (an unknown token) ends it.
 */
export function useJobProgress(token: string | undefined): TPublicJob | null {
  const [job, setJob] = useState<TPublicJob | null>(null);
  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    const until = Date.now() + POLL_FOR_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      if (Date.now() + POLL_EVERY_MS <= until) timer = setTimeout(poll, POLL_EVERY_MS);
    };
    const poll = async () => {
      try {
        const answer = await fetchJobByToken(token, abort.signal);
        if (abort.signal.aborted) return;
        setJob(answer);
        if (!settled(answer)) next();
      } catch (err) {
        const refused = err instanceof ApiError && REFUSED.includes(err.status);
        if (!abort.signal.aborted && !refused) next();
      }
    };
    timer = setTimeout(poll, POLL_EVERY_MS);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [token]);
  return job;
}
