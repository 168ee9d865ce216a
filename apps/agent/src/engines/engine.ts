import { PrinterAddressError } from '../ipp.js';
import type { PrintOptions, PrintResult } from '../print.js';
import type { PrinterCapabilities } from '../printers.js';
import type { JobEvent, WatchOptions } from '../watch.js';

/**
 * How the agent reaches a printer (docs/decisions/072-print-engines.md). The printer's address says
 * which engine prints on it:
 * - `ipp://…`, `http://…`: the printer itself, over IPP;
 * - `cups:QUEUE`: a CUPS queue on this computer (Linux, macOS), through `lp` and CUPS's own IPP service;
 * - `windows:PRINTER`: a Windows printer through its installed driver (the Windows engine's slot).
 *
 * Every engine prints one print-ready PDF with copies, sides (PrintOptions.sides: single = simplex,
 * double = long edge, double-short-edge = short edge), colour or monochrome, paper and page ranges,
 * and reports the printer's and the job's states in the same words (JobEvent), so the journal's
 * guarantee and the reports to the server do not depend on the engine.
 */
export type EngineKind = 'ipp' | 'cups' | 'windows';

export type PrintEngine = {
  readonly kind: EngineKind;
  /** What the printer is, can do, and its state now. */
  describe(printer: string, options?: { timeoutMs?: number }): Promise<PrinterCapabilities>;
  /** Hands the document to the printer; `ippJobId` is the engine's job number there. */
  print(printer: string, document: Uint8Array, options: PrintOptions): Promise<PrintResult>;
  /**
   * The job sent under this exact name, to find a job again after a send was cut off: null when the
   * printer lists none (so it never got it), 'unknowable' when this engine cannot tell.
   */
  findJob(printer: string, jobName: string, timeoutMs?: number): Promise<number | null | 'unknowable'>;
  /** The job's states until it ends, as watchJob yields them. */
  watch(printer: string, jobId: number, options?: WatchOptions): AsyncGenerator<JobEvent>;
  /** The network host whose SNMP agent may count the printer's pages, or null (a USB printer, say). */
  counterHost(printer: string): Promise<string | null>;
};

export type Engines = Partial<Record<EngineKind, PrintEngine>>;

export function engineKind(printer: string): EngineKind {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(printer)?.[1]?.toLowerCase();
  if (scheme === 'ipp' || scheme === 'ipps' || scheme === 'http' || scheme === 'https') return 'ipp';
  if (scheme === 'cups') return 'cups';
  if (scheme === 'windows') return 'windows';
  throw new PrinterAddressError(`A printer address starts with ipp://, cups: or windows:, not ${printer.slice(0, 40)}`);
}

/** The engine for this printer's address among `engines`; one this build lacks is a clear error, not a crash. */
export function engineFor(printer: string, engines: Engines): PrintEngine {
  const kind = engineKind(printer);
  const engine = engines[kind];
  if (!engine) throw new PrinterAddressError(`This agent cannot print to ${kind} printers on this computer`);
  return engine;
}
