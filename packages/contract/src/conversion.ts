import { z } from 'zod';

/**
 * What a file is by its content (never its name). `ole2-office` is an OLE2 file whose streams name no
 * Word, Excel or PowerPoint part we know; LibreOffice may still read it.
 */
export const DOCUMENT_KINDS = [
  'pdf',
  'doc',
  'xls',
  'ppt',
  'ole2-office',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
  'csv',
  'txt',
] as const;
export const ZDocumentKind = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof ZDocumentKind>;

/** For "`report.pdf` is a Word document; it will be converted". */
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  pdf: 'a PDF',
  doc: 'a Word document',
  xls: 'an Excel spreadsheet',
  ppt: 'a PowerPoint presentation',
  'ole2-office': 'an Office document',
  docx: 'a Word document',
  xlsx: 'an Excel spreadsheet',
  pptx: 'a PowerPoint presentation',
  odt: 'an OpenDocument text',
  ods: 'an OpenDocument spreadsheet',
  odp: 'an OpenDocument presentation',
  rtf: 'a Rich Text document',
  csv: 'a CSV spreadsheet',
  txt: 'a text file',
};

/** Why a document could not be turned into a PDF, in reasons a customer can act on. */
export const CONVERSION_FAILURES = ['password-protected', 'damaged', 'too-complex', 'unsupported'] as const;
export const ZConversionFailure = z.enum(CONVERSION_FAILURES);
export type ConversionFailure = z.infer<typeof ZConversionFailure>;

export const CONVERSION_FAILURE_MESSAGES: Record<ConversionFailure, string> = {
  'password-protected':
    'This document is protected by a password. Save it without the password and upload it again, or bring it on a pen drive.',
  damaged: 'This document is damaged and could not be opened. Save it again from the program that made it, or export it as a PDF.',
  'too-complex': 'This document is too large or complex to prepare for printing here. Export it as a PDF and upload that instead.',
  unsupported: 'This is not a kind of document we can print. Upload a PDF, a photo or an Office document.',
};

/** Shown when the server has no converter: the original is kept and can still be printed. */
export const CONVERSION_UNAVAILABLE_MESSAGE = 'Preview unavailable — download to print.';

/** The converter's state in /api/health. */
export const ZConverterState = z.object({ available: z.boolean() });
export type TConverterState = z.infer<typeof ZConverterState>;
