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
