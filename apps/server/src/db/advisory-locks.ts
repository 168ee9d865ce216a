import pg from 'pg';
import type { Logger } from 'pino';
import { terminateBackend } from './pg-listener.js';

/**
 * PostgreSQL session advisory locks, named by a string, on one connection of their own outside the
 * pool: a session lock is released only by the session that took it, so every lock and unlock of
 * this instance must go through the same connection. If that connection drops, PostgreSQL releases
 * its locks; the next call opens a new one. A session may take a lock it holds again (PostgreSQL counts
 * it twice), so one instance must have one user of these locks, which keeps its own holders apart
 * (upload-locker.ts). Callers must not rely on a lock for correctness alone
 * (docs/decisions/049-upload-locks-across-instances.md).
 */
export class AdvisoryLocks {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
  ) {}

  /** Takes the lock `name` if no other session holds it; answers whether it was taken. */
  async tryLock(name: string): Promise<boolean> {
    const take = async () => {
      const c = await this.ensure();
      try {
        const r = await c.query<{ taken: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS taken', [name]);
        return r.rows[0]?.taken === true;
      } catch (err) {
        this.lost(c, err as Error);
        throw err;
      }
    };
    // A connection the server ended may not have said so yet: the first query on it fails, a fresh one will not.
    return take().catch(() => take());
  }

  /** Lets go of the lock `name`; a lock its lost session already gave up is nothing to let go of. */
  async unlock(name: string): Promise<void> {
    const c = this.client;
    if (!c) return;
    try {
      await c.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    } catch (err) {
      this.lost(c, err as Error);
      throw err;
    }
  }

  /** For tests: drop the connection as a network fault would, releasing every lock it held. */
  async killConnectionForTest(): Promise<void> {
    if (this.client) await terminateBackend(this.url, this.client);
  }

  async close(): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => {});
  }

  private ensure(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('advisory locks are closed'));
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    // A half-open connection must not hold every upload's lock of this instance: its queries time out,
    // the connection is dropped, and PostgreSQL releases its locks once it notices.
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5000, query_timeout: 5000, keepAlive: true });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    await client.connect();
    this.client = client;
    return client;
  }

  private lost(client: pg.Client, err?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => {});
    if (!this.closed) this.logger.warn({ err: err?.message }, 'advisory lock connection lost; its locks are released');
  }
}
