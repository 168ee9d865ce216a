import { parsePageRanges, type TJobFile, type TPrintOptions } from '@counterprint/contract';

type PrintedFile = Pick<TJobFile, 'options' | 'pages' | 'colorPages'>;

/** What staff must set in the browser's print dialog: a page cannot set copies, sides or colour for them. */
export function dialogSettings(file: PrintedFile): string[] {
  const o = file.options as TPrintOptions;
  return [
    `${o.copies} ${o.copies === 1 ? 'copy' : 'copies'}`,
    o.sides === 'double' ? 'Two-sided (long edge)' : 'One-sided',
    colourWords(file),
    `Paper ${o.paper}`,
  ];
}

/**
 * The colour of an Auto file as it was priced: its colour pages, numbered as the dialog shows the
 * print-ready PDF (the chosen pages only, n to a sheet side).
 */
function colourWords(file: PrintedFile): string {
  const o = file.options as TPrintOptions;
  if (o.color === 'bw') return 'Black & white';
  if (o.color === 'color') return 'Colour';
  const sides = colourSides(o, file.pages, file.colorPages);
  if (!sides) return 'Colour (its colour pages are not known)';
  if (sides.colour.length === 0) return 'Black & white (no colour pages)';
  if (sides.colour.length === sides.total) return 'Colour (every page has colour)';
  const list = asRanges(sides.colour);
  return `${sides.colour.length === 1 ? 'Page' : 'Pages'} ${list} in colour, the rest black & white`;
}

/** The PDF's pages (1-based) holding a colour page, and how many it has; null while unknown. */
function colourSides(o: TPrintOptions, pages: number | null, colorPages: number[] | null): { colour: number[]; total: number } | null {
  if (pages === null || colorPages === null) return null;
  const parsed = o.pages === 'all' ? { ok: true as const, ranges: [[1, pages] as [number, number]] } : parsePageRanges(o.pages);
  if (!parsed.ok) return null;
  const colour = new Set(colorPages);
  const sides = new Set<number>();
  let position = 0;
  for (const [from, to] of parsed.ranges) {
    for (let page = from; page <= Math.min(to, pages); page++, position++) {
      if (colour.has(page)) sides.add(Math.floor(position / o.nup) + 1);
    }
  }
  return { colour: [...sides].sort((a, b) => a - b), total: Math.ceil(position / o.nup) };
}

/** [2, 3, 4, 7] as "2–4, 7". */
function asRanges(pages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    const from = pages[i]!;
    while (i + 1 < pages.length && pages[i + 1] === pages[i]! + 1) i++;
    parts.push(from === pages[i] ? String(from) : `${from}–${pages[i]}`);
  }
  return parts.join(', ');
}

/** What the PDF already holds, so staff do not set it twice in the dialog. */
export function alreadyApplied(options: TJobFile['options']): string | null {
  const o = options as TPrintOptions;
  const parts = [o.pages !== 'all' ? `pages ${o.pages}` : null, o.nup > 1 ? `${o.nup} pages per sheet` : null].filter(Boolean);
  return parts.length ? `Already in the PDF: ${parts.join(', ')}.` : null;
}

let current: { frame: HTMLIFrameElement; url: string } | null = null;

function clear(): void {
  if (!current) return;
  current.frame.remove();
  URL.revokeObjectURL(current.url);
  current = null;
}

/**
 * Opens the browser's print dialog for a PDF from a hidden frame of this page: no new tab, no
 * download. The frame stays until the next print, since removing it would close an open dialog.
 */
export function printInFrame(pdf: Blob): Promise<void> {
  clear();
  const url = URL.createObjectURL(pdf);
  const frame = document.createElement('iframe');
  frame.title = 'Print';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  // Not display:none: Chrome does not print a frame it never laid out.
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  current = { frame, url };
  return new Promise((resolve, reject) => {
    frame.onload = () => {
      try {
        frame.contentWindow?.focus();
        frame.contentWindow?.print();
        resolve();
      } catch (err) {
        reject(err);
      }
    };
    frame.src = url;
    document.body.appendChild(frame);
  });
}
