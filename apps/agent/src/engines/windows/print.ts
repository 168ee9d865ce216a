import { access } from 'node:fs/promises';
import path from 'node:path';
// pdf-to-printer is CommonJS that Node.js's ESM loader cannot name exports of: its module object, by default import.
import pdfToPrinterModule from 'pdf-to-printer';
import { type WindowsPrintJob, windowsPrintOptions } from './print-args.js';

const pdfToPrinter = pdfToPrinterModule.print;

/** The SumatraPDF that pdf-to-printer ships; the Windows package puts it beside counterprint-agent.exe. */
export const SUMATRA_PDF = 'SumatraPDF-3.4.6-32.exe';

export type WindowsPrintDeps = {
  /** pdf-to-printer's print(); a test passes its own. */
  print?: typeof pdfToPrinter;
  /** Where SumatraPDF is; absent: the copy inside pdf-to-printer's own folder. */
  sumatraPdfPath?: string;
};

/**
 * What is known when SumatraPDF returns: the Windows spooler took the job. It does not ask the printer, so
 * this is "sent", never "printed" (docs/decisions/074-windows-package-and-engine.md).
 */
export type WindowsPrintResult = { outcome: 'spooled'; printer: string };

export class WindowsPrintFailedError extends Error {
  override name = 'WindowsPrintFailedError';
}

/**
 * Prints one PDF on a Windows printer through its installed driver. SumatraPDF runs as its own process,
 * started with the argument vector windowsPrintArgs() gives, never through a shell.
 */
export async function printOnWindows(pdfFile: string, job: WindowsPrintJob, deps: WindowsPrintDeps = {}): Promise<WindowsPrintResult> {
  const options = windowsPrintOptions(job);
  const file = path.resolve(pdfFile);
  await access(file).catch(() => {
    throw new WindowsPrintFailedError(`The PDF to print is not there: ${file}`);
  });
  const sumatraPdfPath = deps.sumatraPdfPath ?? (await packagedSumatra());
  try {
    await (deps.print ?? pdfToPrinter)(file, { ...options, ...(sumatraPdfPath ? { sumatraPdfPath } : {}) });
  } catch (error) {
    // pdf-to-printer passes on execFile's error: SumatraPDF's exit code and what it wrote.
    const e = error as { code?: number | string; stderr?: string; message?: string };
    const said = (e.stderr ?? '').trim() || e.message || String(error);
    throw new WindowsPrintFailedError(`Windows did not take the job for ${job.printer}: ${said.slice(0, 300)}`);
  }
  return { outcome: 'spooled', printer: job.printer };
}

/** Inside counterprint-agent.exe, SumatraPDF is the file beside the executable. */
async function packagedSumatra(): Promise<string | undefined> {
  const { isSea } = await import('node:sea').catch(() => ({ isSea: () => false }));
  return isSea() ? path.join(path.dirname(process.execPath), SUMATRA_PDF) : undefined;
}
