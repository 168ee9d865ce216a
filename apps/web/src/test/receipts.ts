import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { RECEIPT_JWS_TYPE, type TDeletionReceipt, type TDeletionReceiptV2, type TReceiptKey } from '@counterprint/contract';

/** A receipt signer made with node:crypto, as the server signs (apps/server/src/receipts/signing.ts): Ed25519, kid = RFC 7638 thumbprint. */
export function makeReceiptSigner(): { key: TReceiptKey; sign: (payload: unknown) => string; privateKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x as string;
  const kid = createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return {
    key: { kty: 'OKP', crv: 'Ed25519', x, kid, use: 'sig', alg: 'EdDSA' },
    privateKey,
    sign: (payload) => {
      const input = `${b64({ alg: 'EdDSA', kid, typ: RECEIPT_JWS_TYPE })}.${b64(payload)}`;
      return `${input}.${sign(null, Buffer.from(input), privateKey).toString('base64url')}`;
    },
  };
}

/**
 * A job of two files, one a Word document with its converted PDF and thumbnail, deleted after printing:
 * staff downloaded the card and printed it from the browser; the form's PDF was downloaded twice and sent to the printer.
 */
export const RECEIPT: TDeletionReceiptV2 = {
  version: 2,
  receiptId: '0b7f3c1e-2a4d-4e8b-9c7a-5d6e1f2a3b4c',
  issuedAt: '2026-03-02T11:05:00.000Z',
  shop: { name: 'Print Hub', slug: 'print-hub' },
  job: {
    number: 12,
    uploadedAt: '2026-03-02T09:00:00.000Z',
    printedAt: '2026-03-02T09:30:00.000Z',
    cancelledAt: null,
    deletedAt: '2026-03-02T11:04:00.000Z',
  },
  files: [
    {
      name: 'Aadhaar card.pdf',
      size: 245_760,
      sha256: 'a'.repeat(32) + 'b'.repeat(32),
      uploadedAt: '2026-03-02T09:00:00.000Z',
      deletedAt: '2026-03-02T11:04:00.000Z',
      copies: { original: 1, convertedPdf: 0, printReady: 1, printer: 0 },
      derived: [],
    },
    {
      name: 'bank form.docx',
      size: 40_960,
      sha256: '0123456789abcdef'.repeat(4),
      uploadedAt: '2026-03-02T09:00:00.000Z',
      deletedAt: '2026-03-02T11:03:00.000Z',
      copies: { original: 0, convertedPdf: 2, printReady: 0, printer: 1 },
      derived: [
        { role: 'pdf', size: 51_200, createdAt: '2026-03-02T09:00:05.000Z', deletedAt: '2026-03-02T11:03:00.000Z' },
        { role: 'thumbnail', size: 4096, createdAt: '2026-03-02T09:00:06.000Z', deletedAt: '2026-03-02T11:03:00.000Z' },
      ],
    },
  ],
};

/** The same job's receipt as signed before copies were counted by kind: one count per file. */
export const RECEIPT_V1: TDeletionReceipt = {
  ...RECEIPT,
  version: 1,
  files: RECEIPT.files.map(({ copies, ...file }, i) => ({ ...file, downloads: i === 0 ? 1 : 0 })),
};

/** The same JWS with its payload swapped for another (the signature left as it was). */
export function tamperedPayload(jws: string, payload: unknown): string {
  const [header, , signature] = jws.split('.');
  return `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
}
