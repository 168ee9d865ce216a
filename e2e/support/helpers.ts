import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const baseUrl = () => process.env.E2E_BASE_URL!;

/** The server is started with this address in OWNER_EMAILS (support/global-setup.ts). */
export const PLATFORM_OWNER_EMAIL = 'platform-owner@example.com';

/** Waits for a mail to `to` whose raw text matches `pattern`; returns the first capture group. */
export async function mailLink(to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const lines = readFileSync(process.env.E2E_MAIL_FILE!, 'utf8').split('\n').filter(Boolean);
    for (const line of lines.reverse()) {
      const mail = JSON.parse(line) as { to: string[]; raw: string };
      if (!mail.to.includes(to)) continue;
      const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = pattern.exec(text);
      if (match?.[1]) return match[1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}

export async function shot(page: Page, name: string): Promise<void> {
  // After a resize the shell's padding slides for 200 ms; a picture taken mid-way shows a squeezed page no one sees.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
  await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS!, `${name}.png`), fullPage: true });
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
