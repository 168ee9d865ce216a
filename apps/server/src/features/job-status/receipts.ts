import { randomUUID } from 'node:crypto';
import type { TDeletionReceiptV2, TReceiptKeySet } from '@counterprint/contract';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { type ReceiptSigningKey, signReceipt } from '../../receipts/signing.js';
import type { WorkFolder } from '../../storage/work-folder.js';
import * as repo from './receipt-repo.js';

/** A receipt still owed is retried by each sweep for this long after the last file went. */
const OWED_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Receipts one sweep writes at most, and the candidates it reads at a time to find them. */
const OWED_PER_SWEEP = 100;
const CANDIDATES_PAGE = 500;

export type DeletionReceiptDeps = {
  db: Db;
  clock: Clock;
  logger: Logger;
  key: ReceiptSigningKey;
  files: repo.ReceiptFiles;
  /** A receipt was written: the customer's status page, open on any instance, shows it. */
  onIssued?: (shopId: string, jobId: string) => void;
  /** The server's working copies: a receipt waits while any copy of the job's files is left there. */
  work?: Pick<WorkFolder, 'holdsAnyOf'>;
};

type DerivedRole = TDeletionReceiptV2['files'][number]['derived'][number]['role'];

const iso = (t: repo.Stamp) => new Date(t).toISOString();

/**
 * Writes one signed receipt per job once the last copy of its files is gone (docs/decisions/038-signed-deletion-receipts.md).
 * Called after each purge and by every sweep; a failure is logged and the next sweep tries again.
 */
export class DeletionReceipts {
  constructor(private readonly d: DeletionReceiptDeps) {}

  /** Publishes the current key beside the earlier ones; at start, before any receipt is signed. */
  async publishKey(): Promise<void> {
    await repo.publishReceiptKey(this.d.db, this.d.key.publicJwk.kid, this.d.key.publicJwk.x);
  }

  async keySet(): Promise<TReceiptKeySet> {
    const rows = await repo.receiptKeys(this.d.db);
    return { keys: rows.map((r) => ({ kty: 'OKP', crv: 'Ed25519', x: r.x, kid: r.kid, use: 'sig', alg: 'EdDSA' })) };
  }

  /** Issues the receipts owed (for one job, or any); answers how many were written. */
  async issueOwed(jobId?: string): Promise<number> {
    const since = new Date(this.d.clock.now().getTime() - OWED_WINDOW_MS);
    const owed = await this.owed(since, jobId);
    let issued = 0;
    for (const id of owed) {
      try {
        await this.issue(id);
        issued++;
      } catch (err) {
        this.d.logger.warn({ err: String(err), jobId: id }, 'deletion receipt not written; the next sweep retries');
      }
    }
    return issued;
  }

  /** Jobs whose files are all gone lately and that have no receipt yet, at most OWED_PER_SWEEP of them. */
  private async owed(since: Date, jobId: string | undefined): Promise<string[]> {
    const owed: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await this.d.files.fullyPurgedJobs({ since, jobId, limit: CANDIDATES_PAGE, ...(after ? { after } : {}) });
      const issued = await repo.jobsWithReceipt(this.d.db, page);
      owed.push(...page.filter((id) => !issued.has(id)));
      if (page.length < CANDIDATES_PAGE || owed.length >= OWED_PER_SWEEP) return owed.slice(0, OWED_PER_SWEEP);
      after = page.at(-1);
    }
  }

  /** Never throws: the purge that called it is done whatever happens here. */
  issueSoon(jobId: string): Promise<void> {
    return this.issueOwed(jobId).then(
      () => undefined,
      (err) => this.d.logger.warn({ err: String(err), jobId }, 'deletion receipt not written; the next sweep retries'),
    );
  }

  private async issue(jobId: string): Promise<void> {
    const job = await repo.receiptJob(this.d.db, jobId);
    const { files, derived } = await this.d.files.purgedFilesOf(jobId);
    if (!job || files.length === 0) return;
    // The receipt says the files are gone: not while a preparation still holds a decrypted copy.
    if (await this.d.work?.holdsAnyOf(files.map((f) => f.id))) throw new Error('a working copy of its files is still on disk');
    const receipt: TDeletionReceiptV2 = {
      version: 2,
      receiptId: randomUUID(),
      issuedAt: this.d.clock.now().toISOString(),
      shop: { name: job.shop_name, slug: job.shop_slug },
      job: {
        number: job.number,
        uploadedAt: iso(job.created_at),
        printedAt: job.printed_at ? iso(job.printed_at) : null,
        cancelledAt: job.cancelled_at ? iso(job.cancelled_at) : null,
        deletedAt: new Date(
          Math.max(...files.map((f) => new Date(f.purged_at).getTime()), ...derived.map((c) => new Date(c.purged_at).getTime())),
        ).toISOString(),
      },
      files: files.map((f) => ({
        name: f.original_name,
        size: Number(f.size),
        sha256: f.sha256,
        uploadedAt: iso(f.created_at),
        deletedAt: iso(f.purged_at),
        copies: { original: f.downloads, convertedPdf: f.pdf_downloads, printReady: f.print_ready_copies, printer: f.printer_copies },
        derived: derived
          .filter((c) => c.file_id === f.id)
          .map((c) => ({ role: c.role as DerivedRole, size: Number(c.size), createdAt: iso(c.created_at), deletedAt: iso(c.purged_at) })),
      })),
    };
    const jws = signReceipt(this.d.key, receipt);
    await repo.saveReceipt(this.d.db, { jobId, shopId: job.shop_id, receiptId: receipt.receiptId, kid: this.d.key.publicJwk.kid, jws });
    this.d.onIssued?.(job.shop_id, jobId);
  }
}
