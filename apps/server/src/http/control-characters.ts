import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * Text that may span lines (the textareas of apps/web: contact, feedback and upgrade messages, item
 * descriptions, shop addresses): line breaks and tabs are kept there, and refused everywhere else.
 */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set(['message', 'description', 'address', 'shopAddress']);

// C0 and C1 controls and DEL. PostgreSQL cannot store a NUL in text at all (SQLSTATE 22021), and the
// others have no place in a name, a phone number or a search either.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const hasControlCharacters = (text: string, field: string) =>
  (MULTI_LINE_FIELDS.has(field) ? CONTROL_BUT_LINES : ANY_CONTROL).test(text);

export const controlCharacters = (field: string) => badRequest(`${field} must not contain control characters`);

/**
 * The dotted path (`items.0.name`) of the first string, or key, in `value` that holds a control character
 * its field does not allow. Walks with its own stack: a JSON body may nest thousands deep.
 */
export function findControlCharacters(value: unknown): string | undefined {
  const stack: [unknown, string, string][] = [[value, '', '']];
  while (stack.length > 0) {
    const [v, path, field] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasControlCharacters(v, field)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i), field]);
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      for (const key of Object.keys(v)) {
        if (ANY_CONTROL.test(key)) return path ? `${path}.(a field name)` : 'a field name';
        stack.push([(v as Record<string, unknown>)[key], path ? `${path}.${key}` : key, key]);
      }
    }
  }
  return undefined;
}

/** Refuses (400, naming the field) a parsed value holding control characters; `where` prefixes the field's name. */
export function refuseControlCharacters(value: unknown, where = ''): void {
  const path = findControlCharacters(value);
  if (path !== undefined) throw controlCharacters(`${where}${path || 'the value'}`);
}

/**
 * Every route's JSON body, query string and path segments are checked here, before validation;
 * multipart bodies are checked where their parts are read (http/multipart.ts, http/json-part.ts,
 * features/intake/upload.ts) and file names in features/intake/filename.ts.
 */
export function installControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    refuseControlCharacters(req.params, 'path segment ');
    refuseControlCharacters(req.query, 'query parameter ');
    if (req.body !== undefined && !req.isMultipart()) refuseControlCharacters(req.body);
  });
}
