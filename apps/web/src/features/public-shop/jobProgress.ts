import type { TPublicJob } from '@counterprint/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { fetchJobByToken } from '../../api/publicJobs';

export const POLL_EVERY_MS = 2_000;
/** Conversion takes seconds; after this the customer has their number and the counter takes over. */
export const POLL_FOR_MS = 120_000;

type PublicFile = TPublicJob['files'][number];

/** A file the server can still prepare (thumbnail, pages): its conversion did not fail and can happen here. */
const canBePrepared = (file: PublicFile) => file.conversion !== 'failed' && file.conversion !== 'unavailable';

/** Gaps in the price that close by themselves: a count, a conversion, colour detection (a missing rate does not). */
const PENDING_GAPS: readonly (string | null)[] = ['pages', 'conversion', 'color'];

/**
 * Nothing more to wait for: the job is printing or left the queue, the server says every file is prepared
 * (`ready`; some kinds get no thumbnail), or no file is converting, every file that can have a
 * thumbnail has one and no price waits on a file that can still be prepared.
 */
export function settled(job: TPublicJob): boolean {
  if (job.status !== 'received' && job.status !== 'converting') return true;
  const waiting = new Set(job.estimate.lines.filter((l) => PENDING_GAPS.includes(l.missing)).map((l) => l.fileId));
  if (job.files.some((f) => waiting.has(f.id) && canBePrepared(f))) return false;
  return job.files.every((f) => f.conversion !== 'converting' && (f.thumbnailUrl !== null || !canBePrepared(f)));
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
