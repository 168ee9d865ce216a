import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { runConfined } from '../previews/sandbox.js';

/** What the printer is given: which pages, how many to a sheet, on what paper. */
export type PrintReadySpec = {
  source: 'pdf' | 'jpeg' | 'png';
  /** 1-based, inclusive, in the order they print; null for every page. */
  ranges: [number, number][] | null;
  nup: 1 | 2 | 4;
  /** The sheet in PDF points (portrait); null keeps the document's own page size. */
  sheet: [number, number] | null;
};

export type PrintReadyLimits = {
  timeoutMs: number;
  /** The child's RLIMIT_DATA. */
  memoryBytes: number;
  /** Largest PDF the child may write. */
  maxOutputBytes: number;
  /** Made at once on this instance; more wait, and past `maxWaiting` are told to come back. */
  concurrency: number;
  maxWaiting: number;
};

export type PrintReadyFailure = 'encrypted' | 'unreadable' | 'no-pages' | 'too-complex' | 'busy';
export type PrintReadyOutcome = { ok: true; pdf: Buffer; pages: number } | { ok: false; reason: PrintReadyFailure };

const CHILD = fileURLToPath(new URL('./print-ready-child.cjs', import.meta.url));
const ZAnswer = z.union([
  z.object({ pages: z.number().int().positive() }),
  z.object({ error: z.enum(['encrypted', 'unreadable', 'no-pages']) }),
]);

/** Paper names a rate card uses, in PDF points (1/72 in); others print on the document's own size. */
const SHEETS: Record<string, [number, number]> = {
  a3: [841.89, 1190.55],
  a4: [595.28, 841.89],
  a5: [419.53, 595.28],
  letter: [612, 792],
  legal: [612, 1008],
};
export const sheetOf = (paper: string): [number, number] | null => SHEETS[paper.trim().toLowerCase()] ?? null;

/**
 * Makes print-ready PDFs in a confined child process (print-ready-child.cjs): a file a stranger sent
 * is read by pdf-lib there, under a deadline, a memory rlimit and no network, never in the server.
 */
export class PrintReadyMaker {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limits: PrintReadyLimits,
    private readonly tmpRoot = tmpdir(),
  ) {}

  async make(write: (path: string) => Promise<void>, spec: PrintReadySpec): Promise<PrintReadyOutcome> {
    if (!(await this.slot())) return { ok: false, reason: 'busy' };
    const dir = await mkdtemp(join(this.tmpRoot, 'counterprint-print-'));
    try {
      const input = join(dir, 'input');
      const output = join(dir, 'output.pdf');
      await write(input);
      const { memoryBytes, maxOutputBytes, timeoutMs } = this.limits;
      const argv = [
        process.execPath,
        `--max-old-space-size=${Math.floor(memoryBytes / 2 / 1024 / 1024)}`,
        CHILD,
        input,
        output,
        JSON.stringify(spec),
      ];
      const run = await runConfined(argv, { timeoutMs, memory: { data: memoryBytes }, maxOutputBytes, isolateNetwork: true }, {});
      if (run.timedOut) return { ok: false, reason: 'too-complex' };
      const answer = ZAnswer.safeParse(parseLine(run.stdout));
      // No answer: the rlimit or the output cap ended it, which is the file's weight talking.
      if (!answer.success) return { ok: false, reason: 'too-complex' };
      if ('error' in answer.data) return { ok: false, reason: answer.data.error };
      return { ok: true, pdf: await readFile(output), pages: answer.data.pages };
    } finally {
      await rm(dir, { recursive: true, force: true });
      this.release();
    }
  }

  private async slot(): Promise<boolean> {
    if (this.running < this.limits.concurrency) {
      this.running++;
      return true;
    }
    if (this.waiting.length >= this.limits.maxWaiting) return false;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return true;
  }

  /** Hands the slot straight to the next in line, or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

function parseLine(stdout: string): unknown {
  try {
    return JSON.parse(stdout.split('\n')[0] ?? '');
  } catch {
    return undefined;
  }
}
