import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PrinterAnswerError, PrinterUnreachableError } from '../../ipp.js';
import { mediaForPaper, paperForMedia } from '../../paper.js';
import { type PrintOptions, preflight, refused } from '../../print.js';
import type { PrinterCapabilities } from '../../printers.js';
import type { JobEvent, WatchOptions } from '../../watch.js';
import type { PrintEngine } from '../engine.js';
import { printOnWindows, type WindowsPrintDeps, WindowsPrintFailedError } from './print.js';
import { type WindowsPrintJob, WindowsPrintJobError, windowsPrintOptions } from './print-args.js';
import { listWindowsPrinters, type RunPowerShell, type WindowsPrinter } from './printers.js';
import { queuedJobEvent, queuedJobs, type RunQueuePowerShell, runQueuePowerShell, sentToPrinter } from './queue.js';

/**
 * A Windows printer through its installed driver (docs/decisions/074-windows-package-and-engine.md): described
 * from Win32_Printer, printed by SumatraPDF from a private temporary copy of the print-ready PDF that is
 * deleted as soon as SumatraPDF returns (the spooler then has the job), followed in the Windows queue by the
 * job's tag in its document name. The spooler cannot list a job it lost, so findJob is 'unknowable'.
 */

export type WindowsEngineDeps = {
  /** Runs PowerShell for the printer list; a test passes recorded outputs. */
  powershell?: RunPowerShell;
  /** Runs PowerShell for Get-PrintJob; false: the queue is not read, a job ends once the spooler took it. */
  queue?: RunQueuePowerShell | false;
  /** pdf-to-printer's print() and where SumatraPDF is, as printOnWindows takes them. */
  printer?: WindowsPrintDeps;
  /** Where the private temporary copy is written (default: the system's temporary folder). */
  tmpDir?: string;
};

const PREFIX = 'windows:';
const TAG = /\[cp-([0-9a-f]{8})\]/;

export const windowsPrinter = (name: string) => `${PREFIX}${name}`;

export function printerNameOf(printer: string): string {
  if (!printer.startsWith(PREFIX) || printer.length === PREFIX.length) {
    throw new RangeError(`Not a Windows printer: ${printer.slice(0, 60)}`);
  }
  return printer.slice(PREFIX.length);
}

export function windowsEngine(deps: WindowsEngineDeps = {}): PrintEngine {
  const describe = async (printer: string) => capabilities(printer, await find(printerNameOf(printer), deps.powershell));
  const queue = deps.queue === undefined ? runQueuePowerShell : deps.queue;
  return {
    kind: 'windows',
    describe,
    async print(printer, document, options) {
      const checked = await preflight(document, options, () => describe(printer));
      if ('outcome' in checked) return checked;
      const paper = checked.media === undefined ? undefined : paperForMedia(checked.media);
      if (paper === null) return refusedPaper(String(options.media), `The Windows engine has no name for the paper ${options.media}`);
      const job = windowsJob(printerNameOf(printer), options, paper);
      try {
        windowsPrintOptions(job);
      } catch (error) {
        if (error instanceof WindowsPrintJobError) return refusedPaper(String(options.media), error.message);
        throw error;
      }
      const tag = TAG.exec(options.jobName)?.[1] ?? randomBytes(4).toString('hex');
      await withPrivateCopy(document, fileName(options.jobName, tag), deps.tmpDir, async (file) => {
        try {
          await printOnWindows(file, job, deps.printer);
        } catch (error) {
          // SumatraPDF stopped part-way: the spooler may hold some of it, so this is not sent again unasked.
          if (error instanceof WindowsPrintFailedError) throw new PrinterUnreachableError(error.message, 'maybe');
          throw error;
        }
      });
      return { outcome: 'accepted', ippJobId: Number.parseInt(tag, 16), status: 'successful-ok', unsupported: [] };
    },
    findJob: async () => 'unknowable',
    watch: (printer, jobId, options) => watchQueuedJob(printerNameOf(printer), jobId, queue, options),
    counterHost: async (printer) => tcpHost((await find(printerNameOf(printer), deps.powershell)).port),
  };
}

async function find(name: string, powershell: RunPowerShell | undefined): Promise<WindowsPrinter> {
  const printers = await listWindowsPrinters(powershell);
  const found = printers.find((p) => p.name === name) ?? printers.find((p) => p.name.toLowerCase() === name.toLowerCase());
  if (!found) throw new PrinterAnswerError(`Windows has no printer named ${name.slice(0, 100)}`);
  return found;
}

function capabilities(uri: string, p: WindowsPrinter): PrinterCapabilities {
  const paper = [...new Set(p.paper.flatMap((name) => shopPaper(name) ?? []))];
  return {
    uri,
    name: p.name,
    makeAndModel: p.driver,
    state: p.state === 'printing' ? 'processing' : p.state,
    reasons: p.reasons,
    stateMessage: null,
    // The spooler queues a job even for a printer that is off; the state says whether it will print.
    acceptingJobs: true,
    color: p.color,
    colorModes: p.color ? ['color', 'monochrome'] : ['monochrome'],
    duplex: p.duplex,
    sides: p.duplex ? ['one-sided', 'two-sided-long-edge', 'two-sided-short-edge'] : ['one-sided'],
    media: paper.flatMap((name) => mediaForPaper(name) ?? []),
    paper,
    mediaReady: [],
    copies: { min: 1, max: 999 },
    pageRanges: true,
    pdf: true,
    documentFormats: ['application/pdf'],
  };
}

/** A driver's paper name as the shop names it ("A4", "Letter"), when SumatraPDF can ask for it; else null. */
function shopPaper(driverName: string): string | null {
  const media = mediaForPaper(driverName);
  const name = media === null ? null : paperForMedia(media);
  if (name === null) return null;
  try {
    windowsPrintOptions({ printer: 'x', sides: 'simplex', color: 'monochrome', copies: 1, paper: name });
    return name;
  } catch {
    return null;
  }
}

const SIDES: Record<PrintOptions['sides'], WindowsPrintJob['sides']> = {
  single: 'simplex',
  double: 'duplexlong',
  'double-short-edge': 'duplexshort',
};

function windowsJob(printer: string, options: PrintOptions, paper: string | undefined): WindowsPrintJob {
  return {
    printer,
    sides: SIDES[options.sides],
    color: options.color === 'color' ? 'color' : 'monochrome',
    copies: options.copies,
    ...(options.pageRanges?.length ? { pageRanges: options.pageRanges } : {}),
    ...(paper === undefined ? {} : { paper }),
  };
}

function refusedPaper(value: string, message: string) {
  return refused('client-error-attributes-or-values-not-supported', message, [{ option: 'media', attribute: 'media', value }]);
}

/** The job's name as the Windows queue shows it, with its tag, in characters a Windows file name may hold. */
function fileName(jobName: string, tag: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters cannot be in a file name
  const safe = Array.from(jobName.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim())
    .slice(0, 120)
    .join('');
  return `${TAG.test(safe) ? safe : `${safe} [cp-${tag}]`}.pdf`;
}

/** Writes the PDF where only this user can read it, hands it to `work`, and deletes it whatever happens. */
async function withPrivateCopy(document: Uint8Array, name: string, dir: string | undefined, work: (file: string) => Promise<void>) {
  const folder = await mkdtemp(path.join(dir ?? tmpdir(), 'counterprint-print-'));
  try {
    const file = path.join(folder, name);
    await writeFile(file, document, { mode: 0o600 });
    await work(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The job's states in the Windows queue until it leaves it. A job the queue no longer lists was handed to
 * the printer (Windows drops finished jobs); when the queue cannot be read, that is all the engine says.
 */
async function* watchQueuedJob(
  printer: string,
  jobId: number,
  queue: RunQueuePowerShell | false,
  options: WatchOptions = {},
): AsyncGenerator<JobEvent> {
  yield { ippJobId: jobId, state: 'sent', reasons: [], message: 'Sent to the Windows queue' };
  if (!queue) return yield sentToPrinter(jobId);
  const tag = `[cp-${jobId.toString(16).padStart(8, '0')}]`;
  const deadline = Date.now() + (options.maxWaitMs ?? 30 * 60_000);
  let last = 'sent|';
  for (;;) {
    const jobs = await queuedJobs(printer, queue).catch(() => null);
    const job = jobs?.find((j) => j.documentName.includes(tag));
    if (!job) return yield sentToPrinter(jobId);
    const event = queuedJobEvent(jobId, job.status);
    const key = `${event.state}|${event.reasons.join(',')}`;
    if (key !== last) {
      last = key;
      yield event;
    }
    if (event.state === 'completed' || event.state === 'canceled') return;
    if (Date.now() >= deadline) {
      return yield { ippJobId: jobId, state: 'timed-out', reasons: event.reasons, message: 'Still in the Windows queue' };
    }
    await sleep(options.intervalMs ?? 2_000, undefined, { signal: options.signal });
  }
}

/** A Standard TCP/IP port's printer address ("IP_192.168.1.40" or "192.168.1.40"); null for USB, WSD and the rest. */
export function tcpHost(port: string | null): string | null {
  const match = /^(?:IP_)?(\d{1,3}(?:\.\d{1,3}){3})(?:_\d+)?$/.exec(port ?? '');
  return match?.[1] ?? null;
}
