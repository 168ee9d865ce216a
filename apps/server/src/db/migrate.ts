import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';

export interface RawTx {
  /** Runs a script of one or more statements with no parameters. */
  exec(sql: string): Promise<void>;
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
}
export interface RawClient {
  transaction<T>(fn: (tx: RawTx) => Promise<T>): Promise<T>;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Serialises instances that start together on one PostgreSQL database. */
const MIGRATION_LOCK_ID = 727_001;

export function listMigrations(): { name: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(MIGRATIONS_DIR + name, 'utf8') }));
}

/** Applies every pending migration in one transaction: all of them or none. */
export async function runMigrations(raw: RawClient, logger: Logger): Promise<void> {
  const migrations = listMigrations();
  await raw.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const applied = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    for (const m of migrations) {
      if (applied.has(m.name)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
      logger.info({ migration: m.name }, 'migration applied');
    }
  });
}
