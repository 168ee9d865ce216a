import {
  PRINTER_WARNING_WORDS,
  type TPrinterChoice,
  type TPrinterRef,
  type TPrinterWarning,
  type TPrintSides,
  type TReportedPrinter,
} from '@counterprint/contract';

/** What one file asks of a printer. 'color' is also a mixed file: a colour printer prints its B&W runs in monochrome. */
export type FileNeeds = { color: 'bw' | 'color'; sides: TPrintSides; paper: string };

export type Candidate = { ref: TPrinterRef; printer: TReportedPrinter };

export type Missing = 'color' | 'duplex' | 'paper';

const NEEDS = ['color', 'duplex', 'paper'] as const;

const samePaper = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A printer that reported no paper we have a name for is not ruled out by paper: it may use its own names. */
function meets(printer: TReportedPrinter, needs: FileNeeds, need: Missing): boolean {
  if (need === 'color') return needs.color === 'bw' || printer.color;
  if (need === 'duplex') return needs.sides === 'single' || printer.duplex;
  return printer.paper.length === 0 || printer.paper.some((p) => samePaper(p, needs.paper));
}

/** What this printer cannot do of what the file needs, or null when it can print it. */
export function canPrint(printer: TReportedPrinter, needs: FileNeeds): Missing | null {
  return NEEDS.find((need) => !meets(printer, needs, need)) ?? null;
}

/**
 * The shop's chosen printers in the order a file tries them: a B&W file its B&W printer first, then the
 * colour one (which prints monochrome too); a colour file the colour printer first.
 */
export function candidatesFor(needs: FileNeeds, choice: TPrinterChoice, reported: (ref: TPrinterRef) => TReportedPrinter | undefined) {
  const order = needs.color === 'bw' ? [choice.bw, choice.color] : [choice.color, choice.bw];
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const ref of order) {
    if (!ref || seen.has(`${ref.deviceId} ${ref.uri}`)) continue;
    seen.add(`${ref.deviceId} ${ref.uri}`);
    const printer = reported(ref);
    if (printer) candidates.push({ ref, printer });
  }
  return candidates;
}

/**
 * The first candidate that can print the file as ordered, or what none of them can do: the first need
 * (colour, sides, paper) that no candidate meets, else what the first candidate misses.
 */
export function choosePrinter(needs: FileNeeds, candidates: readonly Candidate[]): Candidate | { missing: Missing } {
  const misses = candidates.map((c) => canPrint(c.printer, needs));
  const fit = misses.indexOf(null);
  if (fit >= 0) return candidates[fit]!;
  const unmet = NEEDS.find((need) => !candidates.some((c) => meets(c.printer, needs, need)));
  return { missing: unmet ?? misses[0] ?? 'color' };
}

type Sold = { paper: string | null; sides: string | null; color: string | null };
type Reporting = { id: string; printers: TReportedPrinter[] };

/**
 * What the rate card sells that no chosen printer can print, for Settings → Printers. Nothing while no
 * printer is chosen: the panel asks for a choice first.
 */
export function printerWarnings(sold: readonly Sold[], choice: TPrinterChoice, devices: readonly Reporting[]): TPrinterWarning[] {
  const chosen = [choice.bw, choice.color].flatMap(
    (ref) => (ref && devices.find((d) => d.id === ref.deviceId)?.printers.find((p) => p.uri === ref.uri)) || [],
  );
  if (chosen.length === 0) return [];
  const warnings: TPrinterWarning[] = [];
  if (sold.some((s) => s.sides === 'double') && !chosen.some((p) => p.duplex))
    warnings.push({ need: 'duplex', paper: null, message: PRINTER_WARNING_WORDS.duplex });
  if (sold.some((s) => s.color === 'color') && !chosen.some((p) => p.color))
    warnings.push({ need: 'color', paper: null, message: PRINTER_WARNING_WORDS.color });
  const papers = [...new Set(sold.flatMap((s) => (s.paper?.trim() ? [s.paper.trim()] : [])))];
  for (const paper of papers) {
    const needs: FileNeeds = { color: 'bw', sides: 'single', paper };
    if (!chosen.some((p) => meets(p, needs, 'paper'))) warnings.push({ need: 'paper', paper, message: PRINTER_WARNING_WORDS.paper(paper) });
  }
  return warnings;
}
