import { z } from 'zod';
import { ZConversionFailure } from './conversion.js';
import { ZFileConversion, ZPaymentMethod, ZUploadKind } from './jobs.js';
import { ZEstimate, ZFilePrintOrder, ZPrintOptionsShown } from './print-order.js';

/**
 * The customer's side of a job (issue 20), reached by the job's token alone: the status page
 * `/j/{token}`, its live updates, the changes a customer may make before printing, and UPI.
 */

/** Where a job stands for its customer, in the order it moves: received → … → printed → deleted. */
export const PUBLIC_JOB_STATUSES = ['received', 'converting', 'ready', 'printing', 'printed', 'deleted', 'cancelled'] as const;
export const ZPublicJobStatus = z.enum(PUBLIC_JOB_STATUSES);
export type TPublicJobStatus = z.infer<typeof ZPublicJobStatus>;

/** Until staff start printing, the customer may change options, add files or cancel. */
export const canChangeJob = (status: TPublicJobStatus) => status === 'received' || status === 'converting' || status === 'ready';
/** "Delete my files now": any time the files exist and the shop is not in the middle of printing them. */
export const canDeleteFilesNow = (status: TPublicJobStatus) => status !== 'printing' && status !== 'deleted';

export const ZUpiPayee = z.object({ vpa: z.string(), payee: z.string() });
export type TUpiPayee = z.infer<typeof ZUpiPayee>;

export const ZPublicJobFile = z.object({
  id: z.string(),
  name: z.string(),
  kind: ZUploadKind,
  pages: z.number().nullable(),
  conversion: ZFileConversion,
  conversionError: ZConversionFailure.nullable(),
  thumbnailUrl: z.string().nullable(),
  options: ZPrintOptionsShown,
  ...ZFilePrintOrder.shape,
});

/** The customer's view of their job, by its token: no phone number, no other job. */
export const ZPublicJob = z.object({
  number: z.number(),
  shopName: z.string(),
  shopSlug: z.string(),
  /** The shop's primary colour, so its status page wears the shop's accent as its shop page does. */
  shopColor: z.string(),
  status: ZPublicJobStatus,
  /** The files still kept; none once they are deleted (then the receipt is all there is). */
  files: z.array(ZPublicJobFile),
  estimate: ZEstimate,
  uploadedAt: z.string(),
  printedAt: z.string().nullable(),
  /** When the files will be deleted if nothing else happens first; null once they are. */
  deleteAt: z.string().nullable(),
  /** When the last copy went; the signed receipt (…/receipt) says the rest. */
  deletedAt: z.string().nullable(),
  payment: z.object({
    /** The shop's own UPI ID and payee name; null when it takes no UPI. */
    upi: ZUpiPayee.nullable(),
    /** The transaction reference (`tr`) a UPI payment for this job carries. */
    reference: z.string(),
    /** When the customer said they paid: a claim, not a payment. */
    claimedAt: z.string().nullable(),
    /** How staff recorded the payment at Mark Printed; null until they do. Only this says it was received. */
    recordedMethod: ZPaymentMethod.nullable(),
  }),
});
export type TPublicJob = z.infer<typeof ZPublicJob>;

export const ZJobTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'token is not a job token') });

/** The status page of a job, on the web app's origin. */
export const jobStatusPath = (token: string) => `/j/${token}`;
/** Server-sent events for one job: `changed` whenever anything the status page shows may have changed. */
export const jobEventsPath = (token: string) => `/api/public/jobs/${token}/events`;
export const JOB_CHANGED_EVENT = 'changed';

/** The refusals of a customer's change, in the customer's words (code → message). */
export const CUSTOMER_CHANGE_MESSAGES = {
  JOB_PRINTING: 'The shop has started printing this job, so it can no longer be changed. Ask at the counter.',
  JOB_PRINTED: 'This job is already printed, so it can no longer be changed. You can still delete your files now.',
  JOB_CANCELLED: 'This job is cancelled. To print, send your files again from the shop\u2019s page.',
  JOB_DELETED: 'The files of this job are already deleted.',
  NOTHING_TO_PAY: 'There is no price to pay yet: the shop prices part of this job at the counter.',
  NO_UPI: 'This shop does not take UPI payments here. Pay at the counter.',
} as const;
export type TCustomerChangeRefusal = keyof typeof CUSTOMER_CHANGE_MESSAGES;

/** A UPI ID (VPA): `name@bank`, as NPCI's apps accept it. */
export const UPI_VPA_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9.]{1,63}$/;
export const UPI_VPA_MESSAGE = 'upiId must be a UPI ID like shopname@okhdfcbank';

/** UPI apps cut long notes; the job number and shop stay readable within this. */
const UPI_NOTE_MAX = 50;

const paiseText = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/**
 * The `upi://pay` link of NPCI's UPI linking specification: pa (the shop's VPA), pn (payee),
 * am (rupees with paise), cu=INR, tr (the job's reference), tn (a note). Values are percent-encoded
 * as UTF-8; the VPA keeps its `@`, which every UPI app expects as is.
 */
/**
 * At most `max` code points of `text`, cut only between user-perceived characters: a Devanagari
 * conjunct (क्ष is three code points) is kept whole or left out, never split into a broken letter.
 */
export function clipToCharacters(text: string, max: number): string {
  let out = '';
  for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)) {
    if ([...out].length + [...segment].length > max) break;
    out += segment;
  }
  return out;
}

export function upiPayLink(p: { vpa: string; payee: string; amountPaise: number; reference: string; note: string }): string {
  const note = clipToCharacters(p.note, UPI_NOTE_MAX);
  const params: [string, string][] = [
    ['pa', encodeURIComponent(p.vpa).replace(/%40/g, '@')],
    ['pn', encodeURIComponent(p.payee)],
    ['am', paiseText(p.amountPaise)],
    ['cu', 'INR'],
    ['tr', encodeURIComponent(p.reference)],
    ['tn', encodeURIComponent(note)],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

/** The note a job's payment carries: "Job #12 at Sharma Prints". */
export const upiNote = (jobNumber: number, shopName: string) => `Job #${jobNumber} at ${shopName}`;
