import { ippRequest, isSuccess, PrinterAnswerError, printerAddress, text, texts } from '../ipp.js';
import { printDocument } from '../print.js';
import { describePrinter } from '../printers.js';
import { watchJob } from '../watch.js';
import type { PrintEngine } from './engine.js';

/** The printer itself over IPP (docs/decisions/045-print-agent-speaks-ipp.md). */
export const ippEngine: PrintEngine = {
  kind: 'ipp',
  describe: (uri, options) => describePrinter(uri, options),
  print: printDocument,
  findJob: findJobByName,
  watch: (uri, jobId, options) => watchJob(uri, jobId, options),
  counterHost: async (uri) => printerAddress(uri).host,
};

/** The IPP service's job with this exact name, or null when it lists none. */
export async function findJobByName(uri: string, jobName: string, timeoutMs?: number): Promise<number | null> {
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
    if (name === jobName && Number.isInteger(id)) return id;
  }
  return null;
}
