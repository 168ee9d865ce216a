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

const receiptFileFacts = {
  name: z.string(),
  size: z.number().int().min(0),
  /** Hex SHA-256 of the bytes the customer sent, recorded at upload. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  uploadedAt: ZTime,
  deletedAt: ZTime,
  derived: z.array(ZReceiptDerivedCopy),
};

/** A file in a version 1 receipt: one count for every copy staff took, whatever it was. */
export const ZReceiptFileV1 = z.object({
  ...receiptFileFacts,
  /** Downloads of the original plus print-ready PDFs made for a print dialog or a printer. */
  downloads: z.number().int().min(0),
});

/**
 * Every copy of a file that left the server, by kind (docs/decisions/063-copies-counted-by-kind.md).
 * A download is a copy on the shop's computer that Counterprint cannot delete; the staff viewer's
 * inline view of a file, its preview and its thumbnail are not copies taken and are not counted.
 */
export const ZReceiptCopies = z.object({
  /** The original, saved through its download link. */
  original: z.number().int().min(0),
  /** The converted PDF of an Office document, saved through its download link. */
  convertedPdf: z.number().int().min(0),
  /** Print-ready PDFs made for the browser's print dialog. */
  printReady: z.number().int().min(0),
  /** Documents handed to the shop's print agent for a printer. */
  printer: z.number().int().min(0),
});
export type TReceiptCopies = z.infer<typeof ZReceiptCopies>;

export const ZReceiptFileV2 = z.object({ ...receiptFileFacts, copies: ZReceiptCopies });

const receiptFacts = {
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
};

/** Receipts signed before copies were counted by kind: they keep verifying and showing as they were. */
export const ZDeletionReceiptV1 = z.object({ version: z.literal(1), ...receiptFacts, files: z.array(ZReceiptFileV1).min(1) });
export const ZDeletionReceiptV2 = z.object({ version: z.literal(2), ...receiptFacts, files: z.array(ZReceiptFileV2).min(1) });

export const ZDeletionReceipt = z.discriminatedUnion('version', [ZDeletionReceiptV1, ZDeletionReceiptV2]);
export type TDeletionReceipt = z.infer<typeof ZDeletionReceipt>;
export type TDeletionReceiptV2 = z.infer<typeof ZDeletionReceiptV2>;

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
