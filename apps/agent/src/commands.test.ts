import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TPrintCommand } from '@counterprint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandQueue, type Report } from './commands.js';
import { Journal } from './journal.js';
import { DeviceRevokedError } from './server.js';
import { pdfOfPages } from './test-support/documents.js';
import { PrinterLab, type TestPrinter } from './test-support/printer-lab.js';

let lab: PrinterLab;
let mono: TestPrinter;
let colour: TestPrinter;
let journalDir: string;

beforeAll(async () => {
  lab = await PrinterLab.open();
  [mono, colour] = await Promise.all([lab.start({ name: 'Queue BW' }), lab.start({ name: 'Queue Colour', color: true, duplex: true })]);
  journalDir = await mkdtemp(path.join(tmpdir(), 'counterprint-queue-'));
});

afterAll(async () => {
  await lab?.close();
  if (journalDir) await rm(journalDir, { recursive: true, force: true });
});

/**
 * The server's side of the queue, as data: the document each command prints, and every report and
 * download, in order. The printers are real.
 */
function serverSide(revoked = false) {
  const documents = new Map<string, Buffer>();
  const downloads: string[] = [];
  const reports: { id: string; report: Report }[] = [];
  return {
    documents,
    downloads,
    reports,
    states: (id: string) => reports.filter((r) => r.id === id).map((r) => r.report.state),
    last: (id: string) => reports.filter((r) => r.id === id).at(-1)?.report,
    api: {
      async document(id: string) {
        downloads.push(id);
        const document = documents.get(id);
        if (!document) throw new Error(`no document for ${id}`);
        return document;
      },
      async report(id: string, report: Report) {
        if (revoked) throw new DeviceRevokedError('The server no longer accepts this agent');
        reports.push({ id, report });
      },
    },
  };
}

function queueFor(server: ReturnType<typeof serverSide>, onRevoked = () => {}) {
  const lines: string[] = [];
  const queue = new CommandQueue({
    api: server.api,
    journal: new Journal(journalDir),
    printers: [mono.uri, colour.uri],
    log: (line) => lines.push(line),
    onRevoked,
    watch: { intervalMs: 100 },
  });
  return { queue, lines };
}

function command(server: ReturnType<typeof serverSide>, over: Partial<TPrintCommand> = {}, pages = 3): TPrintCommand {
  const c: TPrintCommand = {
    id: randomUUID(),
    jobId: randomUUID(),
    fileId: randomUUID(),
    jobName: 'Order 1 · flyer.pdf',
    printerUri: mono.uri,
    copies: 1,
    sides: 'single',
    color: 'bw',
    media: 'A4',
    ...over,
  };
  server.documents.set(c.id, pdfOfPages(pages, c.id));
  return c;
}

/** The printer's records of jobs whose name starts with `jobName` (printOnce adds a tag). */
async function printed(printer: TestPrinter, jobName: string) {
  return (await printer.records()).filter((r) => r.IPP_JOB_NAME?.replaceAll('\\', '').startsWith(`${jobName} [cp-`));
}

describe('CommandQueue', () => {
  it('prints a command with its options and reports each state up to completed', async () => {
    const server = serverSide();
    const { queue } = queueFor(server);
    const c = command(server, {
      jobName: 'Order 2 · poster.pdf',
      printerUri: colour.uri,
      copies: 2,
      sides: 'double',
      color: 'color',
      pageRanges: [[2, 3]],
    });
    queue.add(c);
    await queue.idle();
    const states = server.states(c.id);
    expect(states[0]).toBe('sent');
    expect(states.at(-1)).toBe('completed');
    expect(states.every((s) => ['sent', 'processing', 'completed'].includes(s))).toBe(true);
    expect(states.filter((s, i) => s === states[i - 1])).toEqual([]);
    expect(server.last(c.id)).toEqual({ state: 'completed', reasons: [], message: expect.anything(), unsupported: [] });
    const records = await printed(colour, 'Order 2 · poster.pdf');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      IPP_COPIES: '2',
      IPP_SIDES: 'two-sided-long-edge',
      IPP_PRINT_COLOR_MODE: 'color',
      IPP_PAGE_RANGES: '2-3',
      IPP_MEDIA: 'iso_a4_210x297mm',
    });
  });

  it('never prints a command twice: repeated at once, or again once final, it is only reported again', async () => {
    const server = serverSide();
    const { queue } = queueFor(server);
    const c = command(server, { jobName: 'Order 3 · twice.pdf' });
    queue.add(c);
    queue.add(c);
    await queue.idle();
    expect(server.downloads).toEqual([c.id]);
    const reportsBefore = server.reports.length;

    // A restarted agent, given the same command by the server (its final report was lost, say).
    const again = queueFor(server).queue;
    again.add(c);
    await again.idle();
    expect(server.downloads).toEqual([c.id]);
    expect(server.reports.slice(reportsBefore)).toEqual([{ id: c.id, report: server.last(c.id) }]);
    expect(server.last(c.id)?.state).toBe('completed');
    expect(await printed(mono, 'Order 3 · twice.pdf')).toHaveLength(1);
  });

  it('prints a file again for a new command once the earlier one is final (staff sent it again)', async () => {
    const server = serverSide();
    const { queue } = queueFor(server);
    const first = command(server, { jobName: 'Order 4 · again.pdf' });
    queue.add(first);
    await queue.idle();
    const second = command(server, { ...first, id: randomUUID() });
    queue.add(second);
    await queue.idle();
    expect(server.states(second.id).at(-1)).toBe('completed');
    expect(await printed(mono, 'Order 4 · again.pdf')).toHaveLength(2);
  });

  it('reports a refused job as aborted with the options the printer cannot do, and prints nothing', async () => {
    const server = serverSide();
    const { queue } = queueFor(server);
    const c = command(server, { jobName: 'Order 5 · colour on bw.pdf', color: 'color' });
    queue.add(c);
    await queue.idle();
    expect(server.reports).toEqual([
      {
        id: c.id,
        report: { state: 'aborted', reasons: ['refused'], message: 'This printer prints black and white only', unsupported: ['color'] },
      },
    ]);
    expect(await printed(mono, 'Order 5 · colour on bw.pdf')).toHaveLength(0);
  });

  it('refuses a printer it was not started with, without asking it anything', async () => {
    const server = serverSide();
    const { queue } = queueFor(server);
    const c = command(server, { printerUri: 'ipp://192.0.2.1/ipp/print' });
    queue.add(c);
    await queue.idle();
    expect(server.downloads).toEqual([]);
    expect(server.reports).toEqual([
      {
        id: c.id,
        report: { state: 'aborted', reasons: ['unknown-printer'], message: 'This agent does not look after this printer', unsupported: [] },
      },
    ]);
  });

  it('reports a printer out of paper as stopped with its reasons, then completed once refilled', async () => {
    const server = serverSide();
    const { queue } = queueFor(server);
    const c = command(server, { jobName: 'Order 6 · no paper.pdf' });
    await mono.emptyTrays();
    try {
      queue.add(c);
      const deadline = Date.now() + 30_000;
      while (!server.states(c.id).includes('stopped') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await mono.refillTrays();
    }
    await queue.idle();
    const stopped = server.reports.find((r) => r.id === c.id && r.report.state === 'stopped');
    expect(stopped?.report.reasons).toEqual(expect.arrayContaining(['media-empty']));
    expect(server.states(c.id).at(-1)).toBe('completed');
  });

  it('reports a job the printer aborted, with its message', async () => {
    const server = serverSide();
    const { queue } = queueFor(server);
    const c = command(server, { jobName: 'Order 7 [jam]', printerUri: colour.uri });
    queue.add(c);
    await queue.idle();
    expect(server.last(c.id)).toEqual({
      state: 'aborted',
      reasons: ['aborted-by-system'],
      message: 'Paper jam in tray 2',
      unsupported: [],
    });
  });

  it('stops at once when the server refuses the device token', async () => {
    const server = serverSide(true);
    let revoked = 0;
    const { queue } = queueFor(server, () => revoked++);
    queue.add(command(server, { jobName: 'Order 8 · revoked.pdf' }));
    await queue.idle();
    expect(revoked).toBe(1);
  });
});
