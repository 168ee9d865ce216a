import { type IppGroup, ippRequest, isSuccess, PrinterAnswerError, text, texts } from './ipp.js';
import { paperForMedia } from './paper.js';

export type PrinterState = 'idle' | 'processing' | 'stopped';

/** What a printer says it is and can do, from IPP Get-Printer-Attributes. */
export type PrinterCapabilities = {
  uri: string;
  name: string;
  makeAndModel: string | null;
  /** 'stopped' also when the printer reports a reason it cannot print through, such as media-empty (see printerCondition). */
  state: PrinterState;
  /** printer-state-reasons without their -report/-warning/-error suffix; empty when "none". */
  reasons: string[];
  stateMessage: string | null;
  acceptingJobs: boolean;
  color: boolean;
  /** print-color-mode-supported, e.g. ["monochrome"] or ["auto", "color", "monochrome"]. */
  colorModes: string[];
  duplex: boolean;
  sides: string[];
  /** media-supported: IPP media keywords such as iso_a4_210x297mm. */
  media: string[];
  /** The shop's names for the media the printer supports, e.g. ["Letter", "Legal", "A4"]. */
  paper: string[];
  mediaReady: string[];
  copies: { min: number; max: number };
  pageRanges: boolean;
  pdf: boolean;
  documentFormats: string[];
};

const REQUESTED = [
  'printer-name',
  'printer-make-and-model',
  'printer-state',
  'printer-state-reasons',
  'printer-state-message',
  'printer-is-accepting-jobs',
  'color-supported',
  'print-color-mode-supported',
  'sides-supported',
  'media-supported',
  'media-ready',
  'copies-supported',
  'page-ranges-supported',
  'document-format-supported',
];

/**
 * Reasons a printer cannot print through, whatever severity it gives them: ippeveprinter, for one, grades
 * the same empty tray "-report" while idle and "-warning" while a job waits for paper.
 */
const BLOCKING_REASONS = new Set([
  'paused',
  'offline',
  'shutdown',
  'media-empty',
  'media-needed',
  'media-jam',
  'door-open',
  'cover-open',
  'interlock-open',
  'input-tray-missing',
  'output-tray-missing',
  'output-area-full',
  'marker-supply-empty',
  'toner-empty',
  'marker-waste-full',
  'spool-area-full',
  'not-accepting-jobs',
]);

export function describePrinter(uri: string, options: { timeoutMs?: number } = {}): Promise<PrinterCapabilities> {
  return printerAttributes(uri, REQUESTED, options.timeoutMs).then((attributes) => capabilities(uri, attributes));
}

export async function printerAttributes(uri: string, requested: string[], timeoutMs?: number): Promise<IppGroup> {
  const answer = await ippRequest(uri, {
    operation: 'Get-Printer-Attributes',
    operationAttributes: { 'requesting-user-name': 'counterprint', 'requested-attributes': requested },
    timeoutMs,
  });
  if (!isSuccess(answer.status)) {
    throw new PrinterAnswerError(`The printer refused to describe itself (${answer.statusMessage ?? answer.status})`);
  }
  return answer.printer;
}

function capabilities(uri: string, a: IppGroup): PrinterCapabilities {
  const condition = printerCondition(a);
  const colorModes = texts(a['print-color-mode-supported']);
  const sides = texts(a['sides-supported']);
  const media = texts(a['media-supported']);
  const documentFormats = texts(a['document-format-supported']);
  return {
    uri,
    name: text(a['printer-name']) ?? uri,
    makeAndModel: text(a['printer-make-and-model']),
    ...condition,
    color: colorModes.length > 0 ? colorModes.includes('color') : a['color-supported'] === true,
    colorModes,
    duplex: sides.includes('two-sided-long-edge'),
    sides,
    media,
    paper: media.flatMap((m) => paperForMedia(m) ?? []),
    mediaReady: texts(a['media-ready']),
    copies: range(a['copies-supported']),
    pageRanges: a['page-ranges-supported'] === true,
    pdf: documentFormats.includes('application/pdf'),
    documentFormats,
  };
}

/** The printer's state as a shop sees it: stopped when IPP says so, or when a reason means it cannot print. */
export function printerCondition(a: IppGroup): Pick<PrinterCapabilities, 'state' | 'reasons' | 'stateMessage' | 'acceptingJobs'> {
  const acceptingJobs = a['printer-is-accepting-jobs'] !== false;
  const reasons = [
    ...new Set(
      texts(a['printer-state-reasons'])
        .filter((r) => r !== 'none')
        .map((r) => r.replace(/-(report|warning|error)$/, '')),
    ),
  ];
  if (!acceptingJobs && !reasons.includes('not-accepting-jobs')) reasons.push('not-accepting-jobs');
  const ippState = text(a['printer-state']);
  const blocked = reasons.some((r) => BLOCKING_REASONS.has(r)) || texts(a['printer-state-reasons']).some((r) => r.endsWith('-error'));
  const state: PrinterState = ippState === 'stopped' || blocked ? 'stopped' : ippState === 'processing' ? 'processing' : 'idle';
  return { state, reasons, stateMessage: text(a['printer-state-message']), acceptingJobs };
}

function range(value: unknown): { min: number; max: number } {
  if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number') return { min: value[0], max: value[1] };
  if (typeof value === 'number') return { min: 1, max: value };
  return { min: 1, max: 1 };
}
