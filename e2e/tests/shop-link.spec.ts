import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { shot, uniqueEmail } from '../support/helpers.js';
import { type RunningServer, startServer } from '../support/server.js';
import { PASSWORD } from '../support/shop.js';

// Issue 33, on a server of its own as a shop runs it by default: PUBLIC_BASE_URL unset and listening on every
// interface, so links and QR codes use this machine's network address (docs/deploy.md#the-address-phones-use)
// while the owner's browser is on 127.0.0.1. The shop's link shown to the owner is the one a phone can open.
let server: RunningServer;
let work: string;
test.beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'cp-e2e-link-'));
  server = await startServer(path.join(work, 'data'), { PUBLIC_BASE_URL: undefined, HOST: '0.0.0.0' });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

test("a new owner sees the shop's link at the address a phone reaches, on the ready page and in Settings", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const base = server.baseUrl;
  const phone = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  const email = uniqueEmail('link-owner');
  await page.goto('/signup');
  await page.getByLabel('Full name', { exact: true }).fill('Nisha Kulkarni');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Yes, create my shop' }).click();
  await page.getByLabel('Shop name').fill('Link Prints');
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByLabel('Address').fill('9 Tilak Road, Pune');
  for (const step of ['Branding', 'Business', 'Prices', 'Review']) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(new RegExp(step, 'i'));
  }
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { name: 'Link Prints is ready' })).toBeVisible();

  // What the server tells signed-in staff, and what its QR code carries: not the browser's 127.0.0.1.
  const signin = await request.post(`${base}/api/auth/signin`, { data: { email, password: PASSWORD } });
  const authorization = String(signin.headers().authorization);
  const address = (await (await request.get(`${base}/api/public-address`, { headers: { authorization } })).json()) as {
    url: string;
    reachableFromPhone: boolean;
  };
  expect(address.url).not.toBe(base);
  const link = `${address.url}/public/link-prints`;
  await expect(page.getByTestId('public-link')).toHaveText(link);
  await expect(page.getByText(`Links and QR codes point at ${address.url}`)).toBeVisible();
  await shot(page, 'shop-link-01-ready-390');

  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/shop-dashboard$/);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.goto('/settings');
    const panel = page.getByRole('region', { name: 'Shop link' });
    await expect(panel.getByTestId('public-link')).toHaveText(link);
    await expect(panel.getByText(`Links and QR codes point at ${address.url}`)).toBeVisible();
    await shot(page, `shop-link-02-settings-${width}`);
  }
  await phone.close();
});
