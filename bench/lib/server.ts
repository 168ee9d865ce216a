/**
 * Starts the real, built server (`node apps/server/dist/main.js`) in production mode
 * on a free port with a fresh DATA_DIR (and, for PostgreSQL, a fresh database).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BENCH_DIR, REPO_DIR } from './driver.js';
import { BENCH_SECRETS, freshDatabase } from './postgres.js';

export type DbKind = 'pglite' | 'postgres';

/** Environment every benchmarked server gets; printed in the report. */
export const SERVER_ENV = {
  NODE_ENV: 'production',
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'warn',
  // A shop's 5 GiB quota would stop the 30 s latency run part-way; the quota check itself still runs.
  SHOP_STORAGE_QUOTA: String(1024 ** 4),
  // The bench's 20 concurrent customers all come from 127.0.0.1; a real address gets 10 at once.
  UPLOADS_PER_ADDRESS: '1000',
  // The realtime bench's 1,000 subscribers all sign in as one owner; the per-user cap (decision 011) would refuse all but 20.
  REALTIME_MAX_SESSIONS_PER_USER: '2000',
};

export const LOG_DIR = path.join(BENCH_DIR, 'results', 'logs');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A scratch folder under the OS temp dir (same disk as the server's DATA_DIR). */
export async function scratchDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `counterprint-bench-${prefix}-`));
}

export type ServerHandle = {
  url: string;
  port: number;
  pid: number;
  db: DbKind;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Current resident set size in bytes (VmRSS). */
  rss(): number;
  /** Stops the process but keeps DATA_DIR and the database, for seeding and a restart. */
  stopProcess(): Promise<void>;
  /** Starts the process again on the same DATA_DIR, database and port. */
  restart(extraEnv?: Record<string, string>): Promise<void>;
  /** Stops and removes DATA_DIR and the database. */
  stop(): Promise<void>;
};

export function readRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) * 1024 : 0;
}

/** The caller's environment minus anything the server reads, so that e.g. a DATABASE_URL in the shell cannot turn a PGlite run into a PostgreSQL one. */
function inheritedEnv(): Record<string, string> {
  const serverVars =
    /^(PORT|HOST|PUBLIC_BASE_URL|DATA_DIR|DATABASE_URL|DATABASE_POOL_SIZE|JWT_SECRET|FILE_URL_SECRET|FILE_ENCRYPTION_KEY|RECEIPT_SIGNING_KEY|SMTP_URL|MAIL_FROM|CONTACT_INBOX|OWNER_EMAILS|TRUST_PROXY|RATE_LIMIT|CORS_ORIGINS|S3_.*|SHOP_STORAGE_QUOTA|MIN_FREE_DISK|RECYCLE_RETENTION|UNPRINTED_RETENTION|REQUEST_TIMEOUT|UPLOAD_PROGRESS_WINDOW|UPLOAD_MIN_PROGRESS|UPLOADS_PER_ADDRESS|WEB_DIST_DIR|LOG_LEVEL|NODE_OPTIONS)$/;
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !serverVars.test(e[0])));
}

let serverSeq = 0;
/** The built server; BENCH_SERVER_MAIN points elsewhere for experiments. */
const SERVER_MAIN = process.env.BENCH_SERVER_MAIN ?? path.join(REPO_DIR, 'apps/server/dist/main.js');
/** Extra node flags for the server, e.g. BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof". */
const nodeArgs = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];

export async function startServer(db: DbKind, label: string, extraEnv: Record<string, string> = {}): Promise<ServerHandle> {
  const dataDir = await scratchDir('data');
  const database = db === 'postgres' ? await freshDatabase() : undefined;
  const port = await freePort();
  await mkdir(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-${db}-${label}-${++serverSeq}.log`);
  const env: Record<string, string> = {
    ...inheritedEnv(),
    ...SERVER_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url, ...BENCH_SECRETS } : {}),
    ...extraEnv,
  };
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const url = `http://127.0.0.1:${port}`;

  const spawnIt = async (more: Record<string, string> = {}) => {
    const log = createWriteStream(logFile, { flags: 'a' });
    const c = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], {
      cwd: REPO_DIR,
      env: { ...env, ...more },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    c.stdout!.pipe(log);
    c.stderr!.pipe(log);
    let exitCode: number | null | undefined;
    exited = new Promise<void>((resolve) =>
      c.once('exit', (code) => {
        exitCode = code;
        resolve();
      }),
    );
    child = c;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (exitCode !== undefined) throw new Error(`server exited with ${exitCode} while starting; see ${logFile}`);
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error(`server did not become healthy; see ${logFile}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const stopProcess = async () => {
    if (!child || child.exitCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child?.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await spawnIt();
  } catch (err) {
    await stopProcess();
    await database?.drop().catch(() => {});
    throw err;
  }
  return {
    url,
    port,
    get pid() {
      return child!.pid!;
    },
    db,
    dataDir,
    databaseUrl: database?.url,
    rss: () => readRss(child!.pid!),
    stopProcess,
    restart: (more) => spawnIt(more),
    async stop() {
      await stopProcess();
      await rm(dataDir, { recursive: true, force: true });
      await database?.drop().catch((err) => console.warn(`could not drop ${database.name}: ${err.message}`));
    },
  };
}
