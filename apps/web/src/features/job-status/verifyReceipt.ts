import { RECEIPT_JWS_TYPE, type TDeletionReceipt, type TReceiptKeySet } from '@counterprint/contract';

/**
 * The deletion receipt checked in the browser (docs/decisions/038-signed-deletion-receipts.md): a
 * compact JWS, EdDSA over Ed25519, its `kid` the RFC 7638 thumbprint of a published key. The same
 * checks as the server's CLI, with WebCrypto instead of node:crypto, and no zod on a phone's page.
 */
export type ReceiptCheck =
  | { state: 'verified'; kid: string; receipt: TDeletionReceipt }
  | { state: 'failed'; reason: string; receipt: TDeletionReceipt | null }
  /** This browser's WebCrypto has no Ed25519: the receipt is shown, unchecked, with how to check it elsewhere. */
  | { state: 'unsupported'; receipt: TDeletionReceipt | null };

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function bytesOf(part: string): Uint8Array<ArrayBuffer> {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function jsonOf(part: string): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytesOf(part)));
  } catch {
    return undefined;
  }
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

const isCopies = (c: unknown) =>
  isObject(c) && isCount(c.original) && isCount(c.convertedPdf) && isCount(c.printReady) && isCount(c.printer);

/** A file of a version 1 receipt has one count of copies; version 2 counts them by kind (contract receipt.ts). */
function isReceiptFile(f: unknown, version: 1 | 2): boolean {
  return (
    isObject(f) &&
    isText(f.name) &&
    isCount(f.size) &&
    isText(f.sha256) &&
    /^[0-9a-f]{64}$/.test(f.sha256) &&
    isText(f.uploadedAt) &&
    isText(f.deletedAt) &&
    (version === 1 ? isCount(f.downloads) : isCopies(f.copies)) &&
    Array.isArray(f.derived) &&
    f.derived.every((d) => isObject(d) && isText(d.role) && isCount(d.size) && isText(d.deletedAt))
  );
}

/** The payload when it has a deletion receipt's shape (contract receipt.ts), else null. */
export function asReceipt(value: unknown): TDeletionReceipt | null {
  if (!isObject(value) || (value.version !== 1 && value.version !== 2) || !isText(value.receiptId) || !isText(value.issuedAt)) return null;
  const { shop, job, files, version } = value;
  if (!isObject(shop) || !isText(shop.name) || !isText(shop.slug)) return null;
  if (!isObject(job) || typeof job.number !== 'number' || !isText(job.uploadedAt) || !isText(job.deletedAt)) return null;
  if (!Array.isArray(files) || files.length === 0 || !files.every((f) => isReceiptFile(f, version))) return null;
  return value as TDeletionReceipt;
}

const notSupported = (err: unknown) => isObject(err) && err.name === 'NotSupportedError';

/** RFC 7638: the required members of an OKP key, in order, hashed with SHA-256. */
async function thumbprint(subtle: SubtleCrypto, x: string): Promise<string> {
  const canonical = JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x });
  return base64url(await subtle.digest('SHA-256', new TextEncoder().encode(canonical)));
}

/** Checks the JWS against the published keys; "verified" only when a published key's signature holds over this very payload. */
export async function verifyReceipt(
  jws: string,
  keySet: TReceiptKeySet,
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): Promise<ReceiptCheck> {
  const parts = jws.trim().split('.');
  if (parts.length !== 3 || parts.some((p) => !BASE64URL.test(p)))
    return { state: 'failed', reason: 'it is not a signed receipt', receipt: null };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const receipt = asReceipt(jsonOf(payloadPart));
  const failed = (reason: string): ReceiptCheck => ({ state: 'failed', reason, receipt });
  const header = jsonOf(headerPart);
  if (!isObject(header)) return failed('its header is unreadable');
  if (header.alg !== 'EdDSA') return failed(`it names the algorithm ${String(header.alg)}, not EdDSA`);
  if (header.typ !== RECEIPT_JWS_TYPE) return failed('it is not a Counterprint receipt');
  const jwk = keySet.keys.find((k) => k.kid === header.kid);
  if (!jwk) return failed(`no published key has the id ${String(header.kid)}`);
  if (!subtle) return { state: 'unsupported', receipt };
  try {
    // The kid is checked against the key itself, so a key set cannot pass off one key under another's name.
    if ((await thumbprint(subtle, jwk.x)) !== jwk.kid) return failed('the published key does not match its id');
    const key = await subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, { name: 'Ed25519' }, false, ['verify']);
    const signingInput = new TextEncoder().encode(`${headerPart}.${payloadPart}`);
    const holds = await subtle.verify('Ed25519', key, bytesOf(signaturePart), signingInput);
    if (!holds) return failed('the signature does not match its content');
  } catch (err) {
    if (notSupported(err)) return { state: 'unsupported', receipt };
    return failed('the signature could not be checked');
  }
  if (!receipt) return failed('the signature holds, but the content is not a deletion receipt');
  return { state: 'verified', kid: jwk.kid, receipt };
}
