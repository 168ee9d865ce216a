/**
 * The shop's paper names (a rate card's "A4") and the IPP media keywords printers use for them
 * (PWG 5101.1 self-describing names).
 */
const PAPER_MEDIA: Record<string, string> = {
  A3: 'iso_a3_297x420mm',
  A4: 'iso_a4_210x297mm',
  A5: 'iso_a5_148x210mm',
  A6: 'iso_a6_105x148mm',
  Letter: 'na_letter_8.5x11in',
  Legal: 'na_legal_8.5x14in',
  Tabloid: 'na_ledger_11x17in',
  Foolscap: 'na_foolscap_8.5x13in',
  // A new shop's rate card sells photos on 4x6 (docs/product/rules.md, Print order).
  '4x6': 'na_index-4x6_4x6in',
};

const BY_NAME = new Map(Object.entries(PAPER_MEDIA).map(([paper, media]) => [paper.toLowerCase(), media]));
const BY_MEDIA = new Map(Object.entries(PAPER_MEDIA).map(([paper, media]) => [media, paper]));

/** The media keyword for a paper name; an IPP media keyword passes as it is; null for a name we do not know. */
export function mediaForPaper(paper: string): string | null {
  const name = paper.trim();
  const known = BY_NAME.get(name.toLowerCase());
  if (known) return known;
  return /^[a-z0-9]+_[a-z0-9.-]+_[0-9.]+x[0-9.]+(mm|in)$/.test(name) ? name : null;
}

/** Our name for a media keyword, or null when the shop has no name for it. */
export function paperForMedia(media: string): string | null {
  return BY_MEDIA.get(media) ?? null;
}
