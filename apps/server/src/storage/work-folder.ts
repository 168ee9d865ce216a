import { mkdirSync, rmSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The one folder where the server keeps decrypted working copies of customers' files (preparing,
 * converting, previews, colour pages, print-ready PDFs). It is emptied when the server starts, before
 * anything else runs, so a copy a crash left behind does not outlive the crash; a file's copies are
 * named after it, so a deletion receipt can wait until none is left (docs/security.md).
 */
export class WorkFolder {
  private constructor(readonly root: string) {}

  /** Wipes `root` (whatever a crashed run left) and makes it again, readable by the server alone. */
  static open(root: string): WorkFolder {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true, mode: 0o700 });
    return new WorkFolder(root);
  }

  /** A fresh folder for working copies of one file (`fileId`) or of nothing a customer owns. */
  forFile(fileId: string, purpose: string): Promise<string> {
    return mkdtemp(join(this.root, `${fileId}.${purpose}-`));
  }

  /** Whether any working copy of these files exists now. */
  async holdsAnyOf(fileIds: string[]): Promise<boolean> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    const ids = new Set(fileIds);
    return names.some((n) => ids.has(n.split('.')[0]!));
  }
}
