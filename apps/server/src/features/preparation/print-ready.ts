import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parsePageRanges } from '@counterprint/contract';
import type { AuthUser } from '../../auth/guards.js';
import type { Db } from '../../db/index.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { optionsOfFile } from '../../pricing/job-pricing.js';
import { withoutRepeats } from '../../pricing/page-range.js';
import { type PrintReadyFailure, type PrintReadyMaker, type PrintReadySpec, sheetOf } from '../../printing/print-ready.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { findInUsersShop } from '../shops/scope.js';
import * as preparation from './repo.js';

export type PrintReadyDeps = { db: Db; blobs: BlobStore; maker: PrintReadyMaker };

type LiveFile = Awaited<ReturnType<typeof preparation.liveFilesOf>>[number];

/** Why a file cannot be printed from here, in the words staff read beside its Print button. */
const REFUSALS: Record<PrintReadyFailure, HttpError> = {
  encrypted: conflict('This PDF is password-protected. Download it and print it from a PDF reader.', 'PRINT_ENCRYPTED'),
  unreadable: conflict('This file is damaged and cannot be printed from here. Download it to try another program.', 'PRINT_UNREADABLE'),
  'no-pages': conflict('The pages chosen are not in this file. Change the pages and try again.', 'PRINT_NO_PAGES'),
  'too-complex': conflict('This file is too large or complex to prepare here. Download it to print.', 'PRINT_TOO_COMPLEX'),
  busy: new HttpError(503, 'PRINT_BUSY', 'The printer queue is busy preparing other files. Try again in a moment.'),
};

/** The blob the printer starts from: the PDF (sent or converted), or the photo itself or its JPEG preview. */
async function sourceOf(db: Db, file: LiveFile): Promise<{ key: string; source: PrintReadySpec['source'] } | undefined> {
  const derived = await preparation.derivativesOf(db, [file.id]);
  const role = (r: preparation.DerivativeRole) => derived.find((d) => d.role === r)?.blobKey;
  if (file.extension === 'pdf') return { key: file.blobKey, source: 'pdf' };
  if (file.extension === 'png') return { key: file.blobKey, source: 'png' };
  if (file.extension === 'jpg' || file.extension === 'jpeg') return { key: file.blobKey, source: 'jpeg' };
  const pdf = role('pdf');
  if (pdf) return { key: pdf, source: 'pdf' };
  const preview = role('preview');
  return preview ? { key: preview, source: 'jpeg' } : undefined;
}

/**
 * The PDF staff print (issue 22): the pages the customer chose, n-up applied, a photo on its paper.
 * Copies, sides and colour are the print dialog's or the printer's, never baked into the pages.
 */
export async function printReadyFile(
  d: PrintReadyDeps,
  user: AuthUser,
  jobId: string,
  fileId: string,
): Promise<{ pdf: Buffer; name: string }> {
  await findInUsersShop(
    d.db,
    user,
    preparation.shopOfJob(d.db, jobId),
    (job) => job.shopId,
    () => notFound('Job not found', 'JOB_NOT_FOUND'),
  );
  return makePrintReady(d, jobId, fileId, { printerPicksPages: false });
}

/**
 * Which pages the PDF holds: `printerPicksPages`, every page (an agent's IPP printer takes page-ranges
 * itself); `pages`, those only (one colour run of a file with colour and B&W pages); else the customer's.
 */
export type PagePick = { printerPicksPages: boolean } | { pages: [number, number][] };

/** The same PDF for a job already known to be the caller's. */
export async function makePrintReady(
  d: PrintReadyDeps,
  jobId: string,
  fileId: string,
  pick: PagePick,
): Promise<{ pdf: Buffer; name: string }> {
  const file = (await preparation.liveFilesOf(d.db, jobId)).find((f) => f.id === fileId && f.state === 'active');
  if (!file) throw notFound('File not found', 'FILE_NOT_FOUND');
  const from = await sourceOf(d.db, file);
  if (!from) {
    const waiting = file.conversion === 'converting' || file.preparedAt === null;
    throw waiting
      ? conflict('This file is still being prepared. Print it in a moment.', 'PRINT_NOT_READY')
      : conflict('This file has no printable version. Download it to print.', 'PRINT_UNAVAILABLE');
  }
  const options = optionsOfFile(file);
  const chosen = 'pages' in pick || options.pages === 'all' || pick.printerPicksPages ? null : parsePageRanges(options.pages);
  // A photo is one page: a list without page 1 chooses nothing, as src/pricing/paper.ts counts it.
  if (from.source !== 'pdf' && chosen?.ok && !chosen.ranges.some(([first]) => first === 1)) throw REFUSALS['no-pages'];
  const spec: PrintReadySpec = {
    source: from.source,
    ranges: 'pages' in pick ? pick.pages : chosen?.ok ? withoutRepeats(chosen.ranges) : null,
    nup: options.nup as PrintReadySpec['nup'],
    sheet: sheetOf(options.paper),
  };
  const made = await d.maker.make(async (path) => {
    const { stream } = await d.blobs.get(from.key);
    await pipeline(stream as Readable, createWriteStream(path));
  }, spec);
  if (!made.ok) throw REFUSALS[made.reason];
  return { pdf: made.pdf, name: `${file.originalName.replace(/\.[^.]*$/, '')} (print).pdf` };
}
