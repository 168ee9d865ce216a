import { execFile } from 'node:child_process';
import { type CupsOptions, cupsPrinter, cupsServer } from '../engines/cups/cups.js';

/**
 * The CUPS queues of this computer, as `lpstat -e` names them (one per line: CUPS queue names have no
 * spaces), as cups: printer addresses. No CUPS, or no lpstat: none.
 */
export function cupsQueues(options: CupsOptions = {}): Promise<string[]> {
  const env = { ...process.env, CUPS_SERVER: cupsServer(options) };
  return new Promise((resolve) =>
    execFile('lpstat', ['-e'], { env, timeout: 15_000 }, (error, stdout) => {
      if (error) return resolve([]);
      resolve(
        [
          ...new Set(
            stdout
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean),
          ),
        ].map(cupsPrinter),
      );
    }),
  );
}
