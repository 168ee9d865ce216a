import { badRequest } from '../../http/errors.js';

/**
 * Characters a file name shown to staff must not hold: controls (\p{Cc}); format characters (\p{Cf}:
 * zero-width spaces and joiners, and the bidirectional overrides and isolates that can show "fdp.exe" as
 * "exe.pdf"); line and paragraph separators (\p{Zl}, \p{Zp}); and look-alikes of / and \ that would make
 * a name read as a folder path (Unicode's confusables for the solidus and reverse solidus).
 * The zero-width joiner and non-joiner are spelling in Indic scripts (docs/decisions/015): kept right
 * after a letter or sign of those scripts, refused anywhere else.
 */
const NOT_ALLOWED =
  /(?<![\u0900-\u0dff])[\u200c\u200d]|\u0337|\u0338|(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u1735\u2041\u2044\u2215\u2216\u2571\u2572\u27cb\u27cd\u29f5\u29f8\u29f9\u2f03\u3033\u31d3\u31d4\ufe68\uff0f\uff3c\u{1d23a}]/u;
const NOT_ALLOWED_ALL = new RegExp(NOT_ALLOWED.source, 'gu');
export const FILENAME_MAX = 255;

/** Refuses names that could trick a person or a file system; returns the name kept for display. */
export function validateFilename(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('Every file needs a name', 'FILE_NAME_INVALID');
  if (trimmed.length > FILENAME_MAX) {
    throw badRequest(`File name is too long (at most ${FILENAME_MAX} characters)`, 'FILE_NAME_INVALID');
  }
  const bad = NOT_ALLOWED.exec(trimmed)?.[0];
  if (bad) {
    // Named with each such character shown as "?", so the message itself cannot be disguised.
    const code = `U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    const shown = trimmed.replace(NOT_ALLOWED_ALL, '?');
    throw badRequest(`File name "${shown}" contains a character that is not allowed (${code})`, 'FILE_NAME_INVALID');
  }
  if (/[/\\]/.test(trimmed) || trimmed === '.' || trimmed === '..') {
    throw badRequest('File name must not contain a folder path', 'FILE_NAME_INVALID');
  }
  return trimmed;
}

/** A name safe on any disk and in any Content-Disposition header. */
export function storageName(display: string): string {
  const safe = display.replace(/[^\p{L}\p{N}._ ()-]/gu, '_').replace(/^\.+/, '_');
  return safe.slice(-120) || 'file';
}
