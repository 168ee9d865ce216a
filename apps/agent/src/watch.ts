import { setTimeout as sleep } from 'node:timers/promises';
import { ippRequest, isSuccess, PrinterAnswerError, PrinterUnreachableError, text, texts } from './ipp.js';
import { printerAttributes, printerCondition } from './printers.js';

/**
 * What became of a job at the printer:
 * - sent: the printer holds it and has not started it;
 * - processing: printing;
 * - stopped: the printer cannot go on (its reasons, e.g. media-empty or paused), the job waits;
 * - unreachable: the printer did not answer this time; watching goes on;
 * - completed, canceled, aborted (with the printer's reasons and message): the job's end;
 * - unknown: the printer no longer lists the job (it may have printed);
 * - timed-out: the job had not ended when the watch's time ran out.
 */
export type JobState = 'sent' | 'processing' | 'stopped' | 'unreachable' | 'completed' | 'canceled' | 'aborted' | 'unknown' | 'timed-out';

export type JobEvent = { ippJobId: number; state: JobState; reasons: string[]; message: string | null };

export type WatchOptions = {
  /** Between two looks at the printer. */
  intervalMs?: number;
  /** The watch ends with 'timed-out' after this long. */
  maxWaitMs?: number;
  /** One request's time limit. */
  timeoutMs?: number;
  signal?: AbortSignal;
};

const FINAL_STATES: ReadonlySet<JobState> = new Set(['completed', 'canceled', 'aborted', 'unknown', 'timed-out']);
const JOB_ATTRIBUTES = ['job-id', 'job-state', 'job-state-reasons', 'job-state-message'];
const PRINTER_ATTRIBUTES = ['printer-state', 'printer-state-reasons', 'printer-state-message', 'printer-is-accepting-jobs'];

export const isFinal = (state: JobState) => FINAL_STATES.has(state);

/**
 * Polls the printer (Get-Job-Attributes and the printer's state) until the job ends, yielding each change
 * of state or reasons, and last a final event.
 */
export async function* watchJob(uri: string, ippJobId: number, options: WatchOptions = {}): AsyncGenerator<JobEvent> {
  const intervalMs = options.intervalMs ?? 2_000;
  const deadline = Date.now() + (options.maxWaitMs ?? 30 * 60_000);
  let last = '';
  for (;;) {
    const event = await look(uri, ippJobId, options.timeoutMs);
    const key = `${event.state}|${event.reasons.join(',')}`;
    if (key !== last) {
      last = key;
      yield event;
    }
    if (isFinal(event.state)) return;
    if (Date.now() >= deadline) {
      yield { ippJobId, state: 'timed-out', reasons: event.reasons, message: 'The job had not finished when the agent stopped watching' };
      return;
    }
    await sleep(intervalMs, undefined, { signal: options.signal });
  }
}

async function look(uri: string, ippJobId: number, timeoutMs: number | undefined): Promise<JobEvent> {
  try {
    const answer = await ippRequest(uri, {
      operation: 'Get-Job-Attributes',
      operationAttributes: { 'job-id': ippJobId, 'requesting-user-name': 'counterprint', 'requested-attributes': JOB_ATTRIBUTES },
      timeoutMs,
    });
    if (answer.status === 'client-error-not-found') {
      return { ippJobId, state: 'unknown', reasons: [], message: 'The printer no longer lists this job' };
    }
    if (!isSuccess(answer.status)) {
      return { ippJobId, state: 'unreachable', reasons: [], message: answer.statusMessage ?? answer.status };
    }
    const job = answer.jobs[0] ?? {};
    const jobState = text(job['job-state']);
    const jobReasons = texts(job['job-state-reasons']).filter((r) => r !== 'none');
    const jobMessage = text(job['job-state-message']);
    if (jobState === 'completed') return { ippJobId, state: 'completed', reasons: [], message: jobMessage };
    if (jobState === 'canceled' || jobState === 'aborted') return { ippJobId, state: jobState, reasons: jobReasons, message: jobMessage };

    const printer = printerCondition(await printerAttributes(uri, PRINTER_ATTRIBUTES, timeoutMs));
    if (jobState === 'processing-stopped' || printer.state === 'stopped') {
      return { ippJobId, state: 'stopped', reasons: printer.reasons, message: printer.stateMessage };
    }
    if (jobState === 'processing') return { ippJobId, state: 'processing', reasons: [], message: jobMessage };
    return { ippJobId, state: 'sent', reasons: jobReasons, message: jobMessage };
  } catch (error) {
    // A printer that drops off the network or answers garbage for a moment may still finish the job.
    if (error instanceof PrinterUnreachableError || error instanceof PrinterAnswerError)
      return { ippJobId, state: 'unreachable', reasons: [], message: error.message };
    throw error;
  }
}
