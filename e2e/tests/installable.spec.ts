import { expect, type Page, test } from '@playwright/test';
import { shot } from '../support/helpers.js';
import { ownerWithShop, signIn } from '../support/shop.js';

/** Every URL the page's origin keeps in its caches. */
const cached = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls.sort();
  });

test("the staff app installs and starts offline; customers' pages never load its service worker", async ({ browser, request }) => {
  const { email, shop } = await ownerWithShop(request, 'Installable Prints');

  const customer = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await customer.newPage();
  await phone.goto(`/public/${shop.slug}`);
  await expect(phone.getByRole('heading', { name: 'Installable Prints' })).toBeVisible();
  await phone.waitForTimeout(500);
  expect(await phone.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  // Nor its manifest: a customer on 3G does not pay for what only staff install.
  await expect(phone.locator('link[rel="manifest"]')).toHaveCount(0);
  await customer.close();

  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await staff.grantPermissions(['notifications']);
  const page = await staff.newPage();
  await signIn(page, email);
  await page.goto('/printJob');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  // Chromium reads the manifest the shell linked, as it does for installing the app.
  const found = await (await staff.newCDPSession(page)).send('Page.getAppManifest');
  expect(found.url).toMatch(/\/manifest\.webmanifest$/);
  expect(found.errors).toEqual([]);
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Counterprint', start_url: '/printJob', display: 'standalone', theme_color: '#047a8e' });
  await expect(page.getByRole('button', { name: 'Notify this device of new jobs' })).toBeVisible();
  await shot(page, 'push-01-queue-offers-notifications');

  // Once the worker controls the page, what it loads is kept: only the shell and hashed files.
  await page.reload();
  await expect(page.getByRole('status', { name: 'Live updates: Connected' })).toBeVisible();
  const kept = await cached(page);
  expect(kept).toContain('/index.html');
  expect(kept.filter((path) => path !== '/index.html' && !path.startsWith('/assets/'))).toEqual([]);

  await staff.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Print jobs' })).toBeAttached();
  await staff.setOffline(false);
  await staff.close();
});

test('a push shows "New print job #N" with the customer and the file count', async ({ browser, request }) => {
  const { email } = await ownerWithShop(request, 'Pushed Prints');
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await staff.grantPermissions(['notifications']);
  const page = await staff.newPage();
  const cdp = await staff.newCDPSession(page);
  const registrations: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated) if (!r.isDeleted) registrations.push(r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await signIn(page, email);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => registrations.length).toBeGreaterThan(0);

  // Not the queue: a queue on screen shows the job itself, and the worker stays quiet.
  const origin = new URL(page.url()).origin;
  const message = { kind: 'job', jobId: 'job-42', number: 42, customer: 'Asha Rao', files: 3, url: '/printJob?job=job-42' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registrations.at(-1)!, data: JSON.stringify(message) });
  const notes = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
    );
  await expect.poll(notes).toEqual([{ title: 'New print job #42', body: 'Asha Rao · 3 files', tag: 'job-job-42' }]);
  await staff.close();
});
