import { type Readable, Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { controlCharacters, hasControlCharacters } from './control-characters.js';
import { badRequest } from './errors.js';
import { readJsonPart } from './json-part.js';

/** A multipart body as a reader needs it: a FastifyRequest is one, and a service is given no more of the request. */
export type MultipartBody = Pick<FastifyRequest, 'isMultipart' | 'parts'>;

/** Passes `payload` on, and fails it as too large (413) past `limit` bytes, as Fastify's own body limit does. */
export function capped(payload: Readable, limit: number): Readable {
  let seen = 0;
  return payload.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        if (seen > limit) return done(Object.assign(new Error('body too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' }));
        done(null, chunk);
      },
    }),
  );
}

/** The body's declared length, for reserving an upload's quota before a byte is read. */
export function bodyLength(req: Pick<FastifyRequest, 'headers'>): number | undefined {
  const n = Number(req.headers['content-length']);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

type PartsOptions = NonNullable<Parameters<FastifyRequest['parts']>[0]>;

/** How one kind of multipart body is read; every handler runs before the next part is read. */
export type MultipartReading = {
  /** Busboy's limits for this body, tighter than the app-wide ones. */
  limits: PartsOptions['limits'];
  /** Keeps folders in file names, so that the name check can refuse them. */
  preservePath?: boolean;
  /** The 400's message when the body is not multipart at all. */
  notMultipart: string;
  /** A JSON part, whether a plain field, a field typed application/json or a file part, as a browser sends a Blob. */
  json?: { name: string; take(value: unknown): void };
  /** Every other text field. */
  field?(name: string, value: string, truncated: boolean): void;
  /** Every other file part; without a handler it is drained and ignored. Stored as it arrives: nothing waits for the body's end. */
  file?(part: MultipartFile): Promise<void> | void;
};

/**
 * The one multipart reader (onboarding, settings, uploads, text-only forms). It only dispatches: a caller that
 * stores files keeps what it stored and deletes it when this throws (a refused part, the client going away).
 */
export async function readMultipart(body: MultipartBody, reading: MultipartReading): Promise<void> {
  if (!body.isMultipart()) throw badRequest(reading.notMultipart);
  const options: PartsOptions = reading.preservePath ? { preservePath: true, limits: reading.limits } : { limits: reading.limits };
  for await (const part of body.parts(options)) {
    if (reading.json && part.fieldname === reading.json.name) {
      reading.json.take(await readJsonPart(part, reading.json.name));
    } else if (part.type === 'field') {
      reading.field?.(part.fieldname, String(part.value), part.valueTruncated);
    } else if (reading.file) {
      await reading.file(part);
    } else {
      part.file.resume();
    }
  }
}

/** A file part a caller does not want: its bytes are drained so that the next part can be read. */
export const skipFile = (part: MultipartFile) => void part.file.resume();

/** Reads a multipart body that must hold only text fields (no files), e.g. the change-password form. */
export async function readMultipartFields(
  req: MultipartBody & Pick<FastifyRequest, 'body'>,
  maxFieldBytes = 4096,
): Promise<Record<string, string>> {
  if (!req.isMultipart()) {
    const body = req.body;
    if (body && typeof body === 'object') return body as Record<string, string>;
    throw badRequest('body must be multipart/form-data');
  }
  const fields: Record<string, string> = {};
  await readMultipart(req, {
    limits: { fieldSize: maxFieldBytes, files: 0, fields: 20 },
    notMultipart: 'body must be multipart/form-data',
    field(name, value, truncated) {
      if (truncated) throw badRequest(`${name} is too long`);
      if (hasControlCharacters(value, name)) throw controlCharacters(name);
      if (!(name in fields)) fields[name] = value;
    },
    file(part) {
      part.file.resume();
      throw badRequest(`${part.fieldname} must be a text field, not a file`);
    },
  });
  return fields;
}
