import { z } from 'zod';

/**
 * A deletion receipt (issue 20): the proof, signed by the server, that every copy of a job's files is
 * gone. Served as a JWS in compact serialization (docs/decisions/038-signed-deletion-receipts.md);
 * this is its payload.
 */
export const RECEIPT_JWS_TYPE = 'counterprint-receipt+jws';
export const RECEIPT_KEYS_PATH = '/.well-known/counterprint-receipt-keys';

const ZTime = z.iso.datetime();

export const ZReceiptDerivedCopy = z.object({
  /** What was made from the file: its converted PDF, its thumbnail or its preview. */
  role: z.enum(['pdf', 'thumbnail', 'preview']),
  size: z.number().int().min(0),
  createdAt: ZTime,
  deletedAt: ZTime,
});

export const ZReceiptFile = z.object({
  name: z.string(),
  size: z.number().int().min(0),
  /** Hex SHA-256 of the bytes the customer sent, recorded at upload. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  uploadedAt: ZTime,
  deletedAt: ZTime,
  /**
   * Copies staff took: downloads of the original, and print-ready PDFs made for a print dialog or a
   * printer. Looking at the file, its PDF or preview in the staff viewer, and thumbnails, are not counted.
   */
  downloads: z.number().int().min(0),
  derived: z.array(ZReceiptDerivedCopy),
});

export const ZDeletionReceipt = z.object({
  version: z.literal(1),
  receiptId: z.uuid(),
  issuedAt: ZTime,
  shop: z.object({ name: z.string(), slug: z.string() }),
  job: z.object({
    number: z.number().int(),
    uploadedAt: ZTime,
    printedAt: ZTime.nullable(),
    cancelledAt: ZTime.nullable(),
    /** When the last copy of the last file was deleted. */
    deletedAt: ZTime,
  }),
  files: z.array(ZReceiptFile).min(1),
});
export type TDeletionReceipt = z.infer<typeof ZDeletionReceipt>;

/** One public key receipts are verified with (RFC 8037); `kid` is its RFC 7638 thumbprint. */
export const ZReceiptKey = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  kid: z.string().min(1),
  use: z.literal('sig'),
  alg: z.literal('EdDSA'),
});
export type TReceiptKey = z.infer<typeof ZReceiptKey>;

/** Every key the server has signed receipts with, the current one included: old receipts keep verifying. */
export const ZReceiptKeySet = z.object({ keys: z.array(ZReceiptKey) });
export type TReceiptKeySet = z.infer<typeof ZReceiptKeySet>;
