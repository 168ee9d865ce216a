/**
 * One STOMP connection: the protocol state machine behind StompBroker. Frames
 * are handled strictly in order, even across the async authenticate and
 * canSubscribe calls, and the backlog waiting behind them is bounded.
 */
import { encodeFrame, escapeHeader, FrameParser, type ParserLimits, type StompFrame, StompParseError } from './frame.js';

export interface RealtimeLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What a transport offers the broker for one connection. */
export interface BrokerConnection {
  send(text: string): void;
  /** Graceful close: pending output is flushed first. */
  close(): void;
  /** Hard close, for slow consumers whose output we refuse to keep buffering. */
  terminate(): void;
  /** Bytes queued for this connection and not yet written to the network. */
  bufferedBytes(): number;
}

/** What the broker offers a transport for one connection. */
export interface BrokerSession {
  readonly id: string;
  receive(chunk: string | Uint8Array): void;
  /** Sends ERROR and closes, for faults the transport detects (e.g. oversize message). */
  reject(message: string): void;
  /** The transport lost the connection. */
  closed(): void;
}

/** `version`: the token version the session was opened with (see auth/token-versions.ts); 0 when absent. */
export type AuthResult = { userId: string; expiresAt: number; version?: number } | null;

export interface BrokerOptions {
  /** Verifies a bearer token. Returning claims whose expiresAt has passed yields 'JWT expired' instead of 'Authentication failed'. */
  authenticate(token: string): Promise<AuthResult>;
  canSubscribe(userId: string, shopId: string): Promise<boolean>;
  logger?: RealtimeLogger;
  /** Floor for both heart-beat directions (default 10 s). */
  heartbeatMinMs?: number;
  /** Period of the access re-check (default 30 s); 0 leaves it to explicit recheckAccess() calls. */
  recheckIntervalMs?: number;
  /** A connection that has not completed CONNECT within this time is closed (default 10 s). */
  connectTimeoutMs?: number;
  /** A session whose transport has more than this queued is dropped (default 4 MiB). */
  maxBufferedBytes?: number;
  maxSubscriptionsPerSession?: number;
  /** Open (authenticated) sessions one user may hold on this instance; the next CONNECT is refused (default 20). */
  maxSessionsPerUser?: number;
  /** Frames waiting behind an async step (auth, access check) before the session is closed. */
  maxPendingFrames?: number;
  limits?: Partial<ParserLimits>;
  now?: () => number;
}

export const SERVER_NAME = 'Counterprint/1';
const VERSIONS = ['1.2', '1.1', '1.0'];
const DESTINATION = /^\/topic\/shops\/([A-Za-z0-9_-]{1,100})\/jobs$/;
/** A print agent's own topic (issue 22); its key among the broker's topics is `device:{id}`. */
const DEVICE_DESTINATION = /^\/topic\/devices\/([A-Za-z0-9_-]{1,100})\/commands$/;
export const DEVICE_KEY_PREFIX = 'device:';
const MAX_TIMER_MS = 2 ** 31 - 1;
const noop = () => {};
export const silent: RealtimeLogger = { debug: noop, info: noop, warn: noop, error: noop };

/** The destination of a topic key: a shop id names its job topic, `device:{id}` an agent's command topic. */
export const topicFor = (key: string): string =>
  key.startsWith(DEVICE_KEY_PREFIX) ? `/topic/devices/${key.slice(DEVICE_KEY_PREFIX.length)}/commands` : `/topic/shops/${key}/jobs`;

/** The topic key a SUBSCRIBE destination names, or undefined for one we do not have. */
function topicKeyOf(destination: string): string | undefined {
  const device = DEVICE_DESTINATION.exec(destination)?.[1];
  if (device) return `${DEVICE_KEY_PREFIX}${device}`;
  return DESTINATION.exec(destination)?.[1];
}

export interface Subscription {
  readonly session: Session;
  readonly id: string;
  readonly idHeader: string;
  readonly shopId: string;
}

export type Settings = Required<Omit<BrokerOptions, 'logger' | 'limits'>> & {
  logger: RealtimeLogger;
  limits: Partial<ParserLimits>;
};

/** The broker's side of a session: the shop index and the session registry. */
export interface SessionHost {
  index(sub: Subscription, add: boolean): void;
  /** Takes one of the user's session places; false when they are all taken. */
  admit(userId: string): boolean;
  forget(session: Session): void;
}

type State = 'new' | 'connecting' | 'open' | 'closed';

export class Session implements BrokerSession {
  userId = '';
  expiresAt = Number.POSITIVE_INFINITY;
  tokenVersion = 0;
  private state: State = 'new';
  private readonly parser: FrameParser;
  private readonly subs = new Map<string, Subscription>();
  private readonly queue: Array<StompFrame | StompParseError> = [];
  private busy = false;
  private lastReceived: number;
  private readonly timers: { connect?: NodeJS.Timeout; expiry?: NodeJS.Timeout; in?: NodeJS.Timeout; out?: NodeJS.Timeout } = {};

  constructor(
    private readonly broker: SessionHost,
    private readonly s: Settings,
    private readonly conn: BrokerConnection,
    readonly id: string,
  ) {
    this.parser = new FrameParser(s.limits);
    this.lastReceived = s.now();
    this.timers.connect = setTimeout(() => this.fail('CONNECT timeout'), s.connectTimeoutMs);
    this.timers.connect.unref();
  }

  receive(chunk: string | Uint8Array): void {
    if (this.state === 'closed') return;
    this.lastReceived = this.s.now();
    const { frames, error } = this.parser.feed(chunk);
    for (const f of frames) this.enqueue(f);
    if (error) this.enqueue(error);
  }

  reject(message: string): void {
    this.fail(message);
  }

  closed(): void {
    this.teardown();
  }

  shutdown(): void {
    if (this.teardown()) this.conn.close();
  }

  /** Returns false when the session is not open or was dropped as a slow consumer. */
  deliver(text: string): boolean {
    if (this.state !== 'open') return false;
    if (this.conn.bufferedBytes() > this.s.maxBufferedBytes) {
      this.s.logger.warn({ session: this.id, userId: this.userId }, 'realtime slow consumer dropped');
      if (this.teardown()) this.conn.terminate();
      return false;
    }
    this.conn.send(text);
    return true;
  }

  /**
   * `message` is always our own text: an ERROR frame echoes nothing the client sent, not even its
   * receipt, since a transport may relay frames into a page.
   */
  fail(message: string): void {
    if (this.state === 'closed') return;
    const headers: Array<[string, string]> = [
      ['message', message],
      ['content-type', 'text/plain'],
    ];
    this.s.logger.debug({ session: this.id, userId: this.userId, message }, 'realtime session error');
    this.conn.send(encodeFrame('ERROR', headers, message));
    if (this.teardown()) this.conn.close();
  }

  private isClosed(): boolean {
    return this.state === 'closed';
  }

  private teardown(): boolean {
    if (this.state === 'closed') return false;
    this.state = 'closed';
    for (const t of Object.values(this.timers)) clearTimeout(t);
    for (const sub of this.subs.values()) this.broker.index(sub, false);
    this.subs.clear();
    this.queue.length = 0;
    this.broker.forget(this);
    return true;
  }

  private enqueue(item: StompFrame | StompParseError): void {
    if (this.queue.length >= this.s.maxPendingFrames) {
      this.fail('Too many frames');
      return;
    }
    this.queue.push(item);
    if (!this.busy) void this.pump();
  }

  private async pump(): Promise<void> {
    this.busy = true;
    try {
      for (let item = this.queue.shift(); item && this.state !== 'closed'; item = this.queue.shift()) {
        if (item instanceof StompParseError) this.fail(`Malformed frame: ${item.message}`);
        else await this.handle(item);
      }
    } catch (err) {
      this.s.logger.error({ err: String(err), session: this.id }, 'realtime frame handling failed');
      this.fail('Internal error');
    } finally {
      this.busy = false;
    }
  }

  private async handle(frame: StompFrame): Promise<void> {
    const receipt = frame.headers.receipt;
    const cmd = frame.command;
    if (cmd === 'CONNECT' || cmd === 'STOMP') {
      if (this.state !== 'new') return this.fail('Already connected');
      await this.connect(frame);
    } else if (this.state !== 'open') {
      return this.fail('Not connected: send CONNECT first');
    } else if (cmd === 'SUBSCRIBE') {
      await this.subscribe(frame);
    } else if (cmd === 'UNSUBSCRIBE') {
      const sub = this.subs.get(frame.headers.id ?? '');
      if (!sub) return this.fail('UNSUBSCRIBE requires the id of a subscription');
      this.subs.delete(sub.id);
      this.broker.index(sub, false);
    } else if (cmd === 'DISCONNECT') {
      if (receipt !== undefined) this.conn.send(encodeFrame('RECEIPT', [['receipt-id', receipt]]));
      if (this.teardown()) this.conn.close();
      return;
    } else if (cmd === 'SEND') {
      return this.fail('SEND is not allowed');
    } else if (cmd !== 'ACK' && cmd !== 'NACK') {
      // Auto-acknowledge only, so ACK/NACK are accepted and ignored; transactions make no sense without SEND.
      return this.fail('Unsupported command');
    }
    if (receipt !== undefined && this.state === 'open') this.conn.send(encodeFrame('RECEIPT', [['receipt-id', receipt]]));
  }

  private async connect(frame: StompFrame): Promise<void> {
    this.state = 'connecting';
    const h = frame.headers;
    const offered = (h['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    const version = VERSIONS.find((v) => offered.includes(v));
    if (!version) return this.fail('Supported protocol versions are 1.2, 1.1, 1.0');
    const hb = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(h['heart-beat'] ?? '0,0');
    if (!hb) return this.fail('Invalid heart-beat header');
    const authKey = Object.keys(h).find((k) => k.toLowerCase() === 'authorization');
    const token = /^Bearer\s+(\S+)\s*$/i.exec((authKey && h[authKey]) || '')?.[1];
    let auth: AuthResult = null;
    if (token) {
      try {
        auth = await this.s.authenticate(token);
      } catch (err) {
        this.s.logger.warn({ err: String(err) }, 'realtime authenticate threw');
      }
    }
    // The client may have gone away while authenticate was pending.
    if (this.isClosed()) return;
    if (!auth) return this.fail('Authentication failed');
    const now = this.s.now();
    if (auth.expiresAt <= now) return this.fail('JWT expired');
    if (!this.broker.admit(auth.userId)) {
      return this.fail(`Too many live sessions for this account (${this.s.maxSessionsPerUser}); close another tab or window`);
    }
    // From here the session holds a place, given back by broker.forget() at teardown.
    this.userId = auth.userId;
    this.expiresAt = auth.expiresAt;
    this.tokenVersion = auth.version ?? 0;
    this.state = 'open';
    this.parser.escapeHeaders = version !== '1.0';
    clearTimeout(this.timers.connect);
    this.armExpiry();
    const [cx, cy] = [Number(hb[1]), Number(hb[2])];
    const min = this.s.heartbeatMinMs;
    const sendEvery = cy > 0 ? Math.max(cy, min) : 0;
    const expectEvery = cx > 0 ? Math.max(cx, min) : 0;
    const headers: Array<[string, string]> = [
      ['version', version],
      ['heart-beat', `${sendEvery},${expectEvery}`],
      ['server', SERVER_NAME],
      ['session', this.id],
    ];
    this.conn.send(encodeFrame('CONNECTED', headers));
    if (sendEvery > 0) {
      this.timers.out = setInterval(() => this.state === 'open' && this.deliver('\n'), sendEvery);
      this.timers.out.unref();
    }
    if (expectEvery > 0) {
      // Grace of two periods, as network jitter and timer drift delay beats.
      this.timers.in = setInterval(() => {
        if (this.s.now() - this.lastReceived > 2 * expectEvery) this.fail('Heart-beat timeout');
      }, expectEvery);
      this.timers.in.unref();
    }
  }

  private armExpiry(): void {
    const delay = this.expiresAt - this.s.now();
    if (delay <= 0) {
      this.fail('JWT expired');
      return;
    }
    this.timers.expiry = setTimeout(() => this.armExpiry(), Math.min(delay, MAX_TIMER_MS));
    this.timers.expiry.unref();
  }

  private async subscribe(frame: StompFrame): Promise<void> {
    const { id, destination = '' } = frame.headers;
    if (!id) return this.fail('SUBSCRIBE requires an id header');
    const shopId = topicKeyOf(destination);
    if (!shopId) return this.fail('Access denied: unknown destination');
    // Our topic name rebuilt from an id of [A-Za-z0-9_-] only, never the client's text.
    const denied = `Access denied to ${topicFor(shopId)}`;
    if (this.subs.has(id)) return this.fail('Duplicate subscription id');
    if (this.subs.size >= this.s.maxSubscriptionsPerSession) return this.fail('Too many subscriptions');
    let allowed = false;
    try {
      allowed = await this.s.canSubscribe(this.userId, shopId);
    } catch (err) {
      this.s.logger.warn({ err: String(err), userId: this.userId, shopId }, 'realtime canSubscribe threw');
    }
    if (this.state !== 'open') return;
    if (!allowed) return this.fail(denied);
    const sub: Subscription = { session: this, id, idHeader: escapeHeader(id), shopId };
    this.subs.set(id, sub);
    this.broker.index(sub, true);
  }
}
