import { z } from 'zod';
import { ZConversionFailure } from './conversion.js';
import { ZFilePrinting } from './devices.js';
import { UPLOAD_LIMITS } from './limits.js';
import { ZEstimate, ZFilePrintOrder, ZPrintOptionsShown } from './print-order.js';
import { PHONE_PATTERN } from './shops.js';
import { hasHiddenCharacters, hiddenCharactersMessage } from './text.js';

/**
 * The accepted types of docs/product/rules.md#upload-limits, in the spec's order, then the documents
 * issue 18 added (Word, text and presentations), which the server converts to PDF.
 */
export const UPLOAD_EXTENSIONS = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'webp',
  'tiff',
  'tif',
  'bmp',
  'svg',
  'eps',
  'ps',
  'psd',
  'heic',
  'heif',
  'xls',
  'xlsx',
  'csv',
  'ods',
  'doc',
  'docx',
  'odt',
  'rtf',
  'txt',
  'ppt',
  'pptx',
  'odp',
] as const;
export type UploadKind = (typeof UPLOAD_EXTENSIONS)[number];
export const ZUploadKind = z.enum(UPLOAD_EXTENSIONS);
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Documents the server turns into a PDF before staff print them (docs/decisions/032). */
export const CONVERTED_KINDS: readonly UploadKind[] = [
  'doc',
  'docx',
  'odt',
  'rtf',
  'txt',
  'ppt',
  'pptx',
  'odp',
  'xls',
  'xlsx',
  'ods',
  'csv',
];
export const isConvertedKind = (kind: string): boolean => (CONVERTED_KINDS as readonly string[]).includes(kind);

/** What a file is, in a customer's words: "`report.pdf` is a Word document". */
export const UPLOAD_KIND_LABELS: Record<UploadKind, string> = {
  pdf: 'a PDF',
  png: 'a PNG image',
  jpg: 'a JPEG photo',
  jpeg: 'a JPEG photo',
  webp: 'a WebP image',
  tiff: 'a TIFF image',
  tif: 'a TIFF image',
  bmp: 'a BMP image',
  svg: 'an SVG drawing',
  eps: 'an EPS drawing',
  ps: 'a PostScript file',
  psd: 'a Photoshop image',
  heic: 'a HEIC photo',
  heif: 'a HEIF photo',
  xls: 'an Excel spreadsheet',
  xlsx: 'an Excel spreadsheet',
  csv: 'a CSV spreadsheet',
  ods: 'an OpenDocument spreadsheet',
  doc: 'a Word document',
  docx: 'a Word document',
  odt: 'an OpenDocument text',
  rtf: 'a Rich Text document',
  txt: 'a text file',
  ppt: 'a PowerPoint presentation',
  pptx: 'a PowerPoint presentation',
  odp: 'an OpenDocument presentation',
};

/** Word types we do not take (macro-enabled documents and templates): say so in one line, not a list of formats. */
export const WORD_EXTENSIONS = ['docm', 'dot', 'dotx'] as const;
const extensionOfName = (file: string) => (file.includes('.') ? file.split('.').pop()!.toLowerCase() : '');
export const notAllowedMessage = (file: string) =>
  (WORD_EXTENSIONS as readonly string[]).includes(extensionOfName(file))
    ? `${file} is a Word template or a document with macros. Save it as DOCX or PDF and send it again.`
    : `${file} is not allowed. Accepted: PDF, PNG, JPG/JPEG, TIFF, SVG, EPS, WEBP, BMP, PSD, HEIC/HEIF, XLS, XLSX, CSV, ODS, DOC, DOCX, ODT, RTF, TXT, PPT, PPTX, ODP.`;
/** Content that is nothing we know, whatever its name says. */
export const notPrintableMessage = (file: string) => `${file} is not a document we can print.`;
/** Content of another accepted type than its name says: it is taken as what it is, and the customer is told. */
export const actualKindMessage = (file: string, kind: UploadKind) =>
  `${file} is ${UPLOAD_KIND_LABELS[kind]}; ${isConvertedKind(kind) ? 'it will be converted' : 'it will be printed as one'}.`;
export const tooLargeMessage = (file: string) => `${file} exceeds 25MB`;

export const JOB_STATUSES = ['queued', 'done', 'cancelled'] as const;
export const ZJobStatus = z.enum(JOB_STATUSES);
export type TJobStatus = z.infer<typeof ZJobStatus>;

export const PAYMENT_METHODS = ['cash', 'upi', 'card'] as const;
export const ZPaymentMethod = z.enum(PAYMENT_METHODS, { error: 'paymentMethod must be cash, upi or card' });

/**
 * A document's way to a PDF: `none` for PDFs and images, `converting` until LibreOffice answers,
 * `unavailable` when this server has no converter (the original can still be downloaded and printed).
 */
export const FILE_CONVERSIONS = ['none', 'converting', 'converted', 'failed', 'unavailable'] as const;
export const ZFileConversion = z.enum(FILE_CONVERSIONS);
export type TFileConversion = z.infer<typeof ZFileConversion>;

export const ZJobFile = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  /** Null while counting, or when the pages could not be counted (pagesStatus says which). */
  pages: z.number().nullable(),
  /** uncountable: the PDF could not be counted within the server's budget; it is never retried. */
  pagesStatus: z.enum(['counting', 'counted', 'uncountable']),
  /** active: printable; recycled/saved/purged: no longer in the queue. */
  state: z.enum(['active', 'recycled', 'saved', 'purged']),
  /** What the file is by its content, which may differ from its name's extension. */
  kind: ZUploadKind,
  conversion: ZFileConversion,
  /** Why the conversion failed, when it did; the message a customer reads is CONVERSION_FAILURE_MESSAGES. */
  conversionError: ZConversionFailure.nullable(),
  /** A first-page thumbnail exists (links: GET …/print-jobs/:id/files, …/print-jobs/thumbnails). */
  thumbnail: z.boolean(),
  /** How the customer asked it to be printed (issue 19), defaults filled in. */
  options: ZPrintOptionsShown,
  /** Issue 22: the file's latest trip to a printer through a print agent; null or absent when never sent. */
  printing: ZFilePrinting.nullable().optional(),
  ...ZFilePrintOrder.shape,
});
export type TJobFile = z.infer<typeof ZJobFile>;

export const ZJobItem = z.object({ name: z.string(), sku: z.string(), sheetsUsed: z.number() });

export const ZJob = z.object({
  id: z.string(),
  number: z.number(),
  shopId: z.string(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  status: ZJobStatus,
  createdAt: z.string(),
  uploadedAt: z.string(),
  printedAt: z.string().nullable(),
  originalFilenames: z.array(z.string()),
  files: z.array(ZJobFile),
  items: z.array(ZJobItem),
  /**
   * What the job takes from the printer, counted by the server's one definition (docs/product/rules.md#sheets-and-sides):
   * a printed job what it took, kept after its files are deleted. `uncounted`: files whose pages are not known, which add nothing.
   */
  paper: z.object({ sheets: z.number().int(), sides: z.number().int(), uncounted: z.number().int() }),
  /** The price from the shop's rate card (issue 19); the same figure the customer sees. */
  estimate: ZEstimate,
  /** When staff started printing (a download or Start printing); from then the customer can no longer change the job. */
  printingAt: z.string().nullable(),
  /** When the customer said they paid by UPI; a claim only, until staff record the payment at Mark Printed. */
  paymentClaimedAt: z.string().nullable(),
  /** The customer's status page (path `/j/{token}`), for staff to show or send; null for jobs older than it. */
  statusPath: z.string().nullable(),
});
export type TJob = z.infer<typeof ZJob>;

export const ZUploadedFile = z.object({
  id: z.string(),
  name: z.string(),
  kind: ZUploadKind,
  /** Set when the content is not what the name says, e.g. "`report.pdf` is a Word document; it will be converted." */
  note: z.string().nullable(),
});
export const ZJobCreated = z.object({
  jobId: z.string(),
  fileCount: z.number(),
  number: z.number(),
  files: z.array(ZUploadedFile),
  /** 128 bits naming this job to its customer (GET /api/public/jobs/:token); the job number alone grants nothing. */
  token: z.string(),
  /** The customer's status page, `/j/{token}`: where the shop page goes after sending. */
  statusUrl: z.string(),
});
export type TJobCreated = z.infer<typeof ZJobCreated>;

/**
 * POST /api/public/shops/{slug}/jobs as JSON (issue 21): the job made at once from files already sent
 * with tus to `/api/public/shops/{slug}/uploads`; an upload's id is the last segment of its URL.
 */
export const ZJobFromUploads = z.object({
  uploads: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'uploads must be upload ids'), { error: 'uploads must list the files sent' })
    .min(1, 'Please select at least one file to upload.')
    .max(UPLOAD_LIMITS.maxFiles, `You can upload at most ${UPLOAD_LIMITS.maxFiles} files at a time.`),
  name: z
    .string()
    .trim()
    .max(100, 'name must be at most 100 characters')
    .refine((v) => !hasHiddenCharacters(v), hiddenCharactersMessage('name'))
    .nullish(),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE_PATTERN.test(v), 'phone must be a phone number')
    .nullish(),
  /** One object per upload, in order, as the multipart form's `options` field. */
  options: z.array(z.unknown()).nullish(),
});
export type TJobFromUploads = z.infer<typeof ZJobFromUploads>;

/** tus 1.0 endpoint of a shop: one upload per file, resumed where it stopped. */
export const shopUploadsPath = (slug: string) => `/api/public/shops/${encodeURIComponent(slug)}/uploads`;

export const ZPrintJobsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.uuid({ error: 'before must be a job id' }).optional(),
  status: ZJobStatus.optional(),
});

export const ZSignedUrls = z.array(z.string());

export const ZMarkPrintedRequest = z
  .object({
    amount: z
      .number({ error: 'amount must be a number' })
      .min(0, 'amount must be 0 or more')
      .max(10_000_000, 'amount is too large')
      .optional(),
    paymentMethod: ZPaymentMethod.optional(),
    serviceId: z.uuid({ error: 'serviceId must be a service id' }).optional(),
  })
  .nullish();
export type TMarkPrintedRequest = z.infer<typeof ZMarkPrintedRequest>;

/**
 * Why Move back to queue (POST …/print-jobs/:id/back-to-queue, Mark Printed undone) was refused, as staff read it;
 * the code is the error's `code`.
 */
export const BACK_TO_QUEUE_REFUSED = {
  'not-printed': 'Only a printed job can go back to the queue.',
  'files-gone': 'Its files have left the recycle bin, so there is nothing to print again.',
  refunded: 'Its payment was refunded, so it stays printed.',
} as const;
export const BACK_TO_QUEUE_CODES = { 'not-printed': 'JOB_NOT_PRINTED', 'files-gone': 'FILES_GONE', refunded: 'ORDER_REFUNDED' } as const;
/** How long the toast after Mark Printed offers Undo. */
export const MARK_PRINTED_UNDO_MS = 10_000;

export const LIVE_ACTIONS = ['created', 'updated', 'deleted'] as const;
export const ZLiveJobMessage = z.object({ action: z.enum(LIVE_ACTIONS), job: ZJob });
export type TLiveJobMessage = z.infer<typeof ZLiveJobMessage>;

export const jobTopic = (shopId: string) => `/topic/shops/${shopId}/jobs`;

/** docs/product/screens.md#live-print-jobs: the colour band of a job's total sheets. */
export function sheetBand(sheets: number): 'none' | 'low' | 'medium' | 'high' {
  if (sheets <= 0) return 'none';
  if (sheets < 100) return 'low';
  if (sheets < 500) return 'medium';
  return 'high';
}

/** Why an upload to a shop was refused (the error code the customer's phone was sent). */
export const ZUploadRefusalReason = z.enum([
  'RATE_LIMITED',
  'ADDRESS_UPLOAD_LIMIT',
  'TOO_MANY_UPLOADS',
  'SHOP_UPLOADS_BUSY',
  'STORAGE_FULL',
]);
export type TUploadRefusalReason = z.infer<typeof ZUploadRefusalReason>;
/** Uploads refused at a shop in about the last hour, one entry per reason seen. */
export const ZUploadRefusals = z.array(z.object({ reason: ZUploadRefusalReason, count: z.number(), lastAt: z.string() }));
export type TUploadRefusals = z.infer<typeof ZUploadRefusals>;

/** A file a customer is sending with tus (or sent, for a job not yet made), as the shop's staff see it. */
export const ZUploadInProgress = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number(),
  received: z.number(),
  startedAt: z.string(),
  /** Deleted at this time unless more of it arrives (null once it is whole). */
  stallsAt: z.string().nullable(),
});
export type TUploadInProgress = z.infer<typeof ZUploadInProgress>;
export const ZUploadsInProgress = z.array(ZUploadInProgress);
export type TUploadsInProgress = z.infer<typeof ZUploadsInProgress>;

/** Signed links to one file and what was made from it; null where there is none (yet). */
export const ZJobFileLinks = z.object({
  fileId: z.string(),
  /** The file as the customer sent it, downloaded under its own name: a copy the deletion receipt counts. */
  original: z.string(),
  /** The same file for the viewer to draw, when browsers draw its kind (VIEWED_AS_IS); looking is not downloading. */
  view: z.string().nullable(),
  /** The converted PDF of an Office document, shown inline: looking is not downloading. */
  pdf: z.string().nullable(),
  /** The same converted PDF as an attachment, for staff to save: a copy the deletion receipt counts. */
  pdfDownload: z.string().nullable(),
  /** A JPEG of a photo browsers cannot show (HEIC, TIFF, BMP, PSD, EPS), shown inline. */
  preview: z.string().nullable(),
  thumbnail: z.string().nullable(),
});
export type TJobFileLinks = z.infer<typeof ZJobFileLinks>;

/** Kinds a browser draws as they are, with the type they are served as for the staff viewer. */
export const VIEWED_AS_IS: Partial<Record<z.infer<typeof ZUploadKind>, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  bmp: 'image/bmp',
};

/** `?jobs=id,id,…` (at most 100): the staff queue asks for one page's thumbnails at once. */
export const ZThumbnailsQuery = z.object({
  jobs: z
    .string()
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.uuid({ error: 'jobs must be job ids' }))
        .min(1, 'jobs must name a job')
        .max(100, 'at most 100 jobs at once'),
    ),
});
/** File id → signed thumbnail link, for the files that have one. */
export const ZThumbnailLinks = z.record(z.string(), z.string());
