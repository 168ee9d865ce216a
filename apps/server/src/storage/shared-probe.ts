/**
 * One write probe shared by everyone who asks at about the same time: callers arriving while a probe
 * runs get its answer, and a success is trusted for `trustMs` after the probe began (past half of
 * that, the next caller starts a fresh probe in the background and is answered from the trusted one).
 * A failure is never reused, and `forget()` (a real write found the store unwritable) ends the trust at
 * once. See docs/decisions/065-shared-blob-probe.md.
 */
export class SharedProbe {
  private running: Promise<boolean> | undefined;
  private okSince = Number.NEGATIVE_INFINITY;
  /** Bumped by `forget()`: a probe begun before it neither answers later callers nor restores the trust. */
  private generation = 0;

  constructor(
    private readonly probe: () => Promise<boolean>,
    private readonly opts: { trustMs: number; now?: () => number },
  ) {}

  check(): Promise<boolean> {
    const age = this.now() - this.okSince;
    if (age < this.opts.trustMs) {
      if (age >= this.opts.trustMs / 2) void this.run();
      return Promise.resolve(true);
    }
    return this.run();
  }

  forget(): void {
    this.okSince = Number.NEGATIVE_INFINITY;
    this.running = undefined;
    this.generation++;
  }

  private run(): Promise<boolean> {
    if (this.running) return this.running;
    const startedAt = this.now();
    const generation = this.generation;
    const run = this.probe()
      .catch(() => false)
      .then((ok) => {
        if (generation !== this.generation) return ok;
        this.running = undefined;
        this.okSince = ok ? startedAt : Number.NEGATIVE_INFINITY;
        return ok;
      });
    this.running = run;
    return run;
  }

  private now(): number {
    return this.opts.now?.() ?? performance.now();
  }
}
