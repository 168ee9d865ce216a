import { badRequest } from '../../http/errors.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// Bidirectional overrides and isolates can disguise "fdp.exe" as "exe.pdf" on screen.
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
export const FILENAME_MAX = 255;

/** Refuses names that could trick a person or a file system; returns the name kept for display. */
export function validateFilename(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('Every file needs a name', 'FILE_NAME_INVALID');
  if (trimmed.length > FILENAME_MAX) {
    throw badRequest(`File name is too long (at most ${FILENAME_MAX} characters)`, 'FILE_NAME_INVALID');
  }
  if (CONTROL.test(trimmed) || BIDI.test(trimmed)) {
    throw badRequest('File name contains characters that are not allowed', 'FILE_NAME_INVALID');
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
