import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { RECEIPT_JWS_TYPE, type TReceiptKey, type TReceiptKeySet } from '@counterprint/contract';

/**
 * Ed25519 JWS (RFC 7515 compact serialization, RFC 8037 `EdDSA`) with node:crypto alone, so the CLI and
 * any other verifier need nothing but the published key set (docs/decisions/038-signed-deletion-receipts.md).
 */

// PKCS#8 DER of an Ed25519 private key is this fixed prefix followed by the 32-byte seed (RFC 8410).
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export type ReceiptSigningKey = { privateKey: KeyObject; publicJwk: TReceiptKey };

/** The key from RECEIPT_SIGNING_KEY or secrets.json: 64 hex characters, the Ed25519 seed. */
export function receiptSigningKey(seedHex: string): ReceiptSigningKey {
  const seed = Buffer.from(seedHex, 'hex');
  if (seed.length !== 32) throw new Error('The receipt signing key must be 32 bytes (64 hex characters).');
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' });
  if (!x) throw new Error('Ed25519 public key has no x');
  return { privateKey, publicJwk: { kty: 'OKP', crv: 'Ed25519', x, kid: keyThumbprint(x), use: 'sig', alg: 'EdDSA' } };
}

/** RFC 7638 thumbprint of an Ed25519 public key: the required members, in order, hashed. */
export const keyThumbprint = (x: string) =>
  createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signReceipt(key: ReceiptSigningKey, payload: unknown): string {
  const input = `${b64({ alg: 'EdDSA', kid: key.publicJwk.kid, typ: RECEIPT_JWS_TYPE })}.${b64(payload)}`;
  return `${input}.${sign(null, Buffer.from(input), key.privateKey).toString('base64url')}`;
}

export type VerifiedReceipt = { ok: true; kid: string; payload: unknown } | { ok: false; reason: string };

/** Checks a compact JWS against a key set; the payload is returned only when the signature holds. */
export function verifyReceipt(jws: string, keySet: TReceiptKeySet): VerifiedReceipt {
  const parts = jws.trim().split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) return { ok: false, reason: 'not a compact JWS' };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  let header: { alg?: unknown; kid?: unknown; typ?: unknown };
  try {
    header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'the header is not JSON' };
  }
  if (header.alg !== 'EdDSA') return { ok: false, reason: `unexpected alg ${String(header.alg)}` };
  if (header.typ !== RECEIPT_JWS_TYPE) return { ok: false, reason: `unexpected typ ${String(header.typ)}` };
  const jwk = keySet.keys.find((k) => k.kid === header.kid);
  if (!jwk) return { ok: false, reason: `no published key has kid ${String(header.kid)}` };
  // The kid is checked against the key itself, so a key set cannot pass off one key under another's name.
  if (keyThumbprint(jwk.x) !== jwk.kid) return { ok: false, reason: 'the key does not match its kid' };
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  const signature = Buffer.from(signaturePart, 'base64url');
  if (!verify(null, Buffer.from(`${headerPart}.${payloadPart}`), publicKey, signature)) return { ok: false, reason: 'bad signature' };
  try {
    return { ok: true, kid: jwk.kid, payload: JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8')) };
  } catch {
    return { ok: false, reason: 'the payload is not JSON' };
  }
}
