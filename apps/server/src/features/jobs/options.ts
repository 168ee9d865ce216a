import type { TPrintOptionsUpdate } from '@counterprint/contract';
import type { Db } from '../../db/index.js';
import type { JobEventSink } from '../../pipeline/events.js';
import { optionChangesOf, printChoicesOf } from '../../pricing/print-options.js';
import { findShopById, rateCardOf } from '../shops/repo.js';
import * as customerRepo from './customer-repo.js';
import * as repo from './repo.js';

/** Staff change options while the job is queued; its customer while it is open (before staff start printing). */
export type OptionsWindow = 'queued' | 'open';
export type OptionsOutcome = 'changed' | 'not-queued' | Exclude<customerRepo.JobStanding, 'open'>;

/**
 * The one way a job's print options change, whoever asks: read against the shop's choices as of now,
 * all or nothing, the estimate follows, `auto` colour files are queued for detection, and screens are told.
 */
export class OptionChanges {
  constructor(private readonly d: { db: Db; events: JobEventSink }) {}

  async change(job: { id: string; shopId: string }, input: TPrintOptionsUpdate, window: OptionsWindow): Promise<OptionsOutcome> {
    const [files, shop, rates] = await Promise.all([
      repo.liveFilesOf(this.d.db, job.id),
      findShopById(this.d.db, job.shopId),
      rateCardOf(this.d.db, job.shopId),
    ]);
    const changes = optionChangesOf(files, input, printChoicesOf(shop!, rates));
    const outcome = await this.write(job.id, changes, window);
    if (outcome !== 'changed') return outcome;
    const autoColor = changes.filter((c) => c.options.color === 'auto').map((c) => c.fileId);
    void this.d.events.emit('optionsChanged', { shopId: job.shopId, jobId: job.id, autoColor });
    return 'changed';
  }

  private async write(jobId: string, changes: Parameters<typeof repo.setPrintOptions>[2], window: OptionsWindow) {
    if (window === 'queued') return (await repo.setPrintOptions(this.d.db, jobId, changes)) ? 'changed' : 'not-queued';
    const standing = await customerRepo.whileOpen(this.d.db, jobId, (tx) => customerRepo.writePrintOptions(tx, jobId, changes));
    return standing === 'open' ? 'changed' : standing;
  }
}
