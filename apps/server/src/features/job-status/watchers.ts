/**
 * The status pages open on this instance, by job (issue 20). The realtime fan-out tells every instance
 * of every job change (realtime/fanout.ts), so a page learns of a change whichever instance made it.
 * Bounded: a network (one address) may hold `perAddress` pages open, one job `perJob` (a customer's
 * phone and a tab or two; clients at many addresses cannot pile every stream onto one token), the
 * instance `total`.
 */
export type WatcherLimits = { perAddress: number; perJob: number; total: number };

/** A job's streams on one instance: its customer's phone and a tab or two, with room to spare. */
export const STREAMS_PER_JOB = 6;

/** Why a page may not open a stream now; undefined when it may. */
export type NoRoom = 'instance' | 'address' | 'job' | undefined;

export class JobWatchers {
  private readonly byJob = new Map<string, Set<() => void>>();
  private readonly byAddress = new Map<string, number>();
  /** How to end each open page's stream, for a shutdown that must not wait 30 minutes for them. */
  private readonly enders = new Set<() => void>();
  private open = 0;

  constructor(private readonly limits: WatcherLimits) {}

  /** Which bound, if any, one more page of this job from this address would pass now. */
  noRoom(jobId: string, address: string): NoRoom {
    if (this.open >= this.limits.total) return 'instance';
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) return 'address';
    if ((this.byJob.get(jobId)?.size ?? 0) >= this.limits.perJob) return 'job';
    return undefined;
  }

  /** Calls `onChange` on each change of the job until the returned function is called; `end` closes the page's stream. */
  watch(jobId: string, address: string, onChange: () => void, end: () => void = () => {}): () => void {
    this.enders.add(end);
    const set = this.byJob.get(jobId) ?? new Set();
    this.byJob.set(jobId, set);
    set.add(onChange);
    this.open++;
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      this.enders.delete(end);
      this.open--;
      const n = (this.byAddress.get(address) ?? 1) - 1;
      if (n > 0) this.byAddress.set(address, n);
      else this.byAddress.delete(address);
      set.delete(onChange);
      if (set.size === 0) this.byJob.delete(jobId);
    };
  }

  changed(jobId: string): void {
    const set = this.byJob.get(jobId);
    if (!set) return;
    for (const onChange of set) onChange();
  }

  /** Ends every open stream (the browser reconnects, to another instance if this one is going). */
  closeAll(): void {
    for (const end of [...this.enders]) end();
  }

  get size(): number {
    return this.open;
  }
}
