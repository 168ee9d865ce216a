type Task = () => Promise<void>;

/** Pushes in flight, a few at a time, with a bounded backlog; tasks are expected to settle on their own. */
export class Deliveries {
  private running = 0;
  private readonly waiting: Task[] = [];
  private readonly tracked = new Set<Promise<void>>();
  private idlers: (() => void)[] = [];
  private closed = false;

  constructor(private readonly limits: { concurrency: number; backlog: number }) {}

  /** False when closed or the backlog is full: the task is dropped. */
  add(task: Task): boolean {
    if (this.closed || this.waiting.length >= this.limits.backlog) return false;
    this.waiting.push(task);
    this.pump();
    return true;
  }

  /** Work that will add tasks (reading who to tell) counts as busy until it settles. */
  track(work: Promise<void>): void {
    const done = work
      .catch(() => {})
      .finally(() => {
        this.tracked.delete(done);
        this.settle();
      });
    this.tracked.add(done);
  }

  /** Nothing new is taken; what waits is dropped; what runs finishes. */
  close(): void {
    this.closed = true;
    this.waiting.length = 0;
    this.settle();
  }

  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idlers.push(resolve));
  }

  private isIdle(): boolean {
    return this.running === 0 && this.waiting.length === 0 && this.tracked.size === 0;
  }

  private pump(): void {
    while (this.running < this.limits.concurrency && this.waiting.length > 0) {
      const task = this.waiting.shift()!;
      this.running++;
      task()
        .catch(() => {})
        .finally(() => {
          this.running--;
          this.pump();
          this.settle();
        });
    }
  }

  private settle(): void {
    if (!this.isIdle()) return;
    const idlers = this.idlers;
    this.idlers = [];
    for (const resolve of idlers) resolve();
  }
}
