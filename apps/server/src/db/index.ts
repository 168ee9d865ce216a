/**
 * One query layer for both databases: Drizzle over PGlite (embedded default) or
 * node-postgres (DATABASE_URL). Migrations are plain SQL files run through the raw
 * client, because Drizzle's execute() sends parameters and so cannot run a
 * multi-statement file on pg. PGlite's own node-postgres adapter is not used
 * under Drizzle (parameter bug, see docs/decisions/001-drizzle-over-pglite-and-pg.md).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Logger } from 'pino';
import { AdvisoryLocks } from './advisory-locks.js';
import { acquireDataDirLock } from './lock.js';
import { type RawClient, runMigrations } from './migrate.js';
import { PgListener } from './pg-listener.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/**
 * The transaction `db.transaction` hands its callback, the same type on PGlite and node-postgres since both
 * drivers' databases are a `Db`. It runs every query a `Db` runs, so a repo function meant to run inside a
 * caller's transaction takes a `Tx`, and one that runs either way takes a `Db` and accepts a `Tx` as well.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** Runs `onPayload` for every NOTIFY on `channel`, until the returned function is called. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** PostgreSQL: runs `fn` whenever NOTIFYs may have been missed (the LISTEN connection dropped and is back). */
  onNotifyGap?(fn: () => void): void;
  /** PostgreSQL: locks that hold across every instance on the database (PGlite has one instance only). */
  advisoryLocks?: AdvisoryLocks;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type OpenOptions = {
  databaseUrl?: string | undefined;
  /** PGlite data folder; undefined keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
  logger: Logger;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts) : await openPglite(opts);
  return database;
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  let releaseLock: () => void = () => {};
  if (opts.pgliteDir) {
    mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
    releaseLock = acquireDataDirLock(opts.pgliteDir);
  }
  let client: PGlite;
  try {
    client = opts.pgliteDir ? await PGlite.create(opts.pgliteDir) : await PGlite.create();
    const raw: RawClient = {
      transaction: (fn) =>
        client.transaction((tx) =>
          fn({
            exec: async (sql) => void (await tx.exec(sql)),
            query: async <R>(sql: string, params?: unknown[]) => (await tx.query<R>(sql, params)).rows,
          }),
        ),
    };
    await runMigrations(raw, opts.logger);
  } catch (err) {
    releaseLock();
    throw err;
  }
  const db: Db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db,
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    notify: async (channel, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    ping: async () => {
      try {
        await client.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

async function openPostgres(url: string, opts: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', (err) => opts.logger.warn({ err: err.message }, 'idle database connection lost'));
  const raw: RawClient = {
    transaction: async (fn) => {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const result = await fn({
          exec: async (sql) => void (await c.query(sql)),
          query: async <R>(sql: string, params?: unknown[]) => (await c.query(sql, params)).rows as R[],
        });
        await c.query('COMMIT');
        return result;
      } catch (err) {
        await c.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        c.release();
      }
    },
  };
  try {
    await runMigrations(raw, opts.logger);
  } catch (err) {
    await pool.end();
    throw err;
  }
  const listener = new PgListener(url, opts.logger);
  const advisoryLocks = new AdvisoryLocks(url, opts.logger);
  const db: Db = drizzlePg({ client: pool, schema });
  return {
    kind: 'postgres',
    db,
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    onNotifyGap: (fn) => listener.onRestored(fn),
    advisoryLocks,
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    ping: async () => {
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await listener.close();
      await advisoryLocks.close();
      await pool.end();
    },
  };
}

/** Raw SQL for reports and upserts; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
