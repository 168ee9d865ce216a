import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, type AppDeps, buildApp } from '../../src/app.js';
import type { Clock } from '../../src/clock.js';
import { type Config, loadConfig } from '../../src/config.js';
import { createMailer } from '../../src/mail/mailer.js';
import { createBlobStore } from '../../src/storage/index.js';
import { createTestDatabase, type TestDatabase, testLogger } from './database.js';

export type TestClock = Clock & { set(d: Date): void; advance(ms: number): void };

export function testClock(start = new Date()): TestClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set: (d) => {
      now = d.getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

export type TestApp = {
  app: App;
  deps: AppDeps;
  testDb: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
};

export type TestAppOptions = {
  kind: 'pglite' | 'postgres';
  env?: Record<string, string>;
  clock?: Clock;
  config?: Partial<Config>;
};

/** Boots the real app on a fresh database and a fresh data folder; call it like a client with app.inject. */
export async function createTestApp(opts: TestAppOptions): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cp-test-'));
  const base = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT: 'on', LOG_LEVEL: 'silent', ...opts.env });
  const config: Config = { ...base, webDistDir: path.join(dataDir, 'no-web'), ...opts.config };
  const testDb = await createTestDatabase(opts.kind);
  const blobs = await createBlobStore(config);
  const clock = opts.clock ?? { now: () => new Date() };
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: testDb.database.db, logger: testLogger });
  const deps: AppDeps = { config, database: testDb.database, blobs, mailer, clock, logger: testLogger };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    testDb,
    dataDir,
    close: async () => {
      await app.close();
      mailer.close();
      await blobs.close?.();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const json = (res: { body: string }) => JSON.parse(res.body);

/** Signs in; returns the bearer token, the refresh token and the sign-in body. */
export async function signIn(app: App, email: string, password = 'passw0rd-ok') {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`signin failed: ${res.statusCode} ${res.body}`);
  const body = json(res);
  return { token: String(res.headers.authorization).replace(/^Bearer /, ''), refreshToken: body.refreshToken as string, body };
}

/** Signs up and signs in; returns the bearer token and the sign-in body. */
export async function signUpAndIn(app: App, email: string, password = 'passw0rd-ok', name = 'Test User') {
  const up = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name, email, password } });
  if (up.statusCode !== 201) throw new Error(`signup failed: ${up.statusCode} ${up.body}`);
  const { token, body } = await signIn(app, email, password);
  return { token, body, signup: json(up) };
}

/** Asks to renew with only a bearer and an empty JSON body, no refresh token (which renewal needs). */
export const refreshWithBearerOnly = (app: App, token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/refresh-token',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });

/** A second app process-alike on the same PostgreSQL database and secrets, as behind a load balancer. */
export async function createSecondInstance(first: TestApp): Promise<{ app: App; close(): Promise<void> }> {
  if (!first.testDb.url) throw new Error('a second instance needs PostgreSQL');
  const { openDatabase } = await import('../../src/db/index.js');
  const database = await openDatabase({ databaseUrl: first.testDb.url, logger: testLogger, poolSize: 5 });
  const mailer = createMailer({ smtpUrl: undefined, from: first.deps.config.mailFrom, db: database.db, logger: testLogger });
  const app = await buildApp({ ...first.deps, database, mailer });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
