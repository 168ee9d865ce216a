import { execFile } from 'node:child_process';
import { z } from 'zod';

/**
 * The PC's Windows printers, what they can do and their state, read from Win32_Printer through PowerShell
 * as JSON (docs/decisions/074-windows-package-and-engine.md). Reasons use IPP's printer-state-reasons
 * keywords, as the IPP engine reports them, so the server and staff see one vocabulary.
 */

export type WindowsPrinter = {
  name: string;
  driver: string | null;
  port: string | null;
  isDefault: boolean;
  color: boolean;
  duplex: boolean;
  /** Paper names as the driver gives them ("A4", "Letter", "Legal"). */
  paper: string[];
  state: 'idle' | 'printing' | 'stopped';
  reasons: string[];
};

/** The argument vector for powershell.exe: no profile, no prompt; one array of printers as UTF-8 JSON. */
export const LIST_PRINTERS_ARGS: readonly string[] = [
  '-NoProfile',
  '-NonInteractive',
  '-Command',
  '[Console]::OutputEncoding = [System.Text.UTF8Encoding]::new($false); ' +
    'ConvertTo-Json -Compress -Depth 3 -InputObject @(Get-CimInstance -ClassName Win32_Printer | ' +
    'Select-Object Name, DriverName, PortName, Default, WorkOffline, PrinterStatus, DetectedErrorState, ' +
    'ExtendedDetectedErrorState, CapabilityDescriptions, PrinterPaperNames)',
];

const texts = z
  .union([z.array(z.string().nullable()), z.string(), z.null()])
  .optional()
  .transform((v) => (v == null ? [] : [v].flat().filter((s): s is string => typeof s === 'string')));
const ZWin32Printer = z.object({
  Name: z.string().min(1),
  DriverName: z.string().nullish(),
  PortName: z.string().nullish(),
  Default: z.boolean().nullish(),
  WorkOffline: z.boolean().nullish(),
  PrinterStatus: z.number().int().nullish(),
  DetectedErrorState: z.number().int().nullish(),
  CapabilityDescriptions: texts,
  PrinterPaperNames: texts,
});

export class WindowsPrinterListError extends Error {
  override name = 'WindowsPrinterListError';
}

// Win32_Printer.DetectedErrorState: what stops a printer, as IPP's keyword (3 low paper and 5 low toner warn).
const ERROR_STATE_REASON: Record<number, string> = {
  3: 'media-low',
  4: 'media-empty',
  5: 'toner-low',
  6: 'toner-empty',
  7: 'door-open',
  8: 'media-jam',
  9: 'offline',
  10: 'other',
  11: 'output-area-full',
};
const WARNINGS = new Set(['media-low', 'toner-low']);
// Win32_Printer.PrinterStatus: 4 printing, 5 warming up; 6 stopped printing, 7 offline.
const PRINTING = new Set([4, 5]);

/** Parses what LIST_PRINTERS_ARGS prints; a printer the spooler half-describes is kept with what it said. */
export function parseWindowsPrinters(stdout: string): WindowsPrinter[] {
  const text = stdout.replace(/^\uFEFF/, '').trim();
  if (text === '') return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new WindowsPrinterListError(`PowerShell did not answer with JSON: ${text.slice(0, 120)}`);
  }
  return [raw].flat().flatMap((item) => {
    const parsed = ZWin32Printer.safeParse(item);
    return parsed.success ? [windowsPrinter(parsed.data)] : [];
  });
}

function windowsPrinter(p: z.infer<typeof ZWin32Printer>): WindowsPrinter {
  const capabilities = new Set(p.CapabilityDescriptions.map((c) => c.toLowerCase()));
  const reasons: string[] = [];
  const error = p.DetectedErrorState == null ? undefined : ERROR_STATE_REASON[p.DetectedErrorState];
  if (error) reasons.push(error);
  if ((p.WorkOffline || p.PrinterStatus === 7) && !reasons.includes('offline')) reasons.push('offline');
  if (p.PrinterStatus === 6 && reasons.length === 0) reasons.push('paused');
  const stopped = reasons.some((r) => !WARNINGS.has(r));
  return {
    name: p.Name,
    driver: p.DriverName ?? null,
    port: p.PortName ?? null,
    isDefault: p.Default === true,
    color: capabilities.has('color'),
    duplex: capabilities.has('duplex'),
    paper: [...new Set(p.PrinterPaperNames)].slice(0, 100),
    state: stopped ? 'stopped' : PRINTING.has(p.PrinterStatus ?? 0) ? 'printing' : 'idle',
    reasons,
  };
}

export type RunPowerShell = (args: readonly string[]) => Promise<string>;

const runPowerShell: RunPowerShell = (args) =>
  new Promise((resolve, reject) => {
    execFile('powershell.exe', [...args], { windowsHide: true, timeout: 30_000, maxBuffer: 8 * 2 ** 20 }, (error, stdout, stderr) => {
      if (error)
        reject(new WindowsPrinterListError(`PowerShell could not list the printers: ${(stderr || error.message).trim().slice(0, 300)}`));
      else resolve(stdout);
    });
  });

/** The printers this Windows PC prints to. */
export async function listWindowsPrinters(run: RunPowerShell = runPowerShell): Promise<WindowsPrinter[]> {
  return parseWindowsPrinters(await run(LIST_PRINTERS_ARGS));
}
