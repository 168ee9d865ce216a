import { PUSH_MESSAGES, type TJob, type TPushJobMessage, type TPushSubscription } from '@counterprint/contract';
import type { Logger } from 'pino';
import { type AuthUser, requireShopAccess } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { PushConfig } from '../../config.js';
import type { Db } from '../../db/index.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { endpointProblem } from './addresses.js';
import { Deliveries } from './deliveries.js';
import * as repo from './repo.js';
import { PushSender, type Subscriber } from './sender.js';

/** A push older than this is dropped by the push service: by then the queue itself shows the job. */
export const PUSH_TTL_SECONDS = 5 * 60;

export type PushDeps = {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Undefined: the server has no VAPID keys, and devices cannot be told of jobs. */
  config: PushConfig | undefined;
};

const pushOff = () => new HttpError(404, 'PUSH_OFF', PUSH_MESSAGES.off);

/** Tells staff devices of new jobs by Web Push, even with no tab open (docs/decisions/044-web-push-for-new-jobs.md). */
export class PushService {
  private readonly sender: PushSender | undefined;
  private readonly deliveries: Deliveries;

  constructor(private readonly d: PushDeps) {
    this.sender = d.config ? new PushSender(d.config) : undefined;
    // A few requests at a time, whatever the burst of uploads; past the backlog, pushes are dropped (the queue still shows the jobs).
    this.deliveries = new Deliveries({ concurrency: 4, backlog: 500 });
  }

  publicKey(): { publicKey: string } {
    if (!this.d.config) throw pushOff();
    return { publicKey: this.d.config.publicKey };
  }

  async subscribe(user: AuthUser, shopId: string, sub: TPushSubscription): Promise<void> {
    await requireShopAccess(this.d.db, user, shopId);
    if (!this.d.config) throw pushOff();
    const problem = endpointProblem(sub.endpoint, this.d.config.localEndpoints);
    if (problem) throw badRequest(problem);
    const device = { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
    await repo.saveSubscription(this.d.db, { ...device, userId: user.id, shopId }, this.d.clock.now());
  }

  async unsubscribe(user: AuthUser, shopId: string, endpoint: string): Promise<void> {
    await requireShopAccess(this.d.db, user, shopId);
    await repo.deleteSubscription(this.d.db, user.id, shopId, endpoint);
  }

  /** On logout: a signed-out device must not go on showing the shop's customers' names. */
  forgetUser(userId: string): Promise<void> {
    return repo.deleteSubscriptionsOfUser(this.d.db, userId);
  }

  /** Never throws and never waits: the upload that made the job has already been answered, or soon is. */
  jobArrived(shopId: string, arriving: Promise<TJob | null>): void {
    if (!this.sender) return;
    this.deliveries.track(
      arriving
        .then(async (job) => {
          if (!job) return;
          const message = JSON.stringify(jobMessage(job));
          const subscribers = await repo.subscribersOfShop(this.d.db, shopId);
          for (const to of subscribers) {
            if (!this.deliveries.add(() => this.deliver(to, message)))
              this.d.logger.warn({ shopId }, 'push dropped: backlog full or shutting down');
          }
        })
        .catch((err) => this.d.logger.warn({ err: String(err), shopId }, 'push subscribers not read')),
    );
  }

  /** Resolves when every push started so far has been answered or given up (tests, shutdown). */
  idle(): Promise<void> {
    return this.deliveries.idle();
  }

  async stop(): Promise<void> {
    this.deliveries.close();
    await this.deliveries.idle();
  }

  private async deliver(to: Subscriber, message: string): Promise<void> {
    const sent = await this.sender!.deliver(to, message, PUSH_TTL_SECONDS);
    const host = hostOf(to.endpoint);
    if (sent.outcome === 'gone') {
      await repo
        .deleteEndpoint(this.d.db, to.endpoint)
        .catch((err) => this.d.logger.warn({ err: String(err) }, 'gone push subscription not deleted'));
      this.d.logger.info({ host, status: sent.status }, 'push subscription gone, deleted');
    } else if (sent.outcome === 'failed') {
      this.d.logger.warn({ host, status: sent.status, reason: sent.reason }, 'push not delivered');
    }
  }
}

function jobMessage(job: TJob): TPushJobMessage {
  return {
    kind: 'job',
    jobId: job.id,
    number: job.number,
    // A push carries at most ~4 KB; a name never needs more than this to be recognised.
    customer: (job.customerName?.trim() || 'Walk-in customer').slice(0, 80),
    files: job.files.length,
    url: `/printJob?job=${encodeURIComponent(job.id)}`,
  };
}

/** Endpoints hold the device's id in their path: logs name only the push service. */
const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'unknown';
  }
};
