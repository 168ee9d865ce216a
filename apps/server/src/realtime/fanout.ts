/**
 * Multi-instance fan-out of job events over LISTEN/NOTIFY. The NOTIFY payload
 * carries only ids and the action (PostgreSQL caps payloads at 8000 bytes, and
 * a job's row may change again before anyone reads it); every instance,
 * including the announcing one, loads the job itself and publishes to its own
 * subscribers. PGlite delivers NOTIFY to listeners in the same process, so the
 * path is identical on both databases.
 */
import type { RealtimeLogger } from './broker.js';

export type JobAction = 'created' | 'updated' | 'deleted';

export const JOB_EVENTS_CHANNEL = 'job_events';
const ACTIONS: ReadonlySet<string> = new Set<JobAction>(['created', 'updated', 'deleted']);
const MAX_PAYLOAD_BYTES = 7999;

export interface JobFanoutOptions<Job extends object> {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** The job as staff should see it, or null if it no longer exists. */
  loadJob(jobId: string): Promise<Job | null>;
  broker: { publish(shopId: string, body: object): number };
  logger?: RealtimeLogger;
  channel?: string;
}

export interface JobFanout {
  /** NOTIFYs the event; delivery to local subscribers also goes through the listener. */
  announce(shopId: string, jobId: string, action: JobAction): Promise<void>;
  /** Resolves when every load started so far has been published (for tests and shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface Pending {
  /** Actions received since the current load started; they need a fresh load. */
  actions: JobAction[];
  done: Promise<void>;
}

interface Event {
  shopId: string;
  jobId: string;
  action: JobAction;
}

function parseEvent(payload: string): Event | undefined {
  try {
    const v = JSON.parse(payload) as Partial<Record<keyof Event, unknown>>;
    if (typeof v.shopId !== 'string' || typeof v.jobId !== 'string') return undefined;
    if (typeof v.action !== 'string' || !ACTIONS.has(v.action)) return undefined;
    return { shopId: v.shopId, jobId: v.jobId, action: v.action as JobAction };
  } catch {
    return undefined;
  }
}

export async function createJobFanout<Job extends object>(opts: JobFanoutOptions<Job>): Promise<JobFanout> {
  const channel = opts.channel ?? JOB_EVENTS_CHANNEL;
  const { loadJob, broker, logger } = opts;
  const pending = new Map<string, Pending>();

  /**
   * Loads coalesce per job: events arriving while a load is in flight wait for
   * it to finish and then share one more load, so the published job is never
   * older than the newest event, and a burst costs at most two loads.
   */
  const run = async (key: string, shopId: string, jobId: string, entry: Pending): Promise<void> => {
    while (entry.actions.length > 0) {
      const actions = entry.actions;
      entry.actions = [];
      let job: Job | null = null;
      try {
        job = await loadJob(jobId);
      } catch (err) {
        logger?.warn({ err: String(err), jobId }, 'realtime fan-out could not load job');
        if (!actions.includes('deleted')) continue;
      }
      let last: JobAction | undefined;
      for (const action of actions) {
        if (action === last) continue;
        last = action;
        // A deleted job may be gone from the table; its id is all a client needs to drop it.
        const body = job ?? (action === 'deleted' ? { id: jobId } : null);
        if (body) broker.publish(shopId, { action, job: body });
      }
    }
    pending.delete(key);
  };

  const onEvent = (event: Event) => {
    const key = `${event.shopId}\n${event.jobId}`;
    const entry = pending.get(key);
    if (entry) {
      entry.actions.push(event.action);
      return;
    }
    const fresh: Pending = { actions: [event.action], done: Promise.resolve() };
    pending.set(key, fresh);
    fresh.done = run(key, event.shopId, event.jobId, fresh);
  };

  const unlisten = await opts.listen(channel, (payload) => {
    const event = parseEvent(payload);
    if (event) onEvent(event);
    else logger?.warn({ payload: payload.slice(0, 200) }, 'realtime fan-out ignored a malformed event');
  });

  return {
    async announce(shopId, jobId, action) {
      const payload = JSON.stringify({ shopId, jobId, action } satisfies Event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error('job event payload too large for NOTIFY');
      await opts.notify(channel, payload);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending.values()].map((p) => p.done));
    },
    close: () => unlisten(),
  };
}
