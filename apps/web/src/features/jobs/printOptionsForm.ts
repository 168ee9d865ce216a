import {
  COPIES_MAX,
  PAGES_PER_SIDE,
  PRINT_OPTION_MESSAGES,
  paperNotOfferedMessage,
  parsePageRanges,
  type TJobFile,
  type TPagesPerSide,
  type TPrintColor,
  type TPrintOptions,
  type TPrintSides,
} from '@counterprint/contract';
import type { PrintSetup } from '../../api/jobs';

/** The options editor's fields as typed; copies and pages are text until they are read. */
export interface OptionsDraft {
  copies: string;
  color: TPrintColor;
  sides: TPrintSides;
  pages: string;
  nup: TPagesPerSide;
  paper: string;
}

export type DraftField = keyof OptionsDraft;

export function draftOf(options: TJobFile['options']): OptionsDraft {
  const nup = (PAGES_PER_SIDE as readonly number[]).includes(options.nup) ? (options.nup as TPagesPerSide) : 1;
  return { copies: String(options.copies), color: options.color, sides: options.sides, pages: options.pages, nup, paper: options.paper };
}

/**
 * The papers to offer: the shop's, and the file's own when the shop no longer names it, so the
 * editor shows what the file says (saving it then gets the server's message about it).
 */
export function paperChoices(setup: PrintSetup | undefined, current: string): string[] {
  const papers = setup?.papers.length ? setup.papers : ['A4'];
  return papers.some((p) => p.toLowerCase() === current.toLowerCase()) ? papers : [...papers, current];
}

/** `auto` is offered while the shop detects colour, or while the file already asks for it. */
export const offersAuto = (setup: PrintSetup | undefined, current: TPrintColor) => Boolean(setup?.colorDetection) || current === 'auto';

export type DraftRead = { ok: true; options: TPrintOptions } | { ok: false; errors: Partial<Record<DraftField, string>> };

/**
 * The draft as whole options, checked with the contract's own messages before anything is sent;
 * the server checks again and its word is final. Extras are kept as the customer chose them.
 */
export function readDraft(draft: OptionsDraft, extras: TPrintOptions['extras'], setup: PrintSetup | undefined): DraftRead {
  const errors: Partial<Record<DraftField, string>> = {};
  const copies = /^\s*\d+\s*$/.test(draft.copies) ? Number(draft.copies) : Number.NaN;
  if (!(copies >= 1 && copies <= COPIES_MAX)) errors.copies = PRINT_OPTION_MESSAGES.copies;
  const pages = draft.pages.trim().toLowerCase() === 'all' ? 'all' : draft.pages.trim();
  if (pages !== 'all') {
    const parsed = parsePageRanges(pages);
    if (!parsed.ok) errors.pages = parsed.message;
  }
  if (setup && !setup.papers.some((p) => p.toLowerCase() === draft.paper.toLowerCase()))
    errors.paper = paperNotOfferedMessage(setup.papers);
  if (setup && !setup.colorDetection && draft.color === 'auto') errors.color = PRINT_OPTION_MESSAGES.colorNoAuto;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    options: { copies, color: draft.color, sides: draft.sides, pages, nup: draft.nup, paper: draft.paper, extras },
  };
}
