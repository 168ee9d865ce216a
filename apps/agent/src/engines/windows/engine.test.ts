import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TPrintCommand } from '@counterprint/contract';
import type { PrintOptions as PdfToPrinterOptions } from 'pdf-to-printer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandQueue, type Report } from '../../commands.js';
import { PrinterAddressError, PrinterUnreachableError } from '../../ipp.js';
import { Journal } from '../../journal.js';
import { pdfOfPages } from '../../test-support/documents.js';
import type { JobEvent } from '../../watch.js';
import { engineFor } from '../engine.js';
import { defaultEngines } from '../index.js';
import { tcpHost, windowsEngine } from './engine.js';
import { LIST_JOBS_ARGS, PRINTER_VARIABLE } from './queue.js';

// Win32_Printer as Windows PowerShell 5.1 prints it for LIST_PRINTERS_ARGS (see printers.test.ts): a USB
// laser, a duplex colour copier on a Standard TCP/IP port with a hostile name, an offline printer.
const COPIER = 'Ricoh & Co "Copier" 100% प्रिंटर';
const PRINTERS = JSON.stringify([
  {
    Name: 'Canon LBP2900',
    DriverName: 'Canon LBP2900',
    PortName: 'USB001',
    Default: true,
    WorkOffline: false,
    PrinterStatus: 3,
    DetectedErrorState: 0,
    CapabilityDescriptions: ['Copies', 'Collate'],
    PrinterPaperNames: ['A4', 'Letter', 'Legal', 'B5 (JIS)', 'Envelope #10'],
  },
  {
    Name: COPIER,
    DriverName: 'RICOH PCL6 UniversalDriver V4.35',
    PortName: 'IP_192.168.1.40',
    Default: false,
    WorkOffline: false,
    PrinterStatus: 3,
    DetectedErrorState: 0,
    CapabilityDescriptions: ['Copies', 'Color', 'Duplex'],
    PrinterPaperNames: ['A3', 'A4', 'A5', '4 x 6 in'],
  },
  {
    Name: 'Back Room',
    DriverName: 'HP LaserJet M1005',
    PortName: 'USB002',
    WorkOffline: true,
    PrinterStatus: 7,
    DetectedErrorState: 9,
    CapabilityDescriptions: ['Copies'],
    PrinterPaperNames: ['A4'],
  },
]);

type Printed = { file: string; options: PdfToPrinterOptions; bytes: Buffer };

/** The Windows engine with its processes replaced: SumatraPDF (through pdf-to-printer) and PowerShell. */
function lab(o: { queue?: string[]; failPrint?: boolean } = {}) {
  const printed: Printed[] = [];
  const queueCalls: Record<string, string>[] = [];
  const answers = [...(o.queue ?? [])];
  let failNext = o.failPrint ?? false;
  const engine = windowsEngine({
    tmpDir: dir,
    powershell: async () => PRINTERS,
    queue: async (args, env) => {
      expect(args).toEqual(LIST_JOBS_ARGS);
      queueCalls.push(env);
      return answers.length > 1 ? (answers.shift() as string) : (answers[0] ?? '');
    },
    printer: {
      sumatraPdfPath: 'C:\\Counterprint\\SumatraPDF-3.4.6-32.exe',
      print: async (file, options) => {
        printed.push({ file, options: options ?? {}, bytes: await readFile(file) });
        if (failNext) {
          failNext = false;
          throw Object.assign(new Error('Command failed'), { code: 1, stderr: 'SumatraPDF: printing failed' });
        }
      },
    },
  });
  return { engine, printed, queueCalls };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'counterprint-windows-engine-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const OPTIONS = { jobName: '#4 Meera — notes.pdf [cp-0a1b2c3d]', copies: 2, sides: 'double', color: 'color', media: 'A4' } as const;

async function all(events: AsyncGenerator<JobEvent>): Promise<JobEvent[]> {
  const out: JobEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const tempFiles = async () => (await readdir(dir)).filter((f) => f.startsWith('counterprint-print-'));

describe('the Windows engine', () => {
  it('is among the default engines on Windows only; elsewhere a windows: printer is refused in words', () => {
    expect(engineFor('windows:Canon LBP2900', defaultEngines({ platform: 'win32' })).kind).toBe('windows');
    expect(() => engineFor('windows:Canon LBP2900', defaultEngines({ platform: 'linux' }))).toThrow(PrinterAddressError);
  });

  it('describes a printer from Win32_Printer: driver, colour, two-sided, the papers SumatraPDF can ask for, state', async () => {
    const { engine } = lab();
    expect(await engine.describe(`windows:${COPIER}`)).toMatchObject({
      uri: `windows:${COPIER}`,
      name: COPIER,
      makeAndModel: 'RICOH PCL6 UniversalDriver V4.35',
      state: 'idle',
      color: true,
      colorModes: ['color', 'monochrome'],
      duplex: true,
      paper: ['A3', 'A4', 'A5'],
      pdf: true,
    });
    expect(await engine.describe('windows:canon lbp2900')).toMatchObject({ name: 'Canon LBP2900', color: false, duplex: false });
    expect(await engine.describe('windows:Back Room')).toMatchObject({ state: 'stopped', reasons: ['offline'] });
    await expect(engine.describe('windows:Nowhere')).rejects.toThrow('Windows has no printer named Nowhere');
  });

  it('names the host of a Standard TCP/IP port for the page counter, and none for USB', async () => {
    const { engine } = lab();
    expect(await engine.counterHost(`windows:${COPIER}`)).toBe('192.168.1.40');
    expect(await engine.counterHost('windows:Canon LBP2900')).toBeNull();
    expect(tcpHost('192.168.1.41_1')).toBe('192.168.1.41');
    expect(tcpHost('WSD-5b2f')).toBeNull();
  });

  it('prints through SumatraPDF from a private copy named with the job tag, deleted once SumatraPDF returns', async () => {
    const { engine, printed } = lab();
    const document = pdfOfPages(3, 'windows');
    const result = await engine.print(`windows:${COPIER}`, document, { ...OPTIONS, pageRanges: [[1, 2]] });
    expect(result).toEqual({ outcome: 'accepted', ippJobId: 0x0a1b2c3d, status: 'successful-ok', unsupported: [] });
    expect(printed).toHaveLength(1);
    expect(printed[0]?.bytes.equals(document)).toBe(true);
    expect(path.basename(printed[0]?.file ?? '')).toBe('#4 Meera — notes.pdf [cp-0a1b2c3d].pdf');
    expect(printed[0]?.options).toMatchObject({
      printer: COPIER,
      silent: true,
      pages: '1-2',
      monochrome: false,
      side: 'duplexlong',
      paperSize: 'A4',
      copies: 2,
      sumatraPdfPath: 'C:\\Counterprint\\SumatraPDF-3.4.6-32.exe',
    });
    expect(await tempFiles()).toEqual([]);
  });

  it('refuses, running nothing, colour on a B&W printer and paper SumatraPDF cannot name', async () => {
    const { engine, printed } = lab();
    expect(await engine.print('windows:Canon LBP2900', pdfOfPages(1), { ...OPTIONS, sides: 'single' })).toMatchObject({
      outcome: 'refused',
      message: 'This printer prints black and white only',
    });
    expect(await engine.print(`windows:${COPIER}`, pdfOfPages(1), { ...OPTIONS, media: '4x6' })).toMatchObject({
      outcome: 'refused',
      unsupported: [{ option: 'media', attribute: 'media', value: '4x6' }],
    });
    expect(printed).toEqual([]);
  });

  it('deletes the copy when SumatraPDF fails too, and says the job may have reached the spooler', async () => {
    const { engine } = lab({ failPrint: true });
    const error = await engine.print(`windows:${COPIER}`, pdfOfPages(1), OPTIONS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrinterUnreachableError);
    expect(error).toMatchObject({ delivered: 'maybe', message: expect.stringContaining('printing failed') });
    expect(await tempFiles()).toEqual([]);
  });

  it('cannot list what the spooler lost', async () => {
    expect(await lab().engine.findJob('windows:Canon LBP2900', 'x [cp-00000001]')).toBe('unknowable');
  });

  it('follows the job in the Windows queue: spooling, paper out, printing, then sent, never "printed"', async () => {
    const row = (status: number) => JSON.stringify({ Id: 12, DocumentName: 'C:\\x\\#4 Meera [cp-0a1b2c3d].pdf', JobStatus: status });
    const other = JSON.stringify({ Id: 11, DocumentName: 'letter.docx', JobStatus: 0x10 });
    const { engine, queueCalls } = lab({ queue: [`[${other},${row(0x8)}]`, row(0x40 | 0x10), row(0x10), row(0x10 | 0x80), ''] });
    const events = await all(engine.watch(`windows:${COPIER}`, 0x0a1b2c3d, { intervalMs: 1 }));
    expect(events.map((e) => [e.state, e.reasons])).toEqual([
      ['sent', []],
      ['stopped', ['media-empty']],
      ['processing', []],
      ['completed', ['sent-not-confirmed']],
    ]);
    expect(events.at(-1)?.message).toMatch(/has not confirmed printing it/);
    expect(events.some((e) => /\bprinted\b/i.test(e.message ?? ''))).toBe(false);
    // The printer's name goes to PowerShell in a variable, not inside the script.
    expect(queueCalls[0]).toEqual({ [PRINTER_VARIABLE]: COPIER });
  });

  it('reports a job deleted from the queue as cancelled, and an unreadable queue as sent', async () => {
    const deleted = JSON.stringify([{ Id: 3, DocumentName: 'a [cp-00000007].pdf', JobStatus: 0x4 | 0x100 }]);
    const events = await all(lab({ queue: [deleted] }).engine.watch('windows:Canon LBP2900', 7, { intervalMs: 1 }));
    expect(events.at(-1)).toMatchObject({ state: 'canceled', reasons: ['deleted-from-windows-queue'] });
    const unreadable = windowsEngine({ powershell: async () => PRINTERS, queue: async () => Promise.reject(new Error('no')) });
    expect((await all(unreadable.watch('windows:Canon LBP2900', 7))).map((e) => e.state)).toEqual(['sent', 'completed']);
  });
});

describe('the Windows engine through the journal and the command queue', () => {
  const command = (): TPrintCommand => ({
    id: randomUUID(),
    jobId: randomUUID(),
    fileId: randomUUID(),
    jobName: 'Order 70',
    printerUri: 'windows:Canon LBP2900',
    copies: 1,
    sides: 'single',
    color: 'bw',
    media: 'A4',
  });

  async function setUp(o: { failPrint?: boolean } = {}) {
    const journalDir = await mkdtemp(path.join(dir, 'journal-'));
    const windows = lab({ queue: [''], ...o });
    const reports: { id: string; report: Report }[] = [];
    const queue = () =>
      new CommandQueue({
        api: { document: async () => pdfOfPages(2), report: async (id: string, report: Report) => void reports.push({ id, report }) },
        journal: new Journal(journalDir),
        printers: ['windows:Canon LBP2900'],
        log: () => {},
        onRevoked: () => {},
        engines: { windows: windows.engine },
        watch: { intervalMs: 1 },
      });
    const last = (id: string) => reports.filter((r) => r.id === id).at(-1)?.report;
    return { windows, queue, reports, last };
  }

  it('prints a command once: repeated at once, again after it ended, and after the agent restarts', async () => {
    const { windows, queue, reports, last } = await setUp();
    const first = command();
    const running = queue();
    running.add(first);
    running.add(first);
    await running.idle();
    expect(windows.printed).toHaveLength(1);
    expect(reports.filter((r) => r.id === first.id).map((r) => r.report.state)).toEqual(['sent', 'completed']);
    expect(last(first.id)).toMatchObject({ reasons: ['sent-not-confirmed'], message: expect.stringContaining('not confirmed') });
    running.add(first);
    await running.idle();
    const restarted = queue();
    restarted.add(first);
    await restarted.idle();
    expect(windows.printed).toHaveLength(1);
    expect(last(first.id)).toMatchObject({ state: 'completed', reasons: ['sent-not-confirmed'] });
  });

  it('asks staff, printing nothing again, when SumatraPDF failed part-way; a new command from staff prints once', async () => {
    const { windows, queue, last } = await setUp({ failPrint: true });
    const first = command();
    const before = queue();
    before.add(first);
    await before.idle();
    expect(last(first.id)).toMatchObject({ state: 'stopped', reasons: ['unreachable'] });
    const after = queue();
    after.add(first);
    await after.idle();
    expect(windows.printed).toHaveLength(1);
    expect(last(first.id)).toMatchObject({ state: 'aborted', reasons: ['outcome-unknown'] });
    const again = { ...first, id: randomUUID() };
    after.add(again);
    await after.idle();
    after.add(again);
    await after.idle();
    expect(windows.printed).toHaveLength(2);
    expect(last(again.id)).toMatchObject({ state: 'completed' });
  });
});
