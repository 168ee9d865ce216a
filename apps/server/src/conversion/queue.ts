export type ConversionQueueOptions = {
  /** Conversions running at once; each is one soffice using about one core. */
  concurrency: number;
  /** Conversions waiting, over all shops; one more is refused with ConversionQueueFull. */
  maxQueued: number;
  /** Conversions one uploading address may have waiting, over all shops; one more is refused with ConversionQueueFull. */
  maxQueuedPerAddress?: number;
  /** Milliseconds now, to account how long each turn took (tests pass their own). */
  now?: () => number;
};

/** Whose work a conversion is: the shop it was sent to and the uploading address (keyed, quota.ts clientKeyOf). */
export type Turn = { shopId: string; address: string };

/** The queue is full, or the address has its share waiting: the caller keeps the file waiting and offers it again later. */
export class ConversionQueueFull extends Error {
  constructor(readonly byAddress = false) {
    super(byAddress ? 'this address has its share of conversions waiting' : 'conversion queue is full');
  }
}

export class ConversionQueueStopped extends Error {
  constructor() {
    super('conversion queue stopped');
  }
}

type Waiting = {
  address: string;
  task: () => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
};

/**
 * At most `concurrency` conversions at once, and both shops and uploading addresses take turns
 * (docs/decisions/056-conversion-turns-per-address.md). Each shop's conversions wait in its own line;
 * a shop runs one conversion at a time and so does an address, whatever shops it sent to; of the
 * waiting lines, the next turn goes to the address that has spent the least conversion time so far,
 * then the shop that has, then the shop served longest ago. So one shop's pile of heavy documents
 * delays that shop only (decision 013), and one sender's heavy documents spread over many shops hold
 * one slot, not all of them.
 */
export class ConversionQueue {
  /** Per shop, its conversions in the order they came. */
  private readonly lines = new Map<string, Waiting[]>();
  /** When each shop with work was last served, so the one served longest ago goes next. */
  private readonly lastServed = new Map<string, number>();
  private served = 0;
  /** Milliseconds of turns taken by each shop and address with work queued or running; forgotten once it has none. */
  private readonly spentByShop = new Map<string, number>();
  private readonly spentByAddress = new Map<string, number>();
  private readonly queuedByAddress = new Map<string, number>();
  private readonly roomWaiters: (() => void)[] = [];
  private readonly busyShops = new Set<string>();
  private readonly busyAddresses = new Set<string>();
  private queued = 0;
  private running = 0;
  private stopped = false;
  private readonly now: () => number;

  constructor(private readonly options: ConversionQueueOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): { running: number; queued: number } {
    return { running: this.running, queued: this.queued };
  }

  /** Runs `task` when a slot and its turn come; refuses at once when the queue, or the address's share of it, is full. */
  run<T>(turn: Turn, task: () => Promise<T>): Promise<T> {
    if (this.stopped) return Promise.reject(new ConversionQueueStopped());
    if (this.queued >= this.options.maxQueued) return Promise.reject(new ConversionQueueFull());
    const mine = this.queuedByAddress.get(turn.address) ?? 0;
    if (mine >= (this.options.maxQueuedPerAddress ?? Number.POSITIVE_INFINITY)) return Promise.reject(new ConversionQueueFull(true));
    return new Promise<T>((resolve, reject) => {
      const waiting: Waiting = { address: turn.address, task, resolve: resolve as (v: unknown) => void, reject };
      const line = this.lines.get(turn.shopId);
      if (line) line.push(waiting);
      else this.lines.set(turn.shopId, [waiting]);
      this.queuedByAddress.set(turn.address, mine + 1);
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
    this.queuedByAddress.clear();
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

  /** Of each idle shop's first conversion from an idle address, the one whose address, then shop, spent least, then the shop served longest ago. */
  private nextTurn(): { shopId: string; waiting: Waiting } | undefined {
    let pick: { shopId: string; index: number; rank: number[] } | undefined;
    for (const [shopId, line] of this.lines) {
      if (this.busyShops.has(shopId)) continue;
      const index = line.findIndex((w) => !this.busyAddresses.has(w.address));
      if (index < 0) continue;
      const address = line[index]!.address;
      const rank = [this.spentByAddress.get(address) ?? 0, this.spentByShop.get(shopId) ?? 0, this.lastServed.get(shopId) ?? -1];
      if (!pick || before(rank, pick.rank)) pick = { shopId, index, rank };
    }
    if (!pick) return undefined;
    const line = this.lines.get(pick.shopId)!;
    const [waiting] = line.splice(pick.index, 1) as [Waiting];
    if (line.length === 0) this.lines.delete(pick.shopId);
    this.lastServed.set(pick.shopId, ++this.served);
    const left = (this.queuedByAddress.get(waiting.address) ?? 1) - 1;
    if (left > 0) this.queuedByAddress.set(waiting.address, left);
    else this.queuedByAddress.delete(waiting.address);
    this.queued--;
    this.roomWaiters.shift()?.();
    return { shopId: pick.shopId, waiting };
  }

  private async start(shopId: string, w: Waiting): Promise<void> {
    this.running++;
    this.busyShops.add(shopId);
    this.busyAddresses.add(w.address);
    const started = this.now();
    try {
      w.resolve(await w.task());
    } catch (err) {
      w.reject(err);
    } finally {
      this.running--;
      this.busyShops.delete(shopId);
      this.busyAddresses.delete(w.address);
      const took = Math.max(0, this.now() - started);
      this.spentByShop.set(shopId, (this.spentByShop.get(shopId) ?? 0) + took);
      this.spentByAddress.set(w.address, (this.spentByAddress.get(w.address) ?? 0) + took);
      if (!this.lines.has(shopId)) {
        this.lastServed.delete(shopId);
        this.spentByShop.delete(shopId);
      }
      if (!this.queuedByAddress.has(w.address)) this.spentByAddress.delete(w.address);
      this.pump();
    }
  }
}

/** Lexicographic order of two ranks of equal length. */
function before(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}
