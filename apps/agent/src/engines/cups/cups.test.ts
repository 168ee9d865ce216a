import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal } from '../../journal.js';
import { printOnce } from '../../once.js';
import type { PrintOptions, PrintResult } from '../../print.js';
import { CupsLab } from '../../test-support/cups-lab.js';
import { pdfOfPages } from '../../test-support/documents.js';
import { PrinterLab, type TestPrinter } from '../../test-support/printer-lab.js';
import type { JobEvent } from '../../watch.js';
import type { PrintEngine } from '../engine.js';
import { cupsEngine, cupsPrinter } from './cups.js';
import { CupsQueueNameError, checkQueueName } from './lp.js';

let printers: PrinterLab;
let cups: CupsLab;
let colourPrinter: TestPrinter;
let monoPrinter: TestPrinter;
let engine: PrintEngine;

// CUPS takes any printable letter but space, quotes, '/', '\\', '?' and '#' in a queue name ('<' and '>' it takes, but then
// refuses to print to: lp answers Forbidden).
const HOSTILE = 'छपाई&Shop%20$(id);`id`|*!';
const COLOUR = 'Counter-Colour';
const MONO = 'Counter_BW';
const WATCH = { intervalMs: 100, maxWaitMs: 60_000 };
const base: PrintOptions = { jobName: 'Order 12 · “notes” & more.pdf', copies: 1, sides: 'single', color: 'bw' };

beforeAll(async () => {
  printers = await PrinterLab.open();
  [colourPrinter, monoPrinter] = await Promise.all([
    printers.start({ name: 'Behind CUPS Colour', color: true, duplex: true }),
    printers.start({ name: 'Behind CUPS BW' }),
  ]);
  cups = await CupsLab.open();
  await cups.addQueue(HOSTILE, colourPrinter.uri);
  await cups.addQueue(COLOUR, colourPrinter.uri);
  await cups.addQueue(MONO, monoPrinter.uri);
  engine = cupsEngine({ server: cups.server });
}, 120_000);

afterAll(async () => {
  await cups?.close();
  await printers?.close();
});

function accepted(result: PrintResult): number {
  if (result.outcome !== 'accepted') throw new Error(`refused: ${result.message}`);
  return result.ippJobId;
}

async function events(printer: string, jobId: number, onEvent?: (event: JobEvent) => Promise<void>): Promise<JobEvent[]> {
  const seen: JobEvent[] = [];
  for await (const event of engine.watch(printer, jobId, WATCH)) {
    seen.push(event);
    await onEvent?.(event);
  }
  return seen;
}

/** The printer behind CUPS holds its jobs' records once the job is done there. */
async function lastRecord(printer: TestPrinter, count: number) {
  const records = await printer.records();
  expect(records).toHaveLength(count);
  return records[count - 1] ?? {};
}

describe('the CUPS engine, against a private cupsd with ippeveprinter queues', () => {
  it('delivers copies, page ranges, paper and monochrome through a queue with a hostile name', async () => {
    const printer = cupsPrinter(HOSTILE);
    const before = (await colourPrinter.records()).length;
    const result = await engine.print(printer, pdfOfPages(5, 'hostile'), {
      ...base,
      copies: 2,
      pageRanges: [
        [2, 3],
        [5, 5],
      ],
      media: 'A5',
    });
    const states = (await events(printer, accepted(result))).map((e) => e.state);
    expect(states.at(-1)).toBe('completed');
    const record = await lastRecord(colourPrinter, before + 1);
    expect(record).toMatchObject({
      IPP_COPIES: '2',
      IPP_SIDES: 'one-sided',
      IPP_PRINT_COLOR_MODE: 'monochrome',
      DOCUMENT_PAGES: '3',
    });
    expect(record.IPP_MEDIA_COL).toContain('x-dimension=14800 y-dimension=21000');
    expect(record.IPP_JOB_NAME).toContain('Order 12');
  });

  it('delivers colour and short-edge two-sided printing', async () => {
    const printer = cupsPrinter(COLOUR);
    const before = (await colourPrinter.records()).length;
    const result = await engine.print(printer, pdfOfPages(4, 'short edge'), {
      ...base,
      color: 'color',
      sides: 'double-short-edge',
      media: 'A4',
    });
    expect((await events(printer, accepted(result))).at(-1)?.state).toBe('completed');
    const record = await lastRecord(colourPrinter, before + 1);
    expect(record).toMatchObject({ IPP_SIDES: 'two-sided-short-edge', IPP_PRINT_COLOR_MODE: 'color', DOCUMENT_PAGES: '4' });
    expect(record.IPP_MEDIA_COL).toContain('x-dimension=21000 y-dimension=29700');
  });

  it('describes a queue, and refuses colour on a black-and-white one before CUPS sees the job', async () => {
    const colour = await engine.describe(cupsPrinter(HOSTILE));
    expect(colour).toMatchObject({ uri: cupsPrinter(HOSTILE), name: HOSTILE, state: 'idle', color: true, duplex: true, pdf: true });
    expect(colour.paper).toEqual(expect.arrayContaining(['A4', 'A5']));
    const mono = await engine.describe(cupsPrinter(MONO));
    expect(mono).toMatchObject({ color: false, duplex: false });
    const before = (await monoPrinter.records()).length;
    const result = await engine.print(cupsPrinter(MONO), pdfOfPages(1), { ...base, color: 'color' });
    expect(result).toMatchObject({ outcome: 'refused', message: 'This printer prints black and white only' });
    expect(await monoPrinter.records()).toHaveLength(before);
  });

  it('shows a stopped queue as stopped with its reason, holds the job, and finishes it once started again', async () => {
    const printer = cupsPrinter(MONO);
    await cups.stopQueue(MONO, 'Out of toner, says Ravi');
    try {
      const described = await engine.describe(printer);
      expect(described).toMatchObject({ state: 'stopped', stateMessage: 'Out of toner, says Ravi' });
      expect(described.reasons).toContain('paused');
      const result = await engine.print(printer, pdfOfPages(1, 'held'), base);
      const seen = await events(printer, accepted(result), async (event) => {
        if (event.state === 'stopped') await cups.startQueue(MONO);
      });
      const stopped = seen.find((e) => e.state === 'stopped');
      expect(stopped?.reasons).toContain('paused');
      expect(seen.at(-1)?.state).toBe('completed');
    } finally {
      await cups.startQueue(MONO);
    }
  });

  it('never prints a journalled file twice through CUPS', async () => {
    const dir = await import('node:fs/promises').then((fs) => fs.mkdtemp(`${cups.dir}/journal-`));
    const journal = new Journal(dir);
    const key = { jobId: 'job-cups', fileId: 'file-1' };
    const printer = cupsPrinter(MONO);
    const before = (await monoPrinter.records()).length;
    const first = await printOnce(journal, key, printer, pdfOfPages(2, 'once'), base, { engine, commandId: 'c1' });
    const again = await printOnce(journal, key, printer, pdfOfPages(2, 'once'), base, { engine, commandId: 'c1' });
    expect(first).toMatchObject({ outcome: 'accepted', resumed: false });
    expect(again).toMatchObject({ outcome: 'accepted', resumed: true });
    if (first.outcome !== 'accepted' || again.outcome !== 'accepted') throw new Error('not accepted');
    expect(again.ippJobId).toBe(first.ippJobId);
    expect((await events(printer, first.ippJobId)).at(-1)?.state).toBe('completed');
    expect(await monoPrinter.records()).toHaveLength(before + 1);
  });

  it('refuses queue names CUPS cannot have, in words staff can read', async () => {
    for (const name of ['with space', 'quote"d', "it's", 'a/b', 'hash#1', '']) {
      expect(() => checkQueueName(name)).toThrow(CupsQueueNameError);
    }
    const result = engine.print(cupsPrinter('Front "desk"'), pdfOfPages(1), base);
    await expect(result).rejects.toThrow('queue names have no spaces, quotes');
    const missing = await engine.print(cupsPrinter('No_Such_Queue'), pdfOfPages(1), base).catch((error: Error) => error);
    expect(String((missing as Error).message ?? missing)).toMatch(/not found|does not exist|refused/i);
  });
});
