import { z } from 'zod';

/** The accepted types of docs/product/rules.md#upload-limits, in the spec's order; the message is used verbatim. */
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
] as const;
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');
/** Word files are not printed until they can be converted: say so in one line, not a list of formats. */
export const WORD_EXTENSIONS = ['doc', 'docx', 'docm', 'dot', 'dotx'] as const;
const SAVE_AS_PDF = 'Save it as PDF and send it again.';
const extensionOfName = (file: string) => (file.includes('.') ? file.split('.').pop()!.toLowerCase() : '');
export const notAllowedMessage = (file: string) =>
  (WORD_EXTENSIONS as readonly string[]).includes(extensionOfName(file))
    ? `${file} is a Word document. ${SAVE_AS_PDF}`
    : `${file} is not allowed. Accepted: PDF, PNG, JPG/JPEG, TIFF, SVG, EPS, WEBP, BMP, PSD, HEIC/HEIF, XLS, XLSX, CSV, ODS.`;
/** A Word document renamed to an accepted extension, e.g. `report.pdf`: "… is a Word document, not a PDF. …". */
export const disguisedWordMessage = (file: string) => {
  const format = extensionOfName(file).toUpperCase();
  // Said letter by letter: "an XLSX", "an SVG", "a PDF".
  const article = /^[AEFHILMNORSX]/.test(format) ? 'an' : 'a';
  return `${file} is a Word document, not ${article} ${format}. ${SAVE_AS_PDF}`;
};
export const tooLargeMessage = (file: string) => `${file} exceeds 25MB`;

export const JOB_STATUSES = ['queued', 'done', 'cancelled'] as const;
export const ZJobStatus = z.enum(JOB_STATUSES);
export type TJobStatus = z.infer<typeof ZJobStatus>;

export const PAYMENT_METHODS = ['cash', 'upi', 'card'] as const;
export const ZPaymentMethod = z.enum(PAYMENT_METHODS, { error: 'paymentMethod must be cash, upi or card' });

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
});
export type TJob = z.infer<typeof ZJob>;

export const ZJobCreated = z.object({ jobId: z.string(), fileCount: z.number(), number: z.number() });
export type TJobCreated = z.infer<typeof ZJobCreated>;

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
export const ZUploadRefusalReason = z.enum(['RATE_LIMITED', 'ADDRESS_UPLOAD_LIMIT', 'TOO_MANY_UPLOADS', 'STORAGE_FULL']);
export type TUploadRefusalReason = z.infer<typeof ZUploadRefusalReason>;
/** Uploads refused at a shop in about the last hour, one entry per reason seen. */
export const ZUploadRefusals = z.array(z.object({ reason: ZUploadRefusalReason, count: z.number(), lastAt: z.string() }));
export type TUploadRefusals = z.infer<typeof ZUploadRefusals>;
