import { execFile } from 'node:child_process';
import type { JobEvent } from '../../watch.js';

/**
 * A job in the Windows print queue, read through PowerShell's Get-PrintJob as JSON. The printer's name
 * reaches PowerShell in an environment variable, never inside the script, so no name can change it.
 * The spooler's states say where the data is, not whether paper came out
 * (docs/decisions/074-windows-package-and-engine.md).
 */

export type RunQueuePowerShell = (args: readonly string[], env: Record<string, string>) => Promise<string>;

export const PRINTER_VARIABLE = 'COUNTERPRINT_PRINTER';

export const LIST_JOBS_ARGS: readonly string[] = [
  '-NoProfile',
  '-NonInteractive',
  '-Command',
  '[Console]::OutputEncoding = [System.Text.UTF8Encoding]::new($false); ' +
    `ConvertTo-Json -Compress -InputObject @(Get-PrintJob -PrinterName $env:${PRINTER_VARIABLE} | ` +
    'Select-Object Id, DocumentName, @{Name="JobStatus"; Expression={[int]$_.JobStatus}})',
];

// JOB_STATUS_* flags of the spooler (winspool.h), as MSFT_PrintJob.JobStatus carries them.
const STATUS = {
  paused: 0x1,
  error: 0x2,
  deleting: 0x4,
  spooling: 0x8,
  printing: 0x10,
  offline: 0x20,
  paperOut: 0x40,
  printed: 0x80,
  deleted: 0x100,
  blocked: 0x200,
  userIntervention: 0x400,
  complete: 0x1000,
} as const;

export type QueuedJob = { id: number; documentName: string; status: number };

export function parseQueuedJobs(stdout: string): QueuedJob[] {
  const text = stdout.replace(/^\uFEFF/, '').trim();
  if (text === '') return [];
  const raw: unknown = JSON.parse(text);
  return [raw].flat().flatMap((item) => {
    const j = item as { Id?: unknown; DocumentName?: unknown; JobStatus?: unknown };
    if (typeof j?.Id !== 'number') return [];
    return [{ id: j.Id, documentName: typeof j.DocumentName === 'string' ? j.DocumentName : '', status: Number(j.JobStatus) || 0 }];
  });
}

/**
 * What a queued job's flags mean, in JobEvent's words: an error, paper out, offline or pause stops it;
 * printing is the spooler sending it to the printer; a finished or deleted job has left Windows.
 */
export function queuedJobEvent(ippJobId: number, status: number): Omit<JobEvent, 'ippJobId'> & { ippJobId: number } {
  const has = (flag: number) => (status & flag) !== 0;
  const reasons = [
    has(STATUS.paperOut) ? 'media-empty' : null,
    has(STATUS.offline) ? 'offline' : null,
    has(STATUS.paused) ? 'paused' : null,
    has(STATUS.userIntervention) ? 'user-intervention' : null,
    has(STATUS.blocked) ? 'blocked' : null,
    has(STATUS.error) ? 'error' : null,
  ].filter((r): r is string => r !== null);
  if (has(STATUS.deleted) || has(STATUS.deleting)) {
    return { ippJobId, state: 'canceled', reasons: ['deleted-from-windows-queue'], message: 'The job was deleted from the Windows queue' };
  }
  if (reasons.length > 0) return { ippJobId, state: 'stopped', reasons, message: 'The Windows queue holds the job' };
  if (has(STATUS.printed) || has(STATUS.complete)) return sentToPrinter(ippJobId);
  if (has(STATUS.printing)) return { ippJobId, state: 'processing', reasons: [], message: 'Windows is sending the job to the printer' };
  return { ippJobId, state: 'sent', reasons: [], message: 'In the Windows queue (spooling)' };
}

/** The end Windows can vouch for: the spooler handed all of it to the printer, which did not say it printed. */
export const SENT_NOT_CONFIRMED = 'sent-not-confirmed';
export function sentToPrinter(ippJobId: number): JobEvent {
  return {
    ippJobId,
    state: 'completed',
    reasons: [SENT_NOT_CONFIRMED],
    message: 'Sent to the Windows queue, which passed it to the printer; the printer has not confirmed printing it',
  };
}

export const runQueuePowerShell: RunQueuePowerShell = (args, env) =>
  new Promise((resolve, reject) => {
    execFile(
      'powershell.exe',
      [...args],
      { windowsHide: true, timeout: 30_000, maxBuffer: 8 * 2 ** 20, env: { ...process.env, ...env } },
      (error, stdout, stderr) => (error ? reject(new Error((stderr || error.message).trim().slice(0, 300))) : resolve(stdout)),
    );
  });

/** The jobs in this printer's Windows queue now. */
export async function queuedJobs(printer: string, run: RunQueuePowerShell): Promise<QueuedJob[]> {
  return parseQueuedJobs(await run(LIST_JOBS_ARGS, { [PRINTER_VARIABLE]: printer }));
}
