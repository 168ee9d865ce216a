import type { TJobFile, TPrintOptions } from '@counterprint/contract';

/** What staff must set in the browser's print dialog: a page cannot set copies, sides or colour for them. */
export function dialogSettings(options: TJobFile['options']): string[] {
  const o = options as TPrintOptions;
  return [
    `${o.copies} ${o.copies === 1 ? 'copy' : 'copies'}`,
    o.sides === 'double' ? 'Two-sided (long edge)' : 'One-sided',
    o.color === 'bw' ? 'Black & white' : o.color === 'color' ? 'Colour' : 'Colour (it has colour pages)',
    `Paper ${o.paper}`,
  ];
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
