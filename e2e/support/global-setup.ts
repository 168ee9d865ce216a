import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtp } from '../../apps/server/test/support/smtp.js';
import { PLATFORM_OWNER_EMAIL } from './helpers.js';
import { startServer } from './server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts a real SMTP server (mail goes to a file the tests read) and the built
 * Counterprint server on a free port with a fresh data folder.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const work = mkdtempSync(path.join(tmpdir(), 'cp-e2e-'));
  const mailFile = path.join(work, 'mail.jsonl');
  writeFileSync(mailFile, '');
  const smtp = await startSmtp((mail) => appendFileSync(mailFile, `${JSON.stringify(mail)}\n`));

  const screenshots = path.join(root, 'e2e', 'screenshots');
  mkdirSync(screenshots, { recursive: true });
  const server = await startServer(path.join(work, 'data'), {
    SMTP_URL: smtp.url,
    // The accessibility sweep signs this address up to reach the platform owner's pages.
    OWNER_EMAILS: PLATFORM_OWNER_EMAIL,
  });
  const { baseUrl } = server;
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_FILE = mailFile;
  process.env.E2E_SCREENSHOTS = screenshots;
  return async () => {
    await server.stop();
    await smtp.close();
    rmSync(work, { recursive: true, force: true });
  };
}
