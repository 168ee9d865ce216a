import { type TReportedPrinter, ZPrinterReport } from '@counterprint/contract';
import { type Engines, engineFor } from './engines/engine.js';
import { defaultEngines } from './engines/index.js';
import type { PrinterCapabilities } from './printers.js';

/** A printer as the server is told of it, cut to the contract's bounds: a printer's own words can be long. */
export function reportedPrinter(printer: PrinterCapabilities): TReportedPrinter {
  return {
    uri: printer.uri,
    name: cut(printer.name, 200),
    makeAndModel: printer.makeAndModel === null ? null : cut(printer.makeAndModel, 200),
    state: printer.state,
    reasons: printer.reasons.slice(0, 20).map((r) => cut(r, 100)),
    stateMessage: printer.stateMessage === null ? null : cut(printer.stateMessage, 300),
    acceptingJobs: printer.acceptingJobs,
    color: printer.color,
    duplex: printer.duplex,
    paper: printer.paper.slice(0, 50).map((p) => cut(p, 40)),
    pageRanges: printer.pageRanges,
    pdf: printer.pdf,
  };
}

/**
 * Asks every configured printer what it is now. One that does not answer is still listed, as stopped and
 * unreachable, with what it could do when it last answered: staff then see it is off, not that it is gone.
 */
export async function describePrinters(
  uris: readonly string[],
  lastKnown: Map<string, TReportedPrinter>,
  engines: Engines = defaultEngines(),
): Promise<TReportedPrinter[]> {
  const printers = await Promise.all(
    uris.map(async (uri): Promise<TReportedPrinter> => {
      try {
        const printer = reportedPrinter(await engineFor(uri, engines).describe(uri));
        lastKnown.set(uri, printer);
        return printer;
      } catch (error) {
        return unreachable(uri, lastKnown.get(uri), (error as Error).message);
      }
    }),
  );
  return ZPrinterReport.parse({ printers }).printers;
}

function unreachable(uri: string, known: TReportedPrinter | undefined, why: string): TReportedPrinter {
  const base = known ?? {
    uri,
    name: cut(uri, 200),
    makeAndModel: null,
    acceptingJobs: false,
    color: false,
    duplex: false,
    paper: [],
    pageRanges: false,
    pdf: false,
  };
  return { ...base, state: 'stopped', reasons: ['unreachable'], stateMessage: cut(why, 300) };
}

const cut = (text: string, max: number) => text.slice(0, max);
