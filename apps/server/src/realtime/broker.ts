/**
 * Transport-independent STOMP broker. Transports (transport.ts) hand it raw text
 * per connection; it authenticates CONNECT, authorises SUBSCRIBE, and fans
 * published job events out to subscribers. Clients may only subscribe: SEND is
 * refused, because every message originates on the server.
 */
import { escapeHeader } from './frame.js';
import {
  type BrokerConnection,
  type BrokerOptions,
  type BrokerSession,
  Session,
  type SessionHost,
  type Settings,
  type Subscription,
  silent,
  topicFor,
} from './session.js';

export type { AuthResult, BrokerConnection, BrokerOptions, BrokerSession, RealtimeLogger } from './session.js';

const HTML_SPECIALS = /[<>&]/g;

/**
 * JSON whose strings carry no raw < > & (they become \u003c, \u003e, \u0026, which parse back to the
 * same text): a job's customer and file names are anyone's text, and a frame must never be markup.
 */
function jsonForFrame(body: object): string {
  const json = JSON.stringify(body);
  return /[<>&]/.test(json) ? json.replace(HTML_SPECIALS, (c) => `\\u00${c.charCodeAt(0).toString(16)}`) : json;
}

export class StompBroker implements SessionHost {
  private readonly settings: Settings;
  private readonly sessions = new Set<Session>();
  /** shopId → its subscriptions, so a publish touches only that shop's subscribers. */
  private readonly byShop = new Map<string, Set<Subscription>>();
  /** userId → open sessions, for maxSessionsPerUser. */
  private readonly perUser = new Map<string, number>();
  private readonly recheckTimer: NodeJS.Timeout | undefined;
  private rechecking: Promise<void> | undefined;
  private messageSeq = 0;
  private sessionSeq = 0;

  constructor(opts: BrokerOptions) {
    this.settings = {
      heartbeatMinMs: 10_000,
      recheckIntervalMs: 30_000,
      connectTimeoutMs: 10_000,
      maxBufferedBytes: 4 * 1024 * 1024,
      maxSubscriptionsPerSession: 16,
      maxSessionsPerUser: 20,
      maxPendingFrames: 32,
      now: Date.now,
      ...opts,
      logger: opts.logger ?? silent,
      limits: opts.limits ?? {},
    };
    if (this.settings.recheckIntervalMs > 0) {
      this.recheckTimer = setInterval(() => void this.recheckAccess(), this.settings.recheckIntervalMs);
      this.recheckTimer.unref();
    }
  }

  openSession(conn: BrokerConnection): BrokerSession {
    const session = new Session(this, this.settings, conn, String(++this.sessionSeq));
    this.sessions.add(session);
    return session;
  }

  /** Sends `body` as JSON to every subscriber of the shop's job topic; returns the number of deliveries. */
  publish(shopId: string, body: object): number {
    const subs = this.byShop.get(shopId);
    if (!subs || subs.size === 0) return 0;
    const json = jsonForFrame(body);
    // One message, one id for all its deliveries; and since clients mostly name their subscription
    // alike (stompjs: sub-0), each distinct frame is built once, not once per subscriber.
    const head = `MESSAGE\ndestination:${escapeHeader(topicFor(shopId))}\nmessage-id:${++this.messageSeq}\n`;
    const tail = `content-type:application/json\ncontent-length:${Buffer.byteLength(json)}\n\n${json}\0`;
    const frames = new Map<string, string>();
    let delivered = 0;
    // Copy first: a slow consumer dropped mid-loop removes itself from the set.
    for (const sub of [...subs]) {
      let frame = frames.get(sub.idHeader);
      if (frame === undefined) {
        frame = `${head}subscription:${sub.idHeader}\n${tail}`;
        frames.set(sub.idHeader, frame);
      }
      if (sub.session.deliver(frame)) delivered++;
    }
    return delivered;
  }

  /** Re-runs canSubscribe for every live subscription (one call per user and shop) and closes sessions that lost access. */
  recheckAccess(): Promise<void> {
    this.rechecking ??= this.runRecheck().finally(() => {
      this.rechecking = undefined;
    });
    return this.rechecking;
  }

  stats(): { sessions: number; subscriptions: number; shops: number } {
    let subscriptions = 0;
    for (const set of this.byShop.values()) subscriptions += set.size;
    return { sessions: this.sessions.size, subscriptions, shops: this.byShop.size };
  }

  /** Closes, with ERROR 'JWT revoked', the user's sessions opened with a token version older than `version`. */
  revokeUser(userId: string, version: number): number {
    let closed = 0;
    for (const s of [...this.sessions]) {
      if (s.userId === userId && s.tokenVersion < version) {
        s.fail('JWT revoked');
        closed++;
      }
    }
    return closed;
  }

  /** Sends ERROR `message` to every session and closes it: clients reconnect and reload what they missed. */
  dropAll(message: string): void {
    for (const s of [...this.sessions]) s.fail(message);
  }

  /** Closes every session (no ERROR frame) and stops timers; for graceful shutdown. */
  close(): void {
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    for (const s of [...this.sessions]) s.shutdown();
  }

  /** @internal */
  index(sub: Subscription, add: boolean): void {
    let set = this.byShop.get(sub.shopId);
    if (add) {
      if (!set) {
        set = new Set();
        this.byShop.set(sub.shopId, set);
      }
      set.add(sub);
    } else if (set?.delete(sub) && set.size === 0) {
      this.byShop.delete(sub.shopId);
    }
  }

  /** @internal */
  admit(userId: string): boolean {
    const n = this.perUser.get(userId) ?? 0;
    if (n >= this.settings.maxSessionsPerUser) return false;
    this.perUser.set(userId, n + 1);
    return true;
  }

  /** @internal */
  forget(session: Session): void {
    if (!this.sessions.delete(session) || !session.userId) return;
    const n = (this.perUser.get(session.userId) ?? 1) - 1;
    if (n > 0) this.perUser.set(session.userId, n);
    else this.perUser.delete(session.userId);
  }

  private async runRecheck(): Promise<void> {
    const { canSubscribe, logger, now } = this.settings;
    const groups = new Map<string, { userId: string; shopId: string; subs: Subscription[] }>();
    for (const session of this.sessions) {
      if (session.expiresAt <= now()) session.fail('JWT expired');
    }
    for (const [shopId, subs] of this.byShop) {
      for (const sub of subs) {
        const userId = sub.session.userId;
        const key = `${userId}\n${shopId}`;
        const group = groups.get(key) ?? { userId, shopId, subs: [] };
        group.subs.push(sub);
        groups.set(key, group);
      }
    }
    const queue = [...groups.values()];
    const worker = async () => {
      for (let g = queue.shift(); g; g = queue.shift()) {
        let allowed: boolean;
        try {
          allowed = await canSubscribe(g.userId, g.shopId);
        } catch (err) {
          // A database hiccup must not disconnect everyone; the next round checks again.
          logger.warn({ err: String(err), userId: g.userId, shopId: g.shopId }, 'realtime access re-check failed');
          continue;
        }
        if (!allowed) for (const sub of g.subs) sub.session.fail(`Access denied to ${topicFor(g.shopId)}`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(8, queue.length) }, worker));
  }
}
