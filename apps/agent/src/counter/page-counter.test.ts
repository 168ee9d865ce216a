import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TPrintCommand } from '@counterprint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandQueue, type Report } from '../commands.js';
import { Journal } from '../journal.js';
import { holdsFor } from '../run.js';
import { pdfOfPages } from '../test-support/documents.js';
import { freePort, PrinterLab, type TestPrinter } from '../test-support/printer-lab.js';
import { SnmpLab } from '../test-support/snmp-lab.js';
import { expectedSheets, readPageCounter } from './page-counter.js';

let lab: PrinterLab;
let snmp: SnmpLab;
let counted: TestPrinter;
let journalDir: string;

beforeAll(async () => {
  snmp = await SnmpLab.open(1000);
  lab = await PrinterLab.open();
  counted = await lab.start({ name: 'Counted Laser', duplex: true, counterFile: snmp.counterFile });
  journalDir = await mkdtemp(path.join(tmpdir(), 'counterprint-counter-'));
}, 60_000);

afterAll(async () => {
  await lab?.close();
  await snmp?.close();
  if (journalDir) await rm(journalDir, { recursive: true, force: true });
});

function setUp(counterPort: number) {
  const documents = new Map<string, Buffer>();
  const reports: { id: string; report: Report }[] = [];
  const queue = new CommandQueue({
    api: {
      async document(id: string) {
        const document = documents.get(id);
        if (!document) throw new Error(`no document for ${id}`);
        return document;
      },
      async report(id: string, report: Report) {
        reports.push({ id, report });
      },
    },
    journal: new Journal(journalDir),
    printers: [counted.uri],
    log: () => {},
    onRevoked: () => {},
    watch: { intervalMs: 100 },
    counter: { port: counterPort, timeoutMs: 500, retries: 0 },
    holds: holdsFor(journalDir),
  });
  const command = (over: Partial<TPrintCommand>, pages: number): TPrintCommand => {
    const c: TPrintCommand = {
      id: randomUUID(),
      jobId: randomUUID(),
      fileId: randomUUID(),
      jobName: 'Order 40 · notes.pdf',
      printerUri: counted.uri,
      copies: 1,
      sides: 'single',
      color: 'bw',
      media: 'A4',
      ...over,
    };
    documents.set(c.id, pdfOfPages(pages, c.id));
    return c;
  };
  const last = (id: string) => reports.filter((r) => r.id === id).at(-1)?.report;
  const run = async (c: TPrintCommand) => {
    queue.add(c);
    await queue.idle();
    return last(c.id);
  };
  return { command, run, reports };
}

describe('the page counter, read over SNMP from a real snmpd', () => {
  it('reports a full job as printed, with the counter before and after', async () => {
    await snmp.setCounter(1000);
    const { command, run } = setUp(snmp.port);
    const report = await run(command({ copies: 2 }, 3));
    expect(report).toMatchObject({ state: 'completed', message: 'Printed 6 sheets (counter 1000 → 1006)' });
    expect(await snmp.counter()).toBe(1006);
  });

  it('reports a short job as a possible jam, and holds the next job for that printer until staff confirm', async () => {
    await snmp.setCounter(2000);
    const { command, run, reports } = setUp(snmp.port);
    const short = command({ jobName: 'Order 41 short-by-one', sides: 'double' }, 4);
    expect(await run(short)).toMatchObject({
      state: 'aborted',
      reasons: ['counter-shortfall', 'part-printed'],
      message: expect.stringContaining('Printed 1 of 2 sheets (counter 2000 → 2001): a possible jam or waste'),
    });

    const before = (await counted.records()).length;
    const next = command({ jobName: 'Order 42 · next.pdf' }, 1);
    expect(await run(next)).toMatchObject({ state: 'stopped', reasons: ['held-after-shortfall'] });
    expect(await counted.records()).toHaveLength(before);
    expect(reports.filter((r) => r.id === next.id).map((r) => r.report.state)).toEqual(['stopped']);

    // Staff looked at the printer: `counterprint-agent confirm` releases it, and the waiting job prints.
    expect(await holdsFor(journalDir).release(counted.uri)).toBe(true);
    expect(await run(next)).toMatchObject({ state: 'completed', message: 'Printed 1 sheet (counter 2001 → 2002)' });
    expect(await counted.records()).toHaveLength(before + 1);
  });

  it('lifts the hold when staff send the short file again', async () => {
    await snmp.setCounter(3000);
    const { command, run } = setUp(snmp.port);
    const short = command({ jobName: 'Order 43 short-by-one' }, 2);
    expect(await run(short)).toMatchObject({ state: 'aborted', reasons: ['counter-shortfall', 'part-printed'] });
    const again = command({ jobId: short.jobId, fileId: short.fileId, jobName: 'Order 43 again' }, 2);
    expect(await run(again)).toMatchObject({ state: 'completed', message: 'Printed 2 sheets (counter 3001 → 3003)' });
  });

  it('prints as before where no SNMP answers at all', async () => {
    const silentPort = await freePort();
    expect(await readPageCounter('127.0.0.1', { port: silentPort, timeoutMs: 300, retries: 0 })).toBeNull();
    const { command, run } = setUp(silentPort);
    const counter = await snmp.counter();
    const report = await run(command({}, 2));
    expect(report).toMatchObject({ state: 'completed', reasons: [] });
    expect(report?.message ?? '').not.toContain('counter');
    // The printer printed (its recorder moved the file), but nobody read the counter: no words about it.
    expect(await snmp.counter()).toBe(counter + 2);
  });

  it('counts the sheets a job should take', () => {
    expect(expectedSheets(5, { copies: 2, sides: 'single' })).toBe(10);
    expect(expectedSheets(5, { copies: 2, sides: 'double' })).toBe(6);
    expect(
      expectedSheets(10, {
        copies: 1,
        sides: 'single',
        pageRanges: [
          [2, 3],
          [3, 5],
          [9, 12],
        ],
      }),
    ).toBe(6);
  });
});
