import { randomUUID } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { SIGNED_LINK_TTL_SECONDS, type TJob, type TJobCreated, type TMarkPrintedRequest } from '@counterprint/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../auth/guards.js';
import { requireShopAccess } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { inventoryItems, jobFiles, jobs, orders, rateCardServices, type shops } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { findShopBySlug } from '../shops/repo.js';
import { shopNotFound } from '../public-shop/routes.js';
import type { PageCounter } from './page-counter.js';
import * as repo from './repo.js';
import { clientKeyOf, type UploadLeases, uploadLost } from './quota.js';
import { discard, type ReceivedFile, receiveUpload, serverStorageFull } from './upload.js';

export type JobAction = 'created' | 'updated' | 'deleted';
export interface JobAnnouncer {
  /** `job`, when given, is the job as just written: published locally without reading it back. */
  announce(shopId: string, jobId: string, action: JobAction, job?: TJob): void;
}

export type JobsDeps = {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  announcer: JobAnnouncer;
  pageCounter: PageCounter;
  dataDir: string;
  shopStorageQuota: number;
  /** Share of the quota one address may keep unprinted in a shop, and its unprinted jobs there (docs/decisions/014). */
  addressStorageShare: number;
  addressUnprintedJobs: number;
  /** Keys the uploading address before it is stored. */
  clientKeySecret: string;
  leases: UploadLeases;
  minFreeDisk: number;
  recycleRetentionSeconds: number;
};

/** Staff download links live 10 minutes (docs/product/rules.md#signed-links). */
export const SIGNED_URL_TTL_SECONDS = SIGNED_LINK_TTL_SECONDS;

const jobNotFound = () => notFound('Job not found', 'JOB_NOT_FOUND');

export class JobsService {
  constructor(private readonly d: JobsDeps) {}

  /** The shop an upload names; looked up first so that limits key on the shop, never on the slug as typed. */
  async shopForUpload(slug: string): Promise<typeof shops.$inferSelect> {
    const shop = await findShopBySlug(this.d.db, slug.toLowerCase());
    if (!shop) throw shopNotFound();
    return shop;
  }

  async createFromUpload(req: FastifyRequest, shop: { id: string }): Promise<TJobCreated> {
    const { db, blobs } = this.d;
    if (!(await this.diskHasRoom())) throw serverStorageFull();
    const reservation = await this.d.leases.open(
      { shopBytes: this.d.shopStorageQuota, addressShare: this.d.addressStorageShare, addressJobs: this.d.addressUnprintedJobs },
      { jobId: randomUUID(), shopId: shop.id, clientKey: clientKeyOf(this.d.clientKeySecret, req.ip), bodyBytes: bodyLength(req) },
    );
    try {
      const upload = await receiveUpload(req, blobs, shop.id, reservation);
      try {
        await this.assertStored(upload.files);
        const job = await repo.insertJob(db, shop.id, upload, this.d.clock.now(), reservation.clientKey);
        this.d.announcer.announce(shop.id, job.id, 'created', job);
        this.d.pageCounter.enqueue(shop.id, upload.files.filter((f) => f.contentType === 'application/pdf').map((f) => f.id));
        return { jobId: job.id, fileCount: upload.files.length, number: job.number };
      } catch (err) {
        await discard(blobs, upload.files);
        throw err;
      }
    } finally {
      await this.d.leases.close(reservation);
    }
  }

  /** Every file is checked before the 201: a blob gone for whatever reason must not be acknowledged. */
  private async assertStored(files: ReceivedFile[]): Promise<void> {
    const found = await Promise.all(files.map((f) => this.d.blobs.stat(f.blobKey)));
    if (found.some((s) => s === undefined)) throw uploadLost();
  }

  /** Measured where blobs are written: DATA_DIR/blobs may be a volume of its own. */
  private async diskHasRoom(): Promise<boolean> {
    if (this.d.blobs.kind !== 'disk') return true;
    for (const dir of [path.join(this.d.dataDir, 'blobs'), this.d.dataDir]) {
      const s = await statfs(dir).catch(() => undefined);
      if (s) return s.bavail * s.bsize >= this.d.minFreeDisk;
    }
    return true;
  }

  async list(user: AuthUser, shopId: string, q: { limit: number; before?: string; status?: string }): Promise<TJob[]> {
    await requireShopAccess(this.d.db, user, shopId);
    return repo.listJobs(this.d.db, shopId, q);
  }

  /** The job must exist and belong to a shop the user owns; otherwise 403/404 before anything else. */
  private async ownedJob(user: AuthUser, jobId: string) {
    const job = await repo.findJobRow(this.d.db, jobId);
    if (!job) throw jobNotFound();
    await requireShopAccess(this.d.db, user, job.shopId);
    return job;
  }

  async signedUrls(user: AuthUser, jobId: string): Promise<string[]> {
    await this.ownedJob(user, jobId);
    const files = await repo.liveFilesOf(this.d.db, jobId);
    return Promise.all(files.map((f) => this.d.blobs.signedUrl(f.blobKey, SIGNED_URL_TTL_SECONDS, f.originalName)));
  }

  async markPrinted(user: AuthUser, jobId: string, input: TMarkPrintedRequest): Promise<TJob> {
    const job = await this.ownedJob(user, jobId);
    if (job.status !== 'queued') throw conflict(`Job is already ${job.status === 'done' ? 'printed' : 'cancelled'}`, 'JOB_NOT_QUEUED');
    const { db, clock } = this.d;
    const now = clock.now();
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(jobs)
        .set({ status: 'done', printedAt: now })
        .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued')))
        .returning({ id: jobs.id });
      if (moved.length === 0) throw conflict('Job is already printed', 'JOB_NOT_QUEUED');
      const files = await tx.select().from(jobFiles).where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.state, 'active')));
      const sheets = files.reduce((n, f) => n + (f.pages ?? 0), 0);
      await this.recycle(tx as unknown as Db, jobId, now);
      if (job.paperSku && sheets > 0) {
        await tx
          .update(inventoryItems)
          .set({ stock: sql`greatest(${inventoryItems.stock} - ${sheets}, 0)`, updatedAt: now })
          .where(and(eq(inventoryItems.shopId, job.shopId), eq(inventoryItems.sku, job.paperSku)));
      }
      if (input?.amount !== undefined) {
        const service = await this.serviceFor(tx as unknown as Db, job.shopId, input.serviceId);
        await tx.insert(orders).values({
          shopId: job.shopId,
          jobId,
          customerId: job.customerId,
          customerName: job.customerName,
          amountPaise: Math.round(input.amount * 100),
          paymentMethod: input.paymentMethod ?? null,
          serviceId: service?.id ?? null,
          serviceName: service?.serviceName ?? null,
          createdAt: now,
        });
      }
    });
    this.d.announcer.announce(job.shopId, jobId, 'updated');
    return (await repo.loadJob(db, jobId))!;
  }

  async cancel(user: AuthUser, jobId: string): Promise<TJob> {
    const job = await this.ownedJob(user, jobId);
    if (job.status === 'cancelled') throw conflict('Job is already cancelled', 'JOB_NOT_QUEUED');
    const now = this.d.clock.now();
    await this.d.db.transaction(async (tx) => {
      await tx.update(jobs).set({ status: 'cancelled', cancelledAt: now }).where(eq(jobs.id, jobId));
      await this.recycle(tx as unknown as Db, jobId, now);
    });
    this.d.announcer.announce(job.shopId, jobId, 'deleted');
    return (await repo.loadJob(this.d.db, jobId))!;
  }

  /** Active files go to the recycle bin, to be deleted for good when their retention passes. */
  private async recycle(db: Db, jobId: string, now: Date): Promise<void> {
    const expiresAt = new Date(now.getTime() + this.d.recycleRetentionSeconds * 1000);
    await db
      .update(jobFiles)
      .set({ state: 'recycled', recycledAt: now, expiresAt })
      .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.state, 'active')));
  }

  private async serviceFor(db: Db, shopId: string, serviceId: string | undefined) {
    const services = await db
      .select()
      .from(rateCardServices)
      .where(eq(rateCardServices.shopId, shopId))
      .orderBy(asc(rateCardServices.position));
    if (serviceId) {
      const chosen = services.find((s) => s.id === serviceId);
      if (!chosen) throw notFound('Service not found on this shop\u2019s rate card', 'SERVICE_NOT_FOUND');
      return chosen;
    }
    return services.find((s) => s.unit === 'per_page') ?? services[0];
  }
}

function bodyLength(req: FastifyRequest): number | undefined {
  const n = Number(req.headers['content-length']);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}
