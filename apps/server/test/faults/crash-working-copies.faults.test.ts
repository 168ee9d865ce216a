import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/database.js';
import { descendants, isAlive, type ServerProcess, serverOnOwnData } from '../support/processes.js';
import { ownerOn, slowUpload } from '../support/server-client.js';

/**
 * SIGKILL the built server while it converts a customer's document: the soffice it started dies with
 * it, and the decrypted copies it was working on are gone when it starts again, before it serves.
 */
const MARKER = 'Meera Sharma account 99887766';
const CSV = Buffer.from(Array.from({ length: 120_000 }, (_, i) => `${i},${MARKER},${i * 7}\n`).join(''));

/** Folders under `work` holding a plain copy of the document: a preparation's and soffice's exchange. */
function plainCopies(work: string): string[] {
  const found: string[] = [];
  for (const dir of existsSync(work) ? readdirSync(work) : []) {
    for (const file of ['original', 'exchange/document.csv']) {
      const p = path.join(work, dir, file);
      try {
        if (readFileSync(p).includes(MARKER)) found.push(path.join(dir, file));
      } catch {
        // not there, or removed meanwhile
      }
    }
  }
  return found;
}

describe.runIf(process.env.COUNTERPRINT_FAULTS === '1').each(DATABASE_KINDS)('SIGKILL during a conversion on %s', (kind) => {
  const site = serverOnOwnData(kind, 'cp-crash-work-');
  let server: ServerProcess | undefined;
  let soffice: number[] = [];
  afterAll(async () => {
    for (const pid of soffice.filter(isAlive)) process.kill(pid, 'SIGKILL');
    await site.close();
  });

  it('leaves no soffice running, and no plain copy once the server is back', async () => {
    server = await site.start();
    const work = path.join(site.dataDir, 'work');
    const owner = await ownerOn(server.base, `crash-work-${kind}@example.com`, `Crash ${kind}`);
    const sent = await slowUpload(server.base, owner.shop.slug, [
      { name: 'name', value: 'Meera' },
      { name: 'files', filename: 'statement.csv', data: CSV, type: 'text/csv' },
    ]);
    expect(sent).toMatchObject({ status: 201 });

    // Mid-conversion: the preparation's copy and soffice's copy are both on disk.
    let copies: string[] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
      copies = plainCopies(work);
      if (copies.some((c) => c.includes('.prepare-')) && copies.some((c) => c.startsWith('counterprint-office-'))) break;
    }
    expect(
      copies.some((c) => c.startsWith('counterprint-office-')),
      `copies seen: ${copies.join(', ')}`,
    ).toBe(true);
    soffice = descendants(server.child.pid!);
    expect(soffice.some((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('soffice'))).toBe(true);

    await server.stop('SIGKILL');
    for (const deadline = Date.now() + 10_000; soffice.some(isAlive) && Date.now() < deadline; )
      await new Promise((r) => setTimeout(r, 50));
    expect(soffice.filter(isAlive)).toEqual([]);
    expect(plainCopies(work).length).toBeGreaterThan(0);

    const before = readdirSync(work);
    server = await site.start();
    // The restarted server may be preparing the file again, in folders of its own: none from before is left.
    expect(readdirSync(work).filter((n) => before.includes(n))).toEqual([]);
  }, 180_000);
});
