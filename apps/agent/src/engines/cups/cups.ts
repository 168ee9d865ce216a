import { execFile, spawn } from 'node:child_process';
import { PrinterAnswerError, PrinterUnreachableError } from '../../ipp.js';
import { preflight, refused } from '../../print.js';
import { describePrinter } from '../../printers.js';
import { watchJob } from '../../watch.js';
import type { PrintEngine } from '../engine.js';
import { findJobByName } from '../ipp.js';
import { checkQueueName, lpArgs, lpJobId } from './lp.js';

/**
 * A CUPS queue on this computer (docs/decisions/072-print-engines.md): the job goes in through `lp`, run as
 * an argument vector with the PDF on its standard input, so the agent writes no copy of it to disk; what the
 * queue and its jobs are doing is read from the same CUPS server over IPP (printer-state-reasons, job-state).
 */

export type CupsOptions = {
  /** host:port of the CUPS server, as CUPS_SERVER names it; absent: $CUPS_SERVER, else localhost:631. */
  server?: string;
  /** How long lp may take to hand a job to CUPS. */
  timeoutMs?: number;
};

const LP_TIMEOUT_MS = 120_000;
const PREFIX = 'cups:';

export const cupsPrinter = (queue: string) => `${PREFIX}${queue}`;

export function queueOf(printer: string): string {
  if (!printer.startsWith(PREFIX)) throw new RangeError(`Not a CUPS printer: ${printer.slice(0, 60)}`);
  return checkQueueName(printer.slice(PREFIX.length));
}

/** The server lp and lpstat use; a socket path is reached over TCP on localhost, where CUPS listens by default. */
export function cupsServer(options: CupsOptions = {}): string {
  const server = options.server ?? process.env.CUPS_SERVER ?? '';
  return server && !server.startsWith('/') ? server : 'localhost:631';
}

/** The queue's address in CUPS's IPP service; the name is percent-encoded, so '&', '%' and any letter survive. */
export function queueUri(queue: string, options: CupsOptions = {}): string {
  return `ipp://${cupsServer(options)}/printers/${encodeURIComponent(queue)}`;
}

export function cupsEngine(options: CupsOptions = {}): PrintEngine {
  const env = { ...process.env, CUPS_SERVER: cupsServer(options) };
  const describe = async (printer: string, o?: { timeoutMs?: number }) => {
    const queue = queueOf(printer);
    const found = await describePrinter(queueUri(queue, options), o);
    return { ...found, uri: printer, name: queue };
  };
  return {
    kind: 'cups',
    describe,
    async print(printer, document, printOptions) {
      const queue = queueOf(printer);
      const checked = await preflight(document, printOptions, () => describe(printer, printOptions));
      if ('outcome' in checked) return checked;
      const args = lpArgs(queue, printOptions, checked.media, checked.printer);
      const answer = await runLp(args, document, env, options.timeoutMs ?? LP_TIMEOUT_MS);
      if (answer.code !== 0) {
        const said = answer.stderr.trim().replace(/^lp: /, '') || `lp ended with ${answer.code}`;
        if (/scheduler is not running|unable to connect|connection refused/i.test(said)) {
          throw new PrinterUnreachableError(`CUPS is not answering: ${said}`, 'no');
        }
        return refused('cups-refused', said.slice(0, 300), []);
      }
      const jobId = lpJobId(answer.stdout);
      if (jobId === null) throw new PrinterAnswerError(`CUPS took the job but lp gave no job number: ${answer.stdout.slice(0, 200)}`);
      return { outcome: 'accepted', ippJobId: jobId, status: 'successful-ok', unsupported: [] };
    },
    // CUPS keeps every job's history, so a job it does not list never reached it.
    findJob: (printer, jobName, timeoutMs) => findJobByName(queueUri(queueOf(printer), options), jobName, timeoutMs),
    watch: (printer, jobId, o) => watchJob(queueUri(queueOf(printer), options), jobId, o),
    counterHost: async (printer) => networkHost(await deviceUri(queueOf(printer), env)),
  };
}

type LpAnswer = { code: number; stdout: string; stderr: string };

/** lp with the document on standard input; cut off after it started, the job may have reached CUPS. */
function runLp(args: string[], document: Uint8Array, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<LpAnswer> {
  return new Promise((resolve, reject) => {
    const child = spawn('lp', args, { env, stdio: ['pipe', 'pipe', 'pipe'], timeout: timeoutMs });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin.on('error', () => {});
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') reject(new PrinterAnswerError('lp is not installed: install CUPS (Debian: cups-client)'));
      else reject(new PrinterUnreachableError(`lp could not be run: ${error.message}`, 'no'));
    });
    child.on('close', (code, signal) => {
      const stdout = Buffer.concat(out).toString();
      const stderr = Buffer.concat(err).toString();
      if (signal) reject(new PrinterUnreachableError(`lp was stopped (${signal}) while handing the job to CUPS`, 'maybe'));
      else resolve({ code: code ?? 1, stdout, stderr });
    });
    child.stdin.end(document);
  });
}

/** The queue's device URI from `lpstat -v`, e.g. ipp://192.168.1.20/ipp/print or usb://Canon/LBP2900. */
export async function deviceUri(queue: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const stdout = await new Promise<string>((resolve) =>
    execFile('lpstat', ['-v', queue], { env, timeout: 15_000 }, (error, out) => resolve(error ? '' : out)),
  );
  const prefix = `device for ${queue}: `;
  const line = stdout.split('\n').find((l) => l.startsWith(prefix));
  return line ? line.slice(prefix.length).trim() : null;
}

const NETWORK_SCHEMES = new Set(['ipp:', 'ipps:', 'http:', 'https:', 'socket:', 'lpd:']);

function networkHost(uri: string | null): string | null {
  if (!uri) return null;
  try {
    const url = new URL(uri);
    return NETWORK_SCHEMES.has(url.protocol) && url.hostname ? url.hostname.replace(/^\[|\]$/g, '') : null;
  } catch {
    return null;
  }
}
