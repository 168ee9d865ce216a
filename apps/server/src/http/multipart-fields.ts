import type { FastifyRequest } from 'fastify';
import { controlCharacters, hasControlCharacters } from './control-characters.js';
import { badRequest } from './errors.js';

/** Reads a multipart body that must hold only text fields (no files), e.g. the change-password form. */
export async function readMultipartFields(req: FastifyRequest, maxFieldBytes = 4096): Promise<Record<string, string>> {
  if (!req.isMultipart()) {
    const body = req.body;
    if (body && typeof body === 'object') return body as Record<string, string>;
    throw badRequest('body must be multipart/form-data');
  }
  const fields: Record<string, string> = {};
  for await (const part of req.parts({ limits: { fieldSize: maxFieldBytes, files: 0, fields: 20 } })) {
    if (part.type === 'file') {
      part.file.resume();
      throw badRequest(`${part.fieldname} must be a text field, not a file`);
    }
    if (part.valueTruncated) throw badRequest(`${part.fieldname} is too long`);
    const value = String(part.value);
    if (hasControlCharacters(value, part.fieldname)) throw controlCharacters(part.fieldname);
    if (!(part.fieldname in fields)) fields[part.fieldname] = value;
  }
  return fields;
}
