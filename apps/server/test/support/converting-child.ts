/**
 * A process that stands in for the server in a test of what outlives it: it converts a warm-up
 * document, starts converting `argv[2]` (a CSV) under `argv[3]`, prints "converting" once the warm
 * soffice has taken that job, and waits to be killed.
 */
import { existsSync, readdirSync, watch } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { DEFAULT_LIBREOFFICE_LIMITS, findSoffice, LibreOffice } from '../../src/conversion/libreoffice.js';

const [, , input, warmUp, tmpRoot] = process.argv as [string, string, string, string, string];
const office = new LibreOffice({
  soffice: findSoffice()!,
  limits: { ...DEFAULT_LIBREOFFICE_LIMITS, timeoutMs: 600_000 },
  logger: pino({ level: 'silent' }),
  tmpRoot,
});
const first = await office.toPdf({ path: warmUp, kind: 'csv' });
if (!first.ok) throw new Error(`warm-up did not convert: ${first.detail}`);
const [dir] = readdirSync(tmpRoot).filter((n) => n.startsWith('counterprint-office-') && !n.includes('template'));
// The serving loop deletes the job file when it takes the job.
const watcher = watch(join(tmpRoot, dir!), (_, name) => {
  if (name === 'job' && !existsSync(join(tmpRoot, dir!, 'job'))) {
    watcher.close();
    console.log('converting');
  }
});
void office.toPdf({ path: input, kind: 'csv' });
setInterval(() => {}, 60_000);
