import { SIGNED_LINK_TTL_SECONDS, type TPublicJob } from '@counterprint/contract';
import { hashJobToken } from '../../auth/job-token.js';
import type { Db } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import { optionsOfFile, type PricedFile, type PricedJob, priceJob } from '../../pricing/job-pricing.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { rateCardEntriesOf } from '../shops/repo.js';
import { receiptOfJob } from './receipt-repo.js';
import { type CustomerFile, filesOf, findJobByToken } from './repo.js';

export type JobStatusDeps = { db: Db; blobs: BlobStore; limiter: RateLimiter };

type PublicFile = TPublicJob['files'][number];

/** The customer's side of a job, reached by the token the upload answered with: no account, no phone number. */
export class JobStatusService {
  constructor(private readonly d: JobStatusDeps) {}

  async publicJob(ip: string, token: string): Promise<TPublicJob> {
    const job = await this.jobOf(ip, token);
    const [files, rateCard] = await Promise.all([filesOf(this.d.db, job.id), rateCardEntriesOf(this.d.db, job.shop_id)]);
    // The same pricing as the staff queue's, so both screens show one figure.
    const priced = priceJob(files.map(asPricedFile), rateCard);
    return {
      number: job.number,
      shopName: job.shop_name,
      shopSlug: job.shop_slug,
      status: publicStatus(job.status, files),
      files: await Promise.all(files.map((f) => this.fileOf(f, priced))),
      estimate: priced.estimate,
    };
  }

  /** The job's deletion receipt (a compact JWS) once its files are gone; not found before, as for any other token. */
  async receipt(ip: string, token: string): Promise<string> {
    const job = await this.jobOf(ip, token);
    const jws = await receiptOfJob(this.d.db, job.id);
    if (!jws) throw jobNotFound();
    return jws;
  }

  /** One rate limit for every lookup by token, whatever it asks for: guessing tokens costs the same everywhere. */
  private async jobOf(ip: string, token: string) {
    await this.d.limiter.hit(...policies.jobLookup(ip));
    const job = await findJobByToken(this.d.db, hashJobToken(token));
    if (!job) throw jobNotFound();
    return job;
  }

  private async fileOf(f: CustomerFile, priced: PricedJob): Promise<PublicFile> {
    return {
      options: optionsOfFile(asPricedFile(f)),
      ...priced.byFile.get(f.id)!,
      id: f.id,
      name: f.original_name,
      kind: f.extension as PublicFile['kind'],
      pages: f.pages,
      conversion: f.conversion as PublicFile['conversion'],
      conversionError: f.conversion_error as PublicFile['conversionError'],
      thumbnailUrl: f.thumbnail_key
        ? await this.d.blobs.signedUrl(f.thumbnail_key, SIGNED_LINK_TTL_SECONDS, 'thumbnail.jpg', {
            inline: true,
            contentType: 'image/jpeg',
          })
        : null,
    };
  }
}

const jobNotFound = () => notFound('This job link is not valid. Check the link, or ask the shop.', 'JOB_NOT_FOUND');

/** Where the job stands: printed and cancelled as staff left it, else how far its files are prepared. */
function publicStatus(status: string, files: Pick<CustomerFile, 'conversion' | 'prepared_at' | 'awaiting_color'>[]): TPublicJob['status'] {
  if (status === 'done') return 'printed';
  if (status === 'cancelled') return 'cancelled';
  if (files.some((f) => f.conversion === 'converting')) return 'converting';
  // Ready means the price is final too: an `auto` file's colour pages are part of it.
  return files.some((f) => f.prepared_at === null || f.awaiting_color) ? 'received' : 'ready';
}

const asPricedFile = (f: CustomerFile): PricedFile => ({
  id: f.id,
  originalName: f.original_name,
  pages: f.pages,
  conversion: f.conversion,
  printOptions: f.print_options,
  colorPages: f.color_pages,
  colorPagesChecked: f.color_pages_checked,
});
