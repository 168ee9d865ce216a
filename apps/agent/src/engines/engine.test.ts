import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TPrintCommand } from '@counterprint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandQueue, type Report } from '../commands.js';
import { PrinterAddressError, PrinterUnreachableError } from '../ipp.js';
import { Journal } from '../journal.js';
import { pdfOfPages } from '../test-support/documents.js';
import { engineFor, type PrintEngine } from './engine.js';
import { defaultEngines } from './index.js';

let journalDir: string;

beforeAll(async () => {
  journalDir = await mkdtemp(path.join(tmpdir(), 'counterprint-engine-'));
});

afterAll(async () => {
  if (journalDir) await rm(journalDir, { recursive: true, force: true });
});

/**
 * An engine that, like the Windows spooler, cannot list what it was given: `cutOff` makes the next send
 * reach the printer and then lose its answer.
 */
function blindEngine() {
  const printed: string[] = [];
  let cutOff = false;
  const engine: PrintEngine = {
    kind: 'windows',
    describe: async () => {
      throw new Error('not used');
    },
    async print(_printer, _document, options) {
      printed.push(options.jobName);
      if (cutOff) {
        cutOff = false;
        throw new PrinterUnreachableError('The spooler stopped answering', 'maybe');
      }
      return { outcome: 'accepted', ippJobId: printed.length, status: 'successful-ok', unsupported: [] };
    },
    findJob: async () => 'unknowable',
    async *watch(_printer, jobId) {
      yield { ippJobId: jobId, state: 'completed', reasons: [], message: null };
    },
    counterHost: async () => null,
  };
  return { engine, printed, cutOffNext: () => (cutOff = true) };
}

describe('print engines', () => {
  it('picks the engine by the printer’s address, and says so plainly when this build has none', () => {
    const engines = defaultEngines();
    expect(engineFor('ipp://192.168.1.20/ipp/print', engines).kind).toBe('ipp');
    expect(engineFor('cups:Front_Desk', engines).kind).toBe('cups');
    expect(() => engineFor('windows:Canon LBP2900', engines)).toThrow(PrinterAddressError);
    expect(() => engineFor('windows:Canon LBP2900', engines)).toThrow('cannot print to windows printers');
    expect(() => engineFor('lpd://10.0.0.1/q', engines)).toThrow('starts with ipp://, cups: or windows:');
  });

  it('asks staff, and prints nothing, when a send was cut off and the engine cannot tell whether it arrived', async () => {
    const { engine, printed, cutOffNext } = blindEngine();
    const reports: { id: string; report: Report }[] = [];
    const queue = () =>
      new CommandQueue({
        api: { document: async () => pdfOfPages(1), report: async (id: string, report: Report) => void reports.push({ id, report }) },
        journal: new Journal(journalDir),
        printers: ['windows:Front Desk'],
        log: () => {},
        onRevoked: () => {},
        engines: { windows: engine },
      });
    const first: TPrintCommand = {
      id: randomUUID(),
      jobId: randomUUID(),
      fileId: randomUUID(),
      jobName: 'Order 50',
      printerUri: 'windows:Front Desk',
      copies: 1,
      sides: 'single',
      color: 'bw',
      media: 'A4',
    };
    const last = (id: string) => reports.filter((r) => r.id === id).at(-1)?.report;

    cutOffNext();
    const before = queue();
    before.add(first);
    await before.idle();
    expect(printed).toHaveLength(1);
    expect(last(first.id)).toMatchObject({ state: 'stopped', reasons: ['unreachable'] });

    // The agent restarts and the same command comes back: it may have printed, so it is not sent again.
    const after = queue();
    after.add(first);
    await after.idle();
    expect(printed).toHaveLength(1);
    expect(last(first.id)).toMatchObject({
      state: 'aborted',
      reasons: ['outcome-unknown'],
      message: expect.stringContaining('check the printer'),
    });

    // Staff looked and send it again: a new command for the same file prints, once.
    const again = { ...first, id: randomUUID() };
    after.add(again);
    await after.idle();
    expect(printed).toHaveLength(2);
    expect(last(again.id)).toMatchObject({ state: 'completed' });
    after.add(again);
    await after.idle();
    expect(printed).toHaveLength(2);
  });
});
