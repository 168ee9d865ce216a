import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openDatabase } from '../../src/db/index.js';
import { createTestDatabase, type TestDatabase, testLogger } from './database.js';
import { freePort } from './ports.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const STOP_GRACE_MS = 20_000;

export type ServerProcess = {
  base: string;
  port: number;
  child: ChildProcess;
  dataDir: string;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

/** Starts the built server (`npm run build` first) as its own process and waits for /api/health. */
export async function startServerProcess(env: Record<string, string>, dataDir?: string): Promise<ServerProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` before these tests`);
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'cp-proc-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dir,
      PUBLIC_BASE_URL: base,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy in 60 s');
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    base,
    port,
    child,
    dataDir: dir,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      // A server that ignores the signal must not hang the run.
      const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(force);
    },
  };
}

/** The secrets every instance on one PostgreSQL database must share (PGlite keeps its own under DATA_DIR). */
export function sharedSecrets(): Record<'JWT_SECRET' | 'FILE_URL_SECRET' | 'FILE_ENCRYPTION_KEY' | 'RECEIPT_SIGNING_KEY', string> {
  const secret = () => randomBytes(32).toString('hex');
  return { JWT_SECRET: secret(), FILE_URL_SECRET: secret(), FILE_ENCRYPTION_KEY: secret(), RECEIPT_SIGNING_KEY: secret() };
}

/**
 * The built server on a data folder of its own, and on a fresh PostgreSQL database when `kind` is
 * 'postgres': `start()` again (after a stop or a SIGKILL) restarts it on the same data, and
 * `openDatabase()` opens that data in this process once the server is stopped.
 */
export function serverOnOwnData(kind: 'pglite' | 'postgres', prefix: string) {
  let dataDir: string | undefined;
  let pg: TestDatabase | undefined;
  let env: Record<string, string> = {};
  let server: ServerProcess | undefined;
  const dir = () => (dataDir ??= mkdtempSync(path.join(tmpdir(), prefix)));
  return {
    get dataDir() {
      return dir();
    },
    /** What the server was started with: DATABASE_URL and its secrets on PostgreSQL, nothing on PGlite. */
    get env() {
      return env;
    },
    async start(): Promise<ServerProcess> {
      if (kind === 'postgres' && !pg) {
        pg = await createTestDatabase('postgres');
        env = { DATABASE_URL: pg.url!, ...sharedSecrets() };
      }
      server = await startServerProcess(env, dir());
      return server;
    },
    /** The server's database, opened here; the server must be stopped when it is PGlite. */
    async openDatabase(): Promise<{ database: Database; close(): Promise<void> }> {
      if (pg) return { database: pg.database, close: async () => {} };
      const database = await openDatabase({ pgliteDir: path.join(dir(), 'pglite'), logger: testLogger });
      return { database, close: () => database.close() };
    },
    async close() {
      await server?.stop();
      await pg?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Live (not zombie) processes whose command line mentions `needle`. */
export function processesMentioning(needle: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      if (cmd.includes(needle) && state !== 'Z') found.push(`${pid} ${cmd}`);
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** The live (not zombie) processes below `pid`, found by their parent links in /proc. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z') parents.set(Number(name), Number(ppid));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parents) {
      if (parent !== p || found.includes(child)) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/** Whether `pid` is a live process (not a zombie). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
