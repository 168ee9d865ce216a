import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrinterUnreachableError } from './ipp.js';
import { Journal } from './journal.js';
import { type OnceResult, printOnce } from './once.js';
import type { PrintOptions } from './print.js';
import { type CuttingProxy, startCuttingProxy } from './test-support/cutting-proxy.js';
import { pdfOfPages } from './test-support/documents.js';
import { freePort, PrinterLab, type TestPrinter } from './test-support/printer-lab.js';
import { watchJob } from './watch.js';

let lab: PrinterLab;
let printer: TestPrinter;
let proxy: CuttingProxy;
let journalDir: string;

beforeAll(async () => {
  lab = await PrinterLab.open();
  printer = await lab.start({ name: 'Once BW' });
  proxy = await startCuttingProxy(printer.port);
  journalDir = await mkdtemp(path.join(tmpdir(), 'counterprint-journal-'));
});

afterAll(async () => {
  await proxy?.close();
  await lab?.close();
  if (journalDir) await rm(journalDir, { recursive: true, force: true });
});

const options = (jobName: string): PrintOptions => ({ jobName, copies: 1, sides: 'single', color: 'bw' });

function ippJobId(result: OnceResult): number {
  if (result.outcome !== 'accepted') throw new Error(`refused: ${result.message}`);
  return result.ippJobId;
}

async function finish(uri: string, id: number): Promise<string | undefined> {
  let last: string | undefined;
  for await (const event of watchJob(uri, id, { intervalMs: 100, maxWaitMs: 45_000 })) last = event.state;
  return last;
}

/** The printer's records of jobs whose name starts with `jobName` (printOnce adds a tag). */
async function printed(jobName: string) {
  // ippeveprinter writes the job name to its command's environment with a backslash before "[".
  return (await printer.records()).filter((r) => r.IPP_JOB_NAME?.replaceAll('\\', '').startsWith(`${jobName} [cp-`));
}

describe('printOnce', () => {
  it('prints once, and after a restart returns the printer job it already has', async () => {
    const key = { jobId: 'job-restart', fileId: 'file-1' };
    const first = await printOnce(new Journal(journalDir), key, printer.uri, pdfOfPages(2), options('Restart'));
    expect(first).toMatchObject({ outcome: 'accepted', resumed: false });

    // A new process reads the journal afresh; it would send the same command again.
    const again = await printOnce(new Journal(journalDir), key, printer.uri, pdfOfPages(2), options('Restart'));
    expect(again).toMatchObject({ outcome: 'accepted', resumed: true, ippJobId: ippJobId(first) });

    expect(await finish(printer.uri, ippJobId(again))).toBe('completed');
    expect(await printed('Restart')).toHaveLength(1);
  });

  it('finds the job the printer took when the connection dropped before its answer, instead of printing again', async () => {
    const key = { jobId: 'job-drop', fileId: 'file-1' };
    const uri = `ipp://127.0.0.1:${proxy.port}/ipp/print`;
    const journal = new Journal(journalDir);
    proxy.cutting = true;
    const cut = await printOnce(journal, key, uri, pdfOfPages(1), options('Dropped')).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(PrinterUnreachableError);
    expect(cut).toMatchObject({ delivered: 'maybe' });
    expect(proxy.cuts).toBe(1);
    expect(await journal.read(key)).toMatchObject({ phase: 'sending' });

    proxy.cutting = false;
    const again = await printOnce(new Journal(journalDir), key, uri, pdfOfPages(1), options('Dropped'));
    expect(again).toMatchObject({ outcome: 'accepted', resumed: true });
    expect(await journal.read(key)).toMatchObject({ phase: 'submitted', ippJobId: ippJobId(again) });

    expect(await finish(printer.uri, ippJobId(again))).toBe('completed');
    const records = await printed('Dropped');
    expect(records).toHaveLength(1);
    expect(records[0]?.IPP_JOB_ID).toBe(String(ippJobId(again)));
  });

  it('prints once when the same command arrives twice at the same time', async () => {
    const key = { jobId: 'job-twice', fileId: 'file-1' };
    const journal = new Journal(journalDir);
    const [a, b] = await Promise.all([
      printOnce(journal, key, printer.uri, pdfOfPages(1), options('Twice')),
      printOnce(journal, key, printer.uri, pdfOfPages(1), options('Twice')),
    ]);
    expect([a.resumed, b.resumed]).toEqual([false, true]);
    expect(ippJobId(a)).toBe(ippJobId(b));
    await finish(printer.uri, ippJobId(a));
    expect(await printed('Twice')).toHaveLength(1);
  });

  it('keeps no entry for a refused job or a printer that is off, so a later command prints', async () => {
    const journal = new Journal(journalDir);
    const key = { jobId: 'job-refused', fileId: 'file-1' };
    const refused = await printOnce(journal, key, printer.uri, pdfOfPages(1), { ...options('Refused'), color: 'color' });
    expect(refused).toMatchObject({ outcome: 'refused', resumed: false });
    expect(await journal.read(key)).toBeNull();

    const off = `ipp://127.0.0.1:${await freePort()}/ipp/print`;
    await expect(printOnce(journal, key, off, pdfOfPages(1), options('Refused'))).rejects.toMatchObject({ delivered: 'no' });
    expect(await journal.read(key)).toBeNull();

    const printedNow = await printOnce(journal, key, printer.uri, pdfOfPages(1), options('Refused'));
    expect(printedNow).toMatchObject({ outcome: 'accepted', resumed: false });
    await finish(printer.uri, ippJobId(printedNow));
    expect(await printed('Refused')).toHaveLength(1);
  });

  it('prints again after forget(), for a deliberate reprint', async () => {
    const journal = new Journal(journalDir);
    const key = { jobId: 'job-reprint', fileId: 'file-1' };
    const first = await printOnce(journal, key, printer.uri, pdfOfPages(1), options('Reprint'));
    await finish(printer.uri, ippJobId(first));
    await journal.forget(key);
    const second = await printOnce(journal, key, printer.uri, pdfOfPages(1), options('Reprint'));
    expect(second).toMatchObject({ outcome: 'accepted', resumed: false });
    expect(ippJobId(second)).not.toBe(ippJobId(first));
    await finish(printer.uri, ippJobId(second));
    expect(await printed('Reprint')).toHaveLength(2);
  });
});
