/**
 * Multi-instance fan-out of job events over LISTEN/NOTIFY. The NOTIFY payload
 * carries only ids and the action (PostgreSQL caps payloads at 8000 bytes, and
 * a job's row may change again before anyone reads it); every instance loads
 * the job itself and publishes to its own subscribers. The announcing instance
 * starts its load at once instead of waiting for its own NOTIFY to come back
 * (a round trip that was most of a lone subscriber's delay), and skips that echo
 * by the origin id in the payload.
 */
import { randomUUID } from 'node:crypto';
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
  /**
   * After a job is published, further events for it within this window share one publish at its end.
   * A 50-file job counts its pages file by file; without the window every staff screen got 50 updates.
   */
  settleMs?: number;
  /** Told of every event another instance announced, before any load (status pages listen here). */
  heard?: (jobId: string) => void;
}

/** Long enough to let a new job's first page counts join one update, short enough that staff do not notice. */
export const DEFAULT_SETTLE_MS = 200;

export interface JobFanout<Job extends object = object> {
  /**
   * Publishes to local subscribers and NOTIFYs the other instances. `job`, when the caller has just
   * written it, is published as is (after the current tick, so the caller's own response goes first).
   */
  announce(shopId: string, jobId: string, action: JobAction, job?: Job): Promise<void>;
  /** Resolves when every load started so far has been published (for tests and shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface Pending<Job> {
  /** Actions received since the current load started; they need a fresh load. */
  actions: JobAction[];
  /** The job as its announcer just wrote it, standing in for the first load. */
  snapshot?: Job;
  done: Promise<void>;
}

interface Event {
  shopId: string;
  jobId: string;
  action: JobAction;
  /** The announcing instance; absent in events from older instances. */
  origin?: string;
}

function parseEvent(payload: string): Event | undefined {
  try {
    const v = JSON.parse(payload) as Partial<Record<keyof Event, unknown>>;
    if (typeof v.shopId !== 'string' || typeof v.jobId !== 'string') return undefined;
    if (typeof v.action !== 'string' || !ACTIONS.has(v.action)) return undefined;
    const origin = typeof v.origin === 'string' ? v.origin : undefined;
    return { shopId: v.shopId, jobId: v.jobId, action: v.action as JobAction, origin };
  } catch {
    return undefined;
  }
}

export async function createJobFanout<Job extends object>(opts: JobFanoutOptions<Job>): Promise<JobFanout<Job>> {
  const channel = opts.channel ?? JOB_EVENTS_CHANNEL;
  const { loadJob, broker, logger } = opts;
  const settleMs = opts.settleMs ?? DEFAULT_SETTLE_MS;
  const pending = new Map<string, Pending<Job>>();
  const origin = randomUUID();

  /**
   * Loads coalesce per job: events arriving while a load is in flight, or within
   * the settle window after a publish, wait and then share one more load, so the
   * published job is never older than the newest event and a burst costs one
   * publish per window.
   */
  const run = async (key: string, shopId: string, jobId: string, entry: Pending<Job>): Promise<void> => {
    if (entry.snapshot) await new Promise((resolve) => setImmediate(resolve));
    while (entry.actions.length > 0) {
      const actions = entry.actions;
      entry.actions = [];
      let job: Job | null = null;
      try {
        job = entry.snapshot ?? (await loadJob(jobId));
        entry.snapshot = undefined;
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
      if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs).unref());
    }
    pending.delete(key);
  };

  const onEvent = (event: Event, snapshot?: Job) => {
    const key = `${event.shopId}\n${event.jobId}`;
    const entry = pending.get(key);
    if (entry) {
      entry.actions.push(event.action);
      return;
    }
    const fresh: Pending<Job> = { actions: [event.action], snapshot, done: Promise.resolve() };
    pending.set(key, fresh);
    fresh.done = run(key, event.shopId, event.jobId, fresh);
  };

  const unlisten = await opts.listen(channel, (payload) => {
    const event = parseEvent(payload);
    if (event?.origin === origin) return;
    if (event) {
      opts.heard?.(event.jobId);
      onEvent(event);
    } else logger?.warn({ payload: payload.slice(0, 200) }, 'realtime fan-out ignored a malformed event');
  });

  return {
    async announce(shopId, jobId, action, job) {
      const payload = JSON.stringify({ shopId, jobId, action, origin } satisfies Event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error('job event payload too large for NOTIFY');
      // Local subscribers do not depend on the database passing the NOTIFY back.
      onEvent({ shopId, jobId, action }, job);
      await opts.notify(channel, payload);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending.values()].map((p) => p.done));
    },
    close: () => unlisten(),
  };
}
