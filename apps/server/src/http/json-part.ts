import type { Multipart } from '@fastify/multipart';
import type { z } from 'zod';
import { refuseControlCharacters } from './control-characters.js';
import { badRequest } from './errors.js';
import { parseOrBadRequest } from './validation.js';

export const JSON_PART_MAX = 16 * 1024;

/**
 * docs/product/rules.md#paths-and-calls: a JSON part (`shop`, `profile`) may come as a plain field, as a field typed
 * application/json (which multipart has already parsed), or as a file part of type
 * application/json, as a browser sends a Blob. Answers the parsed value.
 */
export async function readJsonPart(part: Multipart, name: string): Promise<unknown> {
  const value = await readJsonValue(part, name);
  refuseControlCharacters(value);
  return value;
}

async function readJsonValue(part: Multipart, name: string): Promise<unknown> {
  if (part.type === 'field') {
    if (part.valueTruncated) throw badRequest(`${name} is too large`);
    if (typeof part.value !== 'string') return part.value;
    return parseJsonText(part.value, name);
  }
  const buf = await part.toBuffer();
  if (buf.length > JSON_PART_MAX) throw badRequest(`${name} is too large`);
  return parseJsonText(buf.toString('utf8'), name);
}

function parseJsonText(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${name} must be valid JSON`);
  }
}

/** Checks a JSON part with its contract schema; the first issue names the field. */
export function parseJsonPart<S extends z.ZodType>(schema: S, value: unknown, name: string): z.output<S> {
  if (value === undefined) throw badRequest(`${name} is required (a JSON part named "${name}")`);
  return parseOrBadRequest(schema, value, `${name} is invalid`);
}
