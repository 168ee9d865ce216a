import pg from 'pg';
import type { Logger } from 'pino';

type Handler = (payload: string) => void;

/**
 * LISTEN needs one long-lived connection outside the pool. When it drops, the
 * listener reconnects with backoff and LISTENs again on every channel, so fan-out
 * survives a database restart.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly restoredHandlers = new Set<() => void>();
  private closed = false;
  private retryMs = 250;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
  ) {}

  async listen(channel: string, handler: Handler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    const fresh = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    const client = await this.ensure();
    if (fresh) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return async () => {
      set.delete(handler);
      if (set.size === 0) {
        this.handlers.delete(channel);
        await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
      }
    };
  }

  /** For tests: drop the listening connection as a network fault would. */
  async killConnectionForTest(): Promise<void> {
    if (this.client) await terminateBackend(this.url, this.client);
  }

  /** Runs `fn` each time the connection is back after a loss: NOTIFYs sent during the gap were missed. */
  onRestored(fn: () => void): void {
    this.restoredHandlers.add(fn);
  }

  get connected(): boolean {
    return this.client !== undefined;
  }

  private ensure(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    if (!this.connecting) {
      this.connecting = this.connect().finally(() => {
        this.connecting = undefined;
      });
    }
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (msg) => {
      for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, undefined));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    this.client = client;
    this.retryMs = 250;
    return client;
  }

  private lost(client: pg.Client, err: Error | undefined): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => {});
    if (this.closed) return;
    this.logger.warn({ err: err?.message }, 'LISTEN connection lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.ensure().then(
        () => {
          this.logger.info('LISTEN connection restored');
          for (const fn of this.restoredHandlers) fn();
        },
        () => {
          this.retryMs = Math.min(this.retryMs * 2, 5000);
          this.scheduleReconnect();
        },
      );
    }, this.retryMs);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => {});
  }
}

/** For tests: ends `client`'s session from another connection, as a network fault or an admin would. */
export async function terminateBackend(url: string, client: pg.Client): Promise<void> {
  const pid = (client as unknown as { processID: number }).processID;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  await admin.end();
}
