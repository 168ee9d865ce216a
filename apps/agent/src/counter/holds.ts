import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A printer whose last job came out short: its next job waits until staff confirm. */
export type Hold = { printer: string; jobId: string; fileId: string; message: string; at: string };

/**
 * Printers on hold, one small file each beside the journal, so a hold outlives a restart and the
 * `confirm` command of another process releases it.
 */
export class PrinterHolds {
  constructor(readonly dir: string) {}

  async get(printer: string): Promise<Hold | null> {
    try {
      return JSON.parse(await readFile(this.file(printer), 'utf8')) as Hold;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      // An unreadable hold still holds: guessing could print onto a jammed printer.
      return { printer, jobId: '', fileId: '', message: 'The printer’s last job may have jammed', at: '' };
    }
  }

  async hold(hold: Hold): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = this.file(hold.printer);
    await writeFile(`${file}.tmp`, `${JSON.stringify(hold)}\n`);
    await rename(`${file}.tmp`, file);
  }

  /** Staff confirmed the printer is fine; answers whether it was on hold. */
  async release(printer: string): Promise<boolean> {
    const held = (await this.get(printer)) !== null;
    await rm(this.file(printer), { force: true });
    return held;
  }

  private file(printer: string): string {
    return path.join(this.dir, `${createHash('sha256').update(printer).digest('hex').slice(0, 32)}.hold.json`);
  }
}
