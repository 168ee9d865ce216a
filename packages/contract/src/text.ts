import { z } from 'zod';

/** Free text the client may leave out, send as null or blank: all three are stored as null. */
export const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** Text the client may omit (unchanged), blank or null (cleared), or set. */
export const clearableText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/**
 * Characters that change how a name reads without being seen, refused in a customer's name as in a file
 * name (apps/server/src/features/intake/filename.ts): the bidirectional overrides, embeddings, isolates and
 * marks (U+202E before "fdp.exe" shows it as "exe.pdf"), zero-width spaces and the other format characters,
 * and line or paragraph separators. The zero-width joiner and non-joiner are spelling in Indic scripts
 * (docs/decisions/015-control-characters-refused-at-the-edge.md): kept right after a letter or sign of those scripts.
 */
const HIDDEN = /(?<![\u0900-\u0dff])[\u200c\u200d]|(?![\u200c\u200d])[\p{Cf}\p{Zl}\p{Zp}]/u;

export const hasHiddenCharacters = (text: string): boolean => HIDDEN.test(text);

export const hiddenCharactersMessage = (field: string) => `${field} must not contain invisible or text-direction characters`;
