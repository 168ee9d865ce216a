import { randomBytes } from 'node:crypto';
import type { PrintEngine } from './engines/engine.js';
import { ippEngine } from './engines/ipp.js';
import { PrinterUnreachableError } from './ipp.js';
import type { Journal, JournalEntry, JournalKey } from './journal.js';
import type { PrintOptions, PrintResult } from './print.js';

/**
 * 'unknown': an earlier send of this file was cut off and this engine cannot tell whether the printer got
 * it; nothing was sent again, staff must look at the printer and send the file again if it did not print.
 */
export type OnceResult = (PrintResult & { resumed: boolean }) | { outcome: 'unknown'; message: string; resumed: false };

export type OnceContext = {
  engine?: PrintEngine;
  /** The print command being carried out: the same command finding its own cut-off send asks staff. */
  commandId?: string;
};

const JOB_NAME_MAX = 200;

/**
 * Prints a job's file unless the journal says the printer already has it: then it returns that printer
 * job (`resumed`), for the caller to watch again. A Print-Job cut off after it reached the printer leaves
 * the entry 'sending'; the next call looks for the job by its tagged name before sending the file again.
 */
export function printOnce(
  journal: Journal,
  key: JournalKey,
  uri: string,
  document: Uint8Array,
  options: PrintOptions,
  context: OnceContext = {},
): Promise<OnceResult> {
  const engine = context.engine ?? ippEngine;
  return journal.exclusive(key, async () => {
    let entry = await journal.read(key);
    if (entry?.phase === 'submitted') return resumed(entry);
    if (entry?.phase === 'sending') {
      const ippJobId = await engine.findJob(uri, entry.ippJobName, options.timeoutMs);
      if (ippJobId === 'unknowable' && (entry.commandId === undefined || entry.commandId === context.commandId)) {
        return { outcome: 'unknown', resumed: false, message: UNKNOWN_MESSAGE };
      }
      // Another command for the file after an unknown outcome: staff looked and sent it again.
      if (ippJobId === 'unknowable') entry = null;
      else if (ippJobId !== null) {
        const submitted: JournalEntry = { ...entry, phase: 'submitted', ippJobId, status: 'successful-ok', unsupported: [], at: now() };
        await journal.record(submitted);
        return resumed(submitted);
      }
    }
    const sending: JournalEntry = {
      ...key,
      phase: 'sending',
      printerUri: uri,
      ippJobName: entry?.ippJobName ?? tagged(options.jobName),
      ...(context.commandId ? { commandId: context.commandId } : {}),
      at: now(),
    };
    await journal.record(sending);
    let result: PrintResult;
    try {
      result = await engine.print(uri, document, { ...options, jobName: sending.ippJobName });
    } catch (error) {
      // Only a request that may have reached the printer keeps its entry; anything else can be sent again.
      if (!(error instanceof PrinterUnreachableError && error.delivered === 'maybe')) await journal.forget(key);
      throw error;
    }
    if (result.outcome === 'refused') {
      await journal.forget(key);
      return { ...result, resumed: false };
    }
    await journal.record({
      ...sending,
      phase: 'submitted',
      ippJobId: result.ippJobId,
      status: result.status,
      unsupported: result.unsupported,
      at: now(),
    });
    return { ...result, resumed: false };
  });
}

const UNKNOWN_MESSAGE =
  'The agent stopped while sending this file and cannot tell whether the printer got it: check the printer, and send the file again if it did not print';

function resumed(entry: Extract<JournalEntry, { phase: 'submitted' }>): OnceResult {
  return { outcome: 'accepted', ippJobId: entry.ippJobId, status: entry.status, unsupported: entry.unsupported, resumed: true };
}

// A random tag per print command, not one derived from the key: a deliberate reprint after forget() must
// not find the earlier printout's job.
function tagged(jobName: string): string {
  const name = Array.from(jobName.trim()).slice(0, JOB_NAME_MAX).join('');
  return `${name} [cp-${randomBytes(4).toString('hex')}]`;
}

function now(): string {
  return new Date().toISOString();
}
