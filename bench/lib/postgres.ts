import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const adminUrl = (): string => process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL;

/** Fixed secrets for PostgreSQL runs: DATABASE_URL requires all four. */
export const BENCH_SECRETS = {
  JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789abcdef',
  FILE_URL_SECRET: 'bench-file-url-secret-0123456789abcdef0123456789',
  FILE_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  RECEIPT_SIGNING_KEY: 'fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210',
};

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export async function postgresReachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh, empty database on the admin URL's server; `drop()` removes it. */
export async function freshDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `counterprint_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(adminUrl(), name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
