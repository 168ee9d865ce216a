import {
  CUSTOMER_CHANGE_MESSAGES,
  rupeesToPaise,
  SIGNED_LINK_TTL_SECONDS,
  type TCustomerChangeRefusal,
  type TJobCreated,
  type TPrintOptionsUpdate,
  type TPublicJob,
  upiNote,
  upiPayLink,
} from '@counterprint/contract';
import { hashJobToken } from '../../auth/job-token.js';
import type { Db } from '../../db/index.js';
import { conflict, notFound } from '../../http/errors.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import { optionsOfFile, type PricedFile, type PricedJob, priceJob } from '../../pricing/job-pricing.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { rateCardEntriesOf } from '../shops/repo.js';
import { unprintedEndsAt } from '../shops/unprinted-retention.js';
import type { CustomerChanges, CustomersJob, CustomerUpload } from './changes.js';
import { receiptOfJob } from './receipt-repo.js';
import { type CustomerFile, type CustomersJobRow, type DeletionTimes, findJobByToken, type StatusFiles } from './repo.js';

export type JobStatusDeps = {
  db: Db;
  blobs: BlobStore;
  limiter: RateLimiter;
  /** The customer's changes (changes.ts). */
  changes: CustomerChanges;
  files: StatusFiles;
  recycleRetentionSeconds: number;
  unprintedRetentionSeconds: number;
};

type PublicFile = TPublicJob['files'][number];
type Payable = { link: string };

/** The customer's side of a job, reached by the token the upload answered with: no account, no phone number. */
export class JobStatusService {
  constructor(private readonly d: JobStatusDeps) {}

  async publicJob(ip: string, token: string): Promise<TPublicJob> {
    return this.viewOf(await this.jobOf(ip, token));
  }

  /** The job's id once the token is checked, for the live updates of its status page. */
  async watchedJob(ip: string, token: string): Promise<string> {
    return (await this.jobOf(ip, token)).id;
  }

  async changeOptions(ip: string, token: string, input: TPrintOptionsUpdate): Promise<TPublicJob> {
    await this.d.changes.changeOptions(customersJob(await this.jobOf(ip, token)), input);
    return this.reload(token);
  }

  addFiles(ip: string, token: string, upload: CustomerUpload): Promise<TJobCreated> {
    return this.jobOf(ip, token).then((job) => this.d.changes.addFiles(customersJob(job), upload));
  }

  async cancel(ip: string, token: string): Promise<TPublicJob> {
    await this.d.changes.cancel(customersJob(await this.jobOf(ip, token)));
    return this.reload(token);
  }

  async deleteFilesNow(ip: string, token: string): Promise<TPublicJob> {
    await this.d.changes.deleteFilesNow(customersJob(await this.jobOf(ip, token)));
    return this.reload(token);
  }

  /** "I've paid": only for a job with one exact price and a shop that takes UPI. */
  async claimPayment(ip: string, token: string): Promise<TPublicJob> {
    const job = await this.jobOf(ip, token);
    await this.payable(job, await this.viewOf(job));
    await this.d.changes.claimPayment(customersJob(job));
    return this.reload(token);
  }

  /** The `upi://pay` link of the job, for its QR code on a desktop. */
  async upiLink(ip: string, token: string): Promise<string> {
    const job = await this.jobOf(ip, token);
    return (await this.payable(job, await this.viewOf(job))).link;
  }

  /** The job's deletion receipt (a compact JWS) once its files are gone; not found before, as for any other token. */
  async receipt(ip: string, token: string): Promise<string> {
    const job = await this.jobOf(ip, token);
    const jws = await receiptOfJob(this.d.db, job.id);
    if (!jws) throw jobNotFound();
    return jws;
  }

  /** One rate limit for every lookup by token, whatever it asks for: guessing tokens costs the same everywhere. */
  private async jobOf(ip: string, token: string): Promise<CustomersJobRow> {
    await this.d.limiter.hit(...policies.jobLookup(ip));
    const job = await findJobByToken(this.d.db, hashJobToken(token));
    if (!job) throw jobNotFound();
    return job;
  }

  /** The job after a change the same request made: its lookup was already counted. */
  private async reload(token: string): Promise<TPublicJob> {
    const job = await findJobByToken(this.d.db, hashJobToken(token));
    if (!job) throw jobNotFound();
    return this.viewOf(job);
  }

  private async payable(job: CustomersJobRow, view: TPublicJob): Promise<Payable> {
    const upi = view.payment.upi;
    if (!upi) throw refused('NO_UPI');
    if (view.status === 'cancelled' || view.status === 'deleted')
      throw refused(view.status === 'deleted' ? 'JOB_DELETED' : 'JOB_CANCELLED');
    if (!view.estimate.complete || view.estimate.total <= 0) throw refused('NOTHING_TO_PAY');
    const amountPaise = rupeesToPaise(view.estimate.total);
    const note = upiNote(job.number, job.shop_name);
    return { link: upiPayLink({ vpa: upi.vpa, payee: upi.payee, amountPaise, reference: view.payment.reference, note }) };
  }

  private async viewOf(job: CustomersJobRow): Promise<TPublicJob> {
    const [files, rateCard, times] = await Promise.all([
      this.d.files.customerFilesOf(job.id),
      rateCardEntriesOf(this.d.db, job.shop_id),
      this.d.files.deletionTimesOf(job.id),
    ]);
    // The same pricing as the staff queue's, so both screens show one figure.
    const priced = priceJob(files.map(asPricedFile), rateCard);
    const status = publicStatus(job, files);
    return {
      number: job.number,
      shopName: job.shop_name,
      shopSlug: job.shop_slug,
      shopColor: job.primary_color,
      status,
      files: await Promise.all(files.map((f) => this.fileOf(f, priced))),
      estimate: priced.estimate,
      uploadedAt: iso(job.created_at),
      printedAt: job.printed_at ? iso(job.printed_at) : null,
      deleteAt: status === 'deleted' ? null : this.deleteAtOf(job, times),
      deletedAt: status === 'deleted' && times.purged_at ? iso(times.purged_at) : null,
      payment: {
        upi: job.upi_vpa ? { vpa: job.upi_vpa, payee: job.upi_payee || job.shop_name } : null,
        reference: paymentReference(job),
        claimedAt: job.payment_claimed_at ? iso(job.payment_claimed_at) : null,
        recordedMethod: (job.payment_method as TPublicJob['payment']['recordedMethod']) ?? null,
      },
    };
  }

  /**
   * When the last file goes if nothing else happens first: an unprinted job's files move to the bin when the
   * sweeper's unprintedEndsAt says, and stay there RECYCLE_RETENTION; a printed or cancelled one's when the bin lets go.
   * A file staff saved from the bin has no end the customer can be told.
   */
  private deleteAtOf(job: CustomersJobRow, times: DeletionTimes): string | null {
    if (times.saved > 0) return null;
    const ends: number[] = [];
    if (times.active > 0) {
      const rules = { weeklyHours: job.weekly_hours, timeZone: job.time_zone, closedOn: job.closed_on };
      const toBin = unprintedEndsAt(rules, new Date(job.created_at), this.d.unprintedRetentionSeconds);
      ends.push(toBin.getTime() + this.d.recycleRetentionSeconds * 1000);
    }
    if (times.expires_at) ends.push(new Date(times.expires_at).getTime());
    return ends.length ? new Date(Math.max(...ends)).toISOString() : null;
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
const refused = (code: TCustomerChangeRefusal) => conflict(CUSTOMER_CHANGE_MESSAGES[code], code);
const iso = (t: Date | string) => new Date(t).toISOString();
const customersJob = (job: CustomersJobRow): CustomersJob => ({ id: job.id, shopId: job.shop_id, number: job.number });

/** UPI's transaction reference (`tr`): letters and digits only, unique to the job, readable at the counter. */
const paymentReference = (job: Pick<CustomersJobRow, 'id' | 'number'>) =>
  `CP${job.number}J${job.id.replace(/-/g, '').slice(0, 10).toUpperCase()}`;

/** Where the job stands: gone, printed or cancelled as staff left it, printing once started, else how far its files are prepared. */
function publicStatus(
  job: Pick<CustomersJobRow, 'status' | 'printing_at'>,
  files: Pick<CustomerFile, 'conversion' | 'prepared_at' | 'awaiting_color'>[],
): TPublicJob['status'] {
  if (files.length === 0) return 'deleted';
  if (job.status === 'done') return 'printed';
  if (job.status === 'cancelled') return 'cancelled';
  if (job.printing_at) return 'printing';
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
