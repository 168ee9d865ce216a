import snmp from 'net-snmp';

/**
 * The printer's own page counter, Printer-MIB prtMarkerLifeCount for its first marker (RFC 3805), read over
 * SNMP v2c. It counts what the engine really put through, whatever the spooler said, so its rise across
 * a job is the one "printed" the agent can prove (docs/decisions/073-printers-found-not-typed.md).
 */
export const PRT_MARKER_LIFE_COUNT = '1.3.6.1.2.1.43.10.2.1.4.1.1';

export type CounterOptions = { port?: number; community?: string; timeoutMs?: number; retries?: number };

/** The counter's value, or null when the printer does not answer SNMP or has no such counter. */
export function readPageCounter(host: string, options: CounterOptions = {}): Promise<number | null> {
  return new Promise((resolve) => {
    let session: ReturnType<typeof snmp.createSession>;
    try {
      session = snmp.createSession(host, options.community ?? 'public', {
        port: options.port ?? 161,
        version: snmp.Version2c,
        timeout: options.timeoutMs ?? 2_000,
        retries: options.retries ?? 1,
      });
    } catch {
      return resolve(null);
    }
    session.on('error', () => {});
    session.get([PRT_MARKER_LIFE_COUNT], (error, varbinds) => {
      session.close();
      const varbind = varbinds?.[0];
      if (error || !varbind || snmp.isVarbindError(varbind)) return resolve(null);
      const value = Number(varbind.value);
      resolve(Number.isSafeInteger(value) && value >= 0 ? value : null);
    });
  });
}

/** What the counter says of one job: the sheets it rose by against those the job should take. */
export type CounterCheck = { before: number; after: number; printed: number; expected: number; short: boolean };

export function checkCount(before: number, after: number, expected: number): CounterCheck {
  const printed = after - before;
  return { before, after, printed, expected, short: printed < expected };
}

export function counterWords(check: CounterCheck): string {
  const counter = `(counter ${check.before} → ${check.after})`;
  const sheets = (n: number) => `${n} sheet${n === 1 ? '' : 's'}`;
  return check.short
    ? `Printed ${check.printed} of ${sheets(check.expected)} ${counter}: a possible jam or waste. Check the printer; its next job waits until staff confirm`
    : `Printed ${sheets(check.printed)} ${counter}`;
}

/** Sheets a job should take: each copy's pages, two to a sheet when two-sided. */
export function expectedSheets(pages: number, options: { copies: number; sides: string; pageRanges?: [number, number][] }): number {
  const chosen = options.pageRanges?.length
    ? new Set(
        options.pageRanges.flatMap(([from, to]) => Array.from({ length: Math.max(0, Math.min(to, pages) - from + 1) }, (_, i) => from + i)),
      ).size
    : pages;
  const perCopy = options.sides === 'single' ? chosen : Math.ceil(chosen / 2);
  return perCopy * options.copies;
}
