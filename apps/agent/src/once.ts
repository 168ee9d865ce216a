import { randomBytes } from 'node:crypto';
import { ippRequest, isSuccess, PrinterAnswerError, PrinterUnreachableError, text, texts } from './ipp.js';
import type { Journal, JournalEntry, JournalKey } from './journal.js';
import { type PrintOptions, type PrintResult, printDocument } from './print.js';

export type OnceResult = PrintResult & { resumed: boolean };

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
): Promise<OnceResult> {
  return journal.exclusive(key, async () => {
    const entry = await journal.read(key);
    if (entry?.phase === 'submitted') return resumed(entry);
    if (entry?.phase === 'sending') {
      const ippJobId = await findJob(uri, entry.ippJobName, options.timeoutMs);
      if (ippJobId !== null) {
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
      at: now(),
    };
    await journal.record(sending);
    let result: PrintResult;
    try {
      result = await printDocument(uri, document, { ...options, jobName: sending.ippJobName });
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

function resumed(entry: Extract<JournalEntry, { phase: 'submitted' }>): OnceResult {
  return { outcome: 'accepted', ippJobId: entry.ippJobId, status: entry.status, unsupported: entry.unsupported, resumed: true };
}

// A random tag per print command, not one derived from the key: a deliberate reprint after forget() must
// not find the earlier printout's job.
function tagged(jobName: string): string {
  const name = Array.from(jobName.trim()).slice(0, JOB_NAME_MAX).join('');
  return `${name} [cp-${randomBytes(4).toString('hex')}]`;
}

/** The printer's job with this exact name, or null when it lists none. */
async function findJob(uri: string, ippJobName: string, timeoutMs: number | undefined): Promise<number | null> {
  const answer = await ippRequest(uri, {
    operation: 'Get-Jobs',
    operationAttributes: { 'requesting-user-name': 'counterprint', 'which-jobs': 'all', 'requested-attributes': ['job-id', 'job-name'] },
    timeoutMs,
  });
  if (!isSuccess(answer.status)) {
    throw new PrinterAnswerError(`Cannot tell whether the printer already took this file: it refused to list its jobs (${answer.status})`);
  }
  for (const job of answer.jobs) {
    // A name with a language comes as "language\u001ename".
    const name = texts(job['job-name'])[0]?.split('\u001e').pop();
    const id = Number(text(job['job-id']));
    if (name === ippJobName && Number.isInteger(id)) return id;
  }
  return null;
}

function now(): string {
  return new Date().toISOString();
}
