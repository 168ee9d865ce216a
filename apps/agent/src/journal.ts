import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { UnsupportedOption } from './print.js';

/** One file of one Counterprint job: a print command for it must reach the printer once. */
export type JournalKey = { jobId: string; fileId: string };

type EntryBase = JournalKey & {
  printerUri: string;
  /** The job's name at the printer, with a tag of its own so the job can be found again. */
  ippJobName: string;
  /** The print command that sent it (entries written before engines may lack it). */
  commandId?: string;
  at: string;
};

/** How the printer ended the job, and for which print command: that command repeated is only reported again. */
export type JournalOutcome = { commandId: string; state: 'completed' | 'aborted' | 'canceled'; reasons: string[]; message: string | null };

/**
 * 'sending': Print-Job is under way or was cut off, so the printer may or may not hold the job.
 * 'submitted': the printer took it as job `ippJobId`; `outcome` once it ended.
 */
export type JournalEntry =
  | (EntryBase & { phase: 'sending' })
  | (EntryBase & {
      phase: 'submitted';
      ippJobId: number;
      status: string;
      unsupported: UnsupportedOption[];
      outcome?: JournalOutcome;
    });

export class JournalError extends Error {
  override readonly name = 'JournalError';
}

/**
 * What this agent has sent to its printers, one small JSON file per job file, written to a temporary
 * file, flushed and renamed over the old one, so a crash leaves the old entry or the new, never half of one.
 * One agent process per directory: calls for the same key are run one after another within the process.
 */
export class Journal {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(readonly dir: string) {}

  async read(key: JournalKey): Promise<JournalEntry | null> {
    let raw: string;
    try {
      raw = await readFile(this.file(key), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const entry = JSON.parse(raw) as JournalEntry;
      if (entry.jobId === key.jobId && entry.fileId === key.fileId && (entry.phase === 'sending' || entry.phase === 'submitted'))
        return entry;
    } catch {}
    // Refusing beats guessing: a guess could print the file twice.
    throw new JournalError(`The journal entry ${this.file(key)} cannot be read; remove it to print this file again`);
  }

  async record(entry: JournalEntry): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const target = this.file(entry);
    const temporary = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(`${JSON.stringify(entry)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
    await this.syncDirectory();
  }

  /** Notes how a submitted job ended, unless its entry has gone meanwhile. */
  finish(key: JournalKey, outcome: JournalOutcome): Promise<void> {
    return this.exclusive(key, async () => {
      const entry = await this.read(key);
      if (entry?.phase === 'submitted') await this.record({ ...entry, outcome, at: new Date().toISOString() });
    });
  }

  /** Drops a key's entry, so its next print command prints (a refused job, or a deliberate reprint). */
  async forget(key: JournalKey): Promise<void> {
    await rm(this.file(key), { force: true });
    await this.syncDirectory();
  }

  /** Removes entries and crash leftovers older than `ageMs`; returns how many files went. */
  async prune(ageMs: number, now = Date.now()): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names.filter((n) => n.endsWith('.json') || n.endsWith('.tmp'))) {
      const file = path.join(this.dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > ageMs) {
        await rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /** Runs `work` after every earlier call for the same key has ended. */
  exclusive<T>(key: JournalKey, work: () => Promise<T>): Promise<T> {
    const name = this.name(key);
    const previous = this.queues.get(name) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => {});
    this.queues.set(name, settled);
    void settled.then(() => {
      if (this.queues.get(name) === settled) this.queues.delete(name);
    });
    return next;
  }

  private name(key: JournalKey): string {
    return createHash('sha256').update(`${key.jobId}\n${key.fileId}`).digest('hex').slice(0, 32);
  }

  private file(key: JournalKey): string {
    return path.join(this.dir, `${this.name(key)}.json`);
  }

  // The rename is durable only once the directory is flushed; Windows cannot open a directory, and needs not.
  private async syncDirectory(): Promise<void> {
    const handle = await open(this.dir, 'r').catch(() => null);
    if (!handle) return;
    try {
      await handle.sync();
    } catch {
    } finally {
      await handle.close();
    }
  }
}
