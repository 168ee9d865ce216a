import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/test/support/ports.js';
import { startSmtp } from '../../apps/server/test/support/smtp.js';
import { PLATFORM_OWNER_EMAIL } from './helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

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
 * Starts a real SMTP server (mail goes to a file the tests read) and the built
 * Counterprint server on a free port with a fresh data folder.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const work = mkdtempSync(path.join(tmpdir(), 'cp-e2e-'));
  const mailFile = path.join(work, 'mail.jsonl');
  writeFileSync(mailFile, '');
  const smtp = await startSmtp((mail) => appendFileSync(mailFile, `${JSON.stringify(mail)}\n`));

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const screenshots = path.join(root, 'e2e', 'screenshots');
  mkdirSync(screenshots, { recursive: true });
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      PUBLIC_BASE_URL: baseUrl,
      SMTP_URL: smtp.url,
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The accessibility sweep signs this address up to reach the platform owner's pages.
      OWNER_EMAILS: PLATFORM_OWNER_EMAIL,
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
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_FILE = mailFile;
  process.env.E2E_SCREENSHOTS = screenshots;
  return async () => {
    await stopServer(server);
    await smtp.close();
    rmSync(work, { recursive: true, force: true });
  };
}
