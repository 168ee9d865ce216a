import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/test/support/ports.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type RunningServer = { baseUrl: string; stop(): Promise<void> };

/** SIGTERM, then SIGKILL if it has not exited 20 s later: a teardown that waits forever stalls CI with no output. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  const force = setTimeout(() => server.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(force);
}

/**
 * The built Counterprint server on a free port with `dataDir` as its data folder, once it answers /api/health.
 * A variable given as undefined is left unset (Node leaves undefined values out of a child's environment).
 */
export async function startServer(dataDir: string, env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseUrl,
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} before answering`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopServer(server);
      throw new Error('the server did not answer /api/health within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, stop: () => stopServer(server) };
}
