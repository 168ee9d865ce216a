import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { z } from 'zod';
import { freeNow } from '../../storage/stream-util.js';

/** Why a file's pages could not be counted; stored as is (job_files.page_count_error). */
export const UNCOUNTABLE_REASONS = [
  'over-budget',
  'page-tree-not-a-tree',
  'no-pages',
  'unreadable',
  'timed-out',
  'crashed',
  'interrupted',
] as const;
export type UncountableReason = (typeof UNCOUNTABLE_REASONS)[number];
const ZOutcome = z.union([z.object({ pages: z.number().int().positive() }), z.object({ uncountable: z.enum(UNCOUNTABLE_REASONS) })]);
export type CountOutcome = z.infer<typeof ZOutcome>;

export type PageCountLimits = {
  /** Wall clock for one file, from its first byte sent to the answer; then the child is killed. */
  timeoutMs: number;
  /** The child's data-size rlimit (heap, buffers, everything it maps privately). */
  memoryBytes: number;
  /** Decoded bytes of one stream, and of all streams of one file (page-count-child.cjs). */
  maxStreamBytes: number;
  maxFileBytes: number;
};

const CHILD = fileURLToPath(new URL('./page-count-child.cjs', import.meta.url));
const PRLIMIT = '/usr/bin/prlimit';
let warnedNoPrlimit = false;

type Child = ChildProcessByStdio<Writable, Readable, null>;

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/**
 * One page-counting child process, reused file after file while it behaves and killed the moment it
 * does not (decision 013). Its answer arrives as one JSON line per file.
 */
export class CountSlot {
  private child: Child | undefined;
  private pending: { child: Child; resolve: (o: CountOutcome) => void } | undefined;

  constructor(
    private readonly limits: PageCountLimits,
    private readonly logger: Logger,
  ) {}

  get running(): boolean {
    return this.child !== undefined;
  }

  /**
   * Sends one file and waits for its outcome, never longer than the timeout. Throws only when the
   * blob could not be read (the file's fault is an outcome, ours is an error).
   */
  async count(stream: AsyncIterable<Buffer>, size: number): Promise<CountOutcome> {
    if (size === 0) return { uncountable: 'unreadable' };
    const child = this.child ?? this.spawn();
    const outcome = new Promise<CountOutcome>((resolve) => {
      this.pending = { child, resolve };
    });
    const timer = setTimeout(() => this.fail(child, 'timed-out'), this.limits.timeoutMs);
    try {
      await this.send(child, stream, size).catch((err) => {
        this.fail(child, 'crashed');
        throw err;
      });
      return await outcome;
    } finally {
      clearTimeout(timer);
      this.pending = undefined;
    }
  }

  /** Ends the child; a count in progress answers 'crashed'. */
  close(): void {
    if (this.child) this.fail(this.child, 'crashed');
  }

  private async send(child: Child, stream: AsyncIterable<Buffer>, size: number): Promise<void> {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(size);
    const write = async (b: Buffer, done?: () => void) => {
      if (this.child === child && !child.stdin.write(b, done)) await drainedOrClosed(child.stdin);
    };
    await write(head);
    let sent = 0;
    for await (const c of stream) {
      sent += c.length;
      if (sent > size) throw new Error('blob is longer than its size');
      // Once in the pipe, the piece is the child's: free it then (decision 009), not when write()
      // returns, which may be before the pipe took it.
      await write(c, () => freeNow(c));
      if (this.child !== child) return;
    }
    if (sent < size) throw new Error('blob is shorter than its size');
  }

  private spawn(): Child {
    const { memoryBytes, maxStreamBytes, maxFileBytes } = this.limits;
    const node = [
      process.execPath,
      `--max-old-space-size=${Math.floor(memoryBytes / 2 / 1024 / 1024)}`,
      CHILD,
      String(maxStreamBytes),
      String(maxFileBytes),
    ];
    // RLIMIT_DATA rather than RLIMIT_AS: V8 reserves far more address space than it ever touches.
    const argv = existsSync(PRLIMIT) ? [PRLIMIT, `--data=${memoryBytes}`, '--', ...node] : node;
    if (argv[0] !== PRLIMIT && !warnedNoPrlimit) {
      warnedNoPrlimit = true;
      this.logger.warn('prlimit not found: the page counter runs without a memory rlimit');
    }
    // An empty environment: the server's secrets have no business near a hostile file.
    const child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'ignore'], env: {} });
    this.child = child;
    let lines = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      lines += text;
      for (let nl = lines.indexOf('\n'); nl >= 0; nl = lines.indexOf('\n')) {
        this.answer(child, lines.slice(0, nl));
        lines = lines.slice(nl + 1);
      }
    });
    child.stdin.on('error', () => this.fail(child, 'crashed'));
    child.on('exit', () => this.fail(child, 'crashed'));
    child.on('error', (err) => {
      this.logger.warn({ err: String(err) }, 'page counter child failed to start');
      this.fail(child, 'crashed');
    });
    return child;
  }

  private answer(child: Child, line: string): void {
    const parsed = ZOutcome.safeParse(parseJson(line));
    if (!parsed.success) this.fail(child, 'crashed');
    else if (this.pending?.child === child) this.pending.resolve(parsed.data);
  }

  /** Kills the child (and forgets it, if it is still this slot's) and answers the count it was doing. */
  private fail(child: Child, reason: UncountableReason): void {
    if (this.child === child) this.child = undefined;
    child.kill('SIGKILL');
    if (this.pending?.child === child) this.pending.resolve({ uncountable: reason });
  }
}

/** Waits for the pipe to drain or close, and leaves no listener behind (one per wait leaked before). */
function drainedOrClosed(stdin: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stdin.off('drain', done).off('close', done);
      resolve();
    };
    stdin.once('drain', done).once('close', done);
  });
}
