import { SIGNED_LINK_TTL_SECONDS, type TJobFile, type TJobFileLinks, VIEWED_AS_IS } from '@counterprint/contract';
import type { AuthUser } from '../../auth/guards.js';
import { requireShopAccess } from '../../auth/guards.js';
import type { Db } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import type { PrintReadyMaker } from '../../printing/print-ready.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { findInUsersShop } from '../shops/scope.js';
import { makePrintReady, type PagePick, printReadyFile } from './print-ready.js';
import * as repo from './repo.js';

export type PreparedFilesDeps = {
  db: Db;
  blobs: BlobStore;
  /** Makes the PDF staff print, in a confined child process (src/printing). */
  printReady: PrintReadyMaker;
};

/** Staff download links live 10 minutes (docs/product/rules.md#signed-links). */
const TTL = SIGNED_LINK_TTL_SECONDS;

/** What preparation made of a job's files, as staff and print agents take it: links, thumbnails, print-ready PDFs. */
export class PreparedFilesService {
  constructor(private readonly d: PreparedFilesDeps) {}

  /** The print-ready PDF of one file: its chosen pages, n-up, on its paper (print-ready.ts). */
  // Each print-ready PDF is a copy of the file that left the server: the deletion receipt counts it.
  async printReady(user: AuthUser, jobId: string, fileId: string): Promise<{ pdf: Buffer; name: string }> {
    const made = await printReadyFile(this.makerDeps(), user, jobId, fileId);
    await repo.countPrintedCopy(this.d.db, fileId, 'browser');
    return made;
  }

  /**
   * The print-ready PDF an agent's printer is given; the agent's device was checked against the job's
   * shop. `counted`: false for a file's later colour runs, which are the same printout as its first.
   */
  async printReadyForPrinter(jobId: string, fileId: string, pick: PagePick, counted = true): Promise<{ pdf: Buffer; name: string }> {
    const made = await makePrintReady(this.makerDeps(), jobId, fileId, pick);
    if (counted) await repo.countPrintedCopy(this.d.db, fileId, 'printer');
    return made;
  }

  /** Links to each live file of the job and to what was made from it (converted PDF, preview, thumbnail). */
  async fileLinks(user: AuthUser, jobId: string): Promise<TJobFileLinks[]> {
    await findInUsersShop(this.d.db, user, repo.shopOfJob(this.d.db, jobId), (job) => job.shopId, jobNotFound);
    const files = await repo.liveFilesOf(this.d.db, jobId);
    const derived = await repo.derivativesOf(
      this.d.db,
      files.map((f) => f.id),
    );
    const sign = (key: string | undefined, name: string, contentType: string) =>
      key ? this.d.blobs.signedUrl(key, TTL, name, { inline: true, contentType }) : null;
    const download = (key: string | undefined, name: string) => (key ? this.d.blobs.signedUrl(key, TTL, name) : null);
    return Promise.all(
      files.map(async (f) => {
        const of = (role: repo.DerivativeRole) => derived.find((d) => d.fileId === f.id && d.role === role)?.blobKey;
        const stem = f.originalName.replace(/\.[^.]*$/, '');
        const asIs = VIEWED_AS_IS[f.extension as TJobFile['kind']];
        return {
          fileId: f.id,
          original: await this.d.blobs.signedUrl(f.blobKey, TTL, downloadName(f.originalName, f.extension)),
          view: await sign(asIs ? f.blobKey : undefined, f.originalName, asIs ?? ''),
          pdf: await sign(of('pdf'), `${stem}.pdf`, 'application/pdf'),
          pdfDownload: await download(of('pdf'), `${stem}.pdf`),
          preview: await sign(of('preview'), `${stem}.jpg`, 'image/jpeg'),
          thumbnail: await sign(of('thumbnail'), `${stem} (thumbnail).jpg`, 'image/jpeg'),
        };
      }),
    );
  }

  /** Thumbnail links of the named jobs' files, for one page of the staff queue. */
  async thumbnails(user: AuthUser, shopId: string, jobIds: string[]): Promise<Record<string, string>> {
    await requireShopAccess(this.d.db, user, shopId);
    const rows = await repo.thumbnailsOfJobs(this.d.db, shopId, jobIds);
    const thumbnail = { inline: true, contentType: 'image/jpeg' };
    const links = await Promise.all(
      rows.map(async (r) => [r.file_id, await this.d.blobs.signedUrl(r.blob_key, TTL, 'thumbnail.jpg', thumbnail)] as const),
    );
    return Object.fromEntries(links);
  }

  private makerDeps() {
    return { db: this.d.db, blobs: this.d.blobs, maker: this.d.printReady };
  }
}

const jobNotFound = () => notFound('Job not found', 'JOB_NOT_FOUND');

const SAME_KIND: Record<string, string> = { jpeg: 'jpg', tif: 'tiff', heif: 'heic' };
/** The original under its own name, unless that name says another type than its content: then the content's. */
function downloadName(name: string, kind: string): string {
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  if ((SAME_KIND[ext] ?? ext) === (SAME_KIND[kind] ?? kind)) return name;
  return `${name.replace(/\.[^.]*$/, '')}.${kind}`;
}
