import { createHmac, timingSafeEqual } from 'node:crypto';

/** Path under which the server itself serves every signed file URL (docs/decisions/002). */
export const FILE_URL_PREFIX = '/files/';

export type FileUrlClaims = {
  key: string;
  filename: string;
  /** Unix seconds. */
  expiresAt: number;
  inline: boolean;
  contentType: string | undefined;
};

export type SignFileUrlInput = {
  key: string;
  filename: string;
  ttlSeconds: number;
  inline?: boolean;
  contentType?: string;
  /** Milliseconds since the epoch; tests pass a fixed clock. */
  now?: number;
};

export type VerifyResult =
  | ({ ok: true } & FileUrlClaims)
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired'; expiresAt?: number };

type Payload = { k: string; e: number; i?: 1; t?: string };

// JSON of an array is an unambiguous encoding: no field can bleed into the next, whatever it contains.
function mac(secret: string, c: Omit<FileUrlClaims, 'expiresAt'> & { expiresAt: number }): Buffer {
  const fields = ['counterprint-file-url-v1', c.key, c.expiresAt, c.filename, c.inline ? 'inline' : 'attachment', c.contentType ?? ''];
  return createHmac('sha256', secret).update(JSON.stringify(fields)).digest();
}

/** `/files/<payload>.<hmac>/<filename>`: the filename is in the path so browsers and "save as" use it. */
export function signFileUrl(secret: string, input: SignFileUrlInput): string {
  if (!Number.isFinite(input.ttlSeconds) || input.ttlSeconds <= 0) throw new RangeError('ttlSeconds must be positive');
  const expiresAt = Math.floor((input.now ?? Date.now()) / 1000 + input.ttlSeconds);
  const inline = input.inline === true;
  const payload: Payload = { k: input.key, e: expiresAt };
  if (inline) payload.i = 1;
  if (input.contentType) payload.t = input.contentType;
  const sig = mac(secret, { key: input.key, filename: input.filename, expiresAt, inline, contentType: input.contentType });
  const token = `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${sig.toString('base64url')}`;
  return `${FILE_URL_PREFIX}${token}/${encodeURIComponent(input.filename)}`;
}

function parse(url: string): { payload: Payload; sig: Buffer; filename: string } | undefined {
  const path = url.split('?')[0] ?? '';
  if (!path.startsWith(FILE_URL_PREFIX)) return undefined;
  const rest = path.slice(FILE_URL_PREFIX.length);
  const slash = rest.indexOf('/');
  if (slash < 0) return undefined;
  const [payloadPart, sigPart, extra] = rest.slice(0, slash).split('.');
  if (!payloadPart || !sigPart || extra !== undefined) return undefined;
  try {
    const filename = decodeURIComponent(rest.slice(slash + 1));
    const payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8')) as Payload;
    if (typeof payload?.k !== 'string' || !Number.isSafeInteger(payload.e)) return undefined;
    if (payload.t !== undefined && typeof payload.t !== 'string') return undefined;
    return { payload, sig: Buffer.from(sigPart, 'base64url'), filename };
  } catch {
    return undefined;
  }
}

/** Checks a request path (query ignored). The signature is checked before expiry, so a forged link never reads as "expired". */
export function verifyFileUrl(secret: string, url: string, now = Date.now()): VerifyResult {
  const parsed = parse(url);
  if (!parsed) return { ok: false, reason: 'malformed' };
  const { payload, sig, filename } = parsed;
  const claims: FileUrlClaims = { key: payload.k, filename, expiresAt: payload.e, inline: payload.i === 1, contentType: payload.t };
  const expected = mac(secret, claims);
  if (sig.length !== expected.length || !timingSafeEqual(sig, expected)) return { ok: false, reason: 'bad_signature' };
  if (claims.expiresAt * 1000 <= now) return { ok: false, reason: 'expired', expiresAt: claims.expiresAt };
  return { ok: true, ...claims };
}
