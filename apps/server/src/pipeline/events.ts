import type { Logger } from 'pino';

/** A queue's turn: files of one sending address wait behind each other, not behind another address's (conversion/queue.ts). */
export type PipelineTurn = { shopId: string; address: string };

/** What staff screens and status pages are told of a job. */
export type JobChange = 'created' | 'updated' | 'deleted';

/**
 * The job events, in the order a job meets them. Each names what happened, never what should follow:
 * the follow-ups are listed in one place (follow-ups.ts).
 */
export type JobEvents = {
  /** A new job was written from an upload: its files are stored and it is in the staff queue. */
  created: { shopId: string; jobId: string };
  /** Files were stored in a job (a new one, or files its customer added): they wait to be counted and prepared. */
  filesStored: { turn: PipelineTurn; jobId: string; fileIds: string[]; pdfIds: string[] };
  /** A PDF's pages were counted (or found uncountable). */
  pagesCounted: { shopId: string; jobId: string };
  /** A file was prepared: converted, previewed, its colour pages found. */
  prepared: { shopId: string; jobId: string };
  /** Files' print options changed; `autoColor` files need their colour pages. */
  optionsChanged: { shopId: string; jobId: string; autoColor: string[] };
  /** Every copy of a job's files is gone. */
  purged: { jobId: string };
  /** The job's deletion receipt was signed. */
  receiptIssued: { shopId: string; jobId: string };
  /** Anything staff or the customer see of the job changed. */
  changed: { shopId: string; jobId: string; change: JobChange };
  /** Another instance told of a change to a job (realtime/fanout.ts carries it). */
  changedElsewhere: { jobId: string };
};

export type JobEvent = keyof JobEvents;
export type FollowUp<E extends JobEvent> = (payload: JobEvents[E]) => unknown;
export type FollowUps = { [E in JobEvent]: FollowUp<E>[] };

/** What a feature is given to tell the pipeline of an event; it never learns what follows. */
export interface JobEventSink {
  emit<E extends JobEvent>(event: E, payload: JobEvents[E]): Promise<void>;
}

/**
 * Runs an event's follow-ups one after another, in their listed order. A follow-up that fails is
 * logged and the next still runs: one subscriber's failure never stops the others or the emitter.
 */
export class JobPipeline implements JobEventSink {
  private followUps?: FollowUps;

  constructor(private readonly logger: Pick<Logger, 'warn'>) {}

  /** For features that only say a job changed (features/recycle, background/, features/printers). */
  readonly announcer = (shopId: string, jobId: string, change: JobChange): void => void this.emit('changed', { shopId, jobId, change });

  /** Set once, when every part the follow-ups call is built (app.ts). */
  wire(followUps: FollowUps): void {
    this.followUps = followUps;
  }

  /** Resolves when every follow-up has run; follow-ups that answer at once run before this returns. */
  emit<E extends JobEvent>(event: E, payload: JobEvents[E]): Promise<void> {
    return this.runFrom((this.followUps?.[event] ?? []) as FollowUp<E>[], 0, event, payload);
  }

  // Synchronous follow-ups (enqueueing a file) run in the emitter's own tick, before its answer is sent.
  private runFrom<E extends JobEvent>(list: FollowUp<E>[], first: number, event: E, payload: JobEvents[E]): Promise<void> {
    const failed = (err: unknown) => this.logger.warn({ err: String(err), event }, 'job event follow-up failed');
    for (let i = first; i < list.length; i++) {
      let result: unknown;
      try {
        result = list[i]!(payload);
      } catch (err) {
        failed(err);
        continue;
      }
      if (result instanceof Promise) return result.catch(failed).then(() => this.runFrom(list, i + 1, event, payload));
    }
    return Promise.resolve();
  }
}
