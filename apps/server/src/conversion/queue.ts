export type ConversionQueueOptions = {
  /** Conversions running at once; each is one soffice using about one core. */
  concurrency: number;
  /** Conversions waiting, over all shops; one more is refused with ConversionQueueFull. */
  maxQueued: number;
};

/** The queue is full: the caller keeps the file waiting and offers it again later. */
export class ConversionQueueFull extends Error {
  constructor() {
    super('conversion queue is full');
  }
}

export class ConversionQueueStopped extends Error {
  constructor() {
    super('conversion queue stopped');
  }
}

type Waiting = { task: () => Promise<unknown>; resolve: (v: unknown) => void; reject: (e: unknown) => void };

/**
 * At most `concurrency` conversions at once, and shops take turns: each shop's conversions wait in
 * its own line, lines are served round-robin, and a shop runs one conversion at a time, so one
 * shop's pile of heavy documents delays that shop only (the same rule as page counts, decision 013).
 */
export class ConversionQueue {
  /** Per shop, its conversions in the order they came. */
  private readonly lines = new Map<string, Waiting[]>();
  /** When each shop with work was last served, so the one served longest ago goes next. */
  private readonly lastServed = new Map<string, number>();
  private served = 0;
  private readonly roomWaiters: (() => void)[] = [];
  private readonly busyShops = new Set<string>();
  private queued = 0;
  private running = 0;
  private stopped = false;

  constructor(private readonly options: ConversionQueueOptions) {}

  get size(): { running: number; queued: number } {
    return { running: this.running, queued: this.queued };
  }

  /** Runs `task` when a slot and the shop's turn come; refuses at once when the queue is full. */
  run<T>(shopId: string, task: () => Promise<T>): Promise<T> {
    if (this.stopped) return Promise.reject(new ConversionQueueStopped());
    if (this.queued >= this.options.maxQueued) return Promise.reject(new ConversionQueueFull());
    return new Promise<T>((resolve, reject) => {
      const waiting: Waiting = { task, resolve: resolve as (v: unknown) => void, reject };
      const line = this.lines.get(shopId);
      if (line) line.push(waiting);
      else this.lines.set(shopId, [waiting]);
      this.queued++;
      this.pump();
    });
  }

  /** Resolves once one more conversion would be accepted: back-pressure for a caller that would rather wait. */
  whenRoom(): Promise<void> {
    if (this.stopped || this.queued < this.options.maxQueued) return Promise.resolve();
    return new Promise((resolve) => this.roomWaiters.push(resolve));
  }

  /** Refuses everything still waiting; conversions already running finish. */
  stop(): void {
    this.stopped = true;
    for (const line of this.lines.values()) for (const w of line) w.reject(new ConversionQueueStopped());
    this.lines.clear();
    this.lastServed.clear();
    this.queued = 0;
    for (const wake of this.roomWaiters.splice(0)) wake();
  }

  private pump(): void {
    while (!this.stopped && this.running < Math.max(1, this.options.concurrency)) {
      const next = this.nextTurn();
      if (!next) return;
      void this.start(next.shopId, next.waiting);
    }
  }

  /** The waiting shop served longest ago (or never), that is not converting already. */
  private nextTurn(): { shopId: string; waiting: Waiting } | undefined {
    let pick: string | undefined;
    for (const shopId of this.lines.keys()) {
      if (this.busyShops.has(shopId)) continue;
      if (pick === undefined || (this.lastServed.get(shopId) ?? -1) < (this.lastServed.get(pick) ?? -1)) pick = shopId;
    }
    if (pick === undefined) return undefined;
    const line = this.lines.get(pick)!;
    const waiting = line.shift()!;
    if (line.length === 0) this.lines.delete(pick);
    this.lastServed.set(pick, ++this.served);
    this.queued--;
    this.roomWaiters.shift()?.();
    return { shopId: pick, waiting };
  }

  private async start(shopId: string, w: Waiting): Promise<void> {
    this.running++;
    this.busyShops.add(shopId);
    try {
      w.resolve(await w.task());
    } catch (err) {
      w.reject(err);
    } finally {
      this.running--;
      this.busyShops.delete(shopId);
      if (!this.lines.has(shopId)) this.lastServed.delete(shopId);
      this.pump();
    }
  }
}
