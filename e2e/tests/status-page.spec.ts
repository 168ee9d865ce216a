import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { shot } from '../support/helpers.js';
import { type RunningServer, startServer } from '../support/server.js';
import { ownerWithShop, PASSWORD, pdf, signIn } from '../support/shop.js';

// Issue 20, on a server of its own whose recycle bin keeps printed files 5 seconds (the sweeper runs
// every 10): the customer follows the job from upload to deletion on a phone, pays by UPI, staff mark
// it printed from another browser, and the page ends with a signed receipt verified in Chromium.
let server: RunningServer;
let work: string;
test.beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'cp-e2e-status-'));
  server = await startServer(path.join(work, 'data'), { RECYCLE_RETENTION: '5' });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

test('a customer follows the job live from upload to a verified deletion receipt, pays by UPI, and finds the job again', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const base = server.baseUrl;
  const { email, shop } = await ownerWithShop(request, 'Status Prints', base);
  const signin = await request.post(`${base}/api/auth/signin`, { data: { email, password: PASSWORD } });
  const auth = { authorization: String(signin.headers().authorization) };
  const upi = await request.put(`${base}/api/settings/shop?shopId=${shop.id}`, {
    headers: auth,
    data: { shopName: 'Status Prints', username: 'status_prints', upiId: 'statusprints@okhdfcbank' },
  });
  expect(upi.status(), await upi.text()).toBe(200);

  const customer = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await customer.newPage();
  await phone.goto(`/public/${shop.slug}`);
  await expect(phone.getByText(/signed proof/i)).toBeVisible();
  await phone
    .locator('input[type="file"]')
    .setInputFiles([{ name: 'aadhaar.pdf', mimeType: 'application/pdf', buffer: pdf('Aadhaar copy') }]);
  await phone.getByRole('button', { name: 'Upload 1 file' }).click();

  await expect(phone).toHaveURL(/\/j\/[A-Za-z0-9_-]{22}$/);
  const statusUrl = phone.url();
  await expect(phone.getByRole('heading', { name: 'Job #1' })).toBeVisible();
  await expect(phone.getByTestId('status-sentence')).toContainText(/ready|received/i);
  await expect(phone.getByRole('list', { name: 'Your files' })).toContainText('aadhaar.pdf');
  const pay = phone.getByRole('link', { name: /Pay ₹2\.00 by UPI/ });
  await expect(pay).toHaveAttribute(
    'href',
    /^upi:\/\/pay\?pa=statusprints@okhdfcbank&pn=Status%20Prints&am=2\.00&cu=INR&tr=CP1J[0-9A-F]{10}&tn=Job%20%231%20at%20Status%20Prints$/,
  );
  await shot(phone, 'status-01-phone-ready');
  // On a desktop the same payment is a QR code to scan with a phone.
  const desktop = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const wide = await desktop.newPage();
  await wide.goto(statusUrl);
  const qr = wide.getByRole('img', { name: /UPI/ });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(wide, 'status-01-desktop-qr');
  await desktop.close();
  await phone.getByRole('button', { name: "I've paid" }).click();
  await expect(phone.getByText(/You told the shop you've paid/)).toBeVisible();

  const staff = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const desk = await staff.newPage();
  await signIn(desk, email);
  await desk.goto('/printJob');
  // The card's button holds its number and customer; the card around it holds the rest.
  const card = desk.getByRole('listitem').filter({ has: desk.getByRole('button', { name: /^#1 / }) });
  await expect(card).toContainText('Customer says paid (UPI)');
  await card.click();
  const viewer = desk.getByRole('region', { name: 'Job #1' });
  await expect(viewer.getByText("Customer's status page")).toBeVisible();
  await shot(desk, 'status-02-staff-viewer-claim');
  await viewer.getByRole('button', { name: 'Mark Printed' }).click();
  const dialog = desk.getByRole('alertdialog');
  await expect(dialog.getByText(/The customer says they paid by UPI/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'UPI' })).toHaveAttribute('aria-pressed', 'true');
  await shot(desk, 'status-03-staff-mark-printed-upi');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();

  // No reload: the page hears of it over its event stream.
  await expect(phone.getByTestId('status-sentence')).toHaveText('Printed. Collect it at the counter.');
  await expect(phone.getByText(/Paid by UPI/)).toBeVisible();
  await expect(phone.getByText(/Your files will be deleted by/)).toBeVisible();
  await shot(phone, 'status-04-phone-printed');

  // The bin lets go after 5 s; the next sweep purges and signs the receipt, and the page shows only that.
  await expect(phone.getByText('Signature verified')).toBeVisible({ timeout: 45_000 });
  await expect(phone.getByRole('list', { name: 'Deleted files' })).toContainText('aadhaar.pdf');
  await expect(phone.getByRole('list', { name: 'Your files' })).toHaveCount(0);
  await shot(phone, 'status-05-phone-receipt');

  await phone.reload();
  await expect(phone.getByText('Signature verified')).toBeVisible();
  await phone.goto(`/public/${shop.slug}`);
  const recent = phone.getByRole('link', { name: /Job #1/ });
  await expect(recent).toBeVisible();
  await recent.click();
  await expect(phone).toHaveURL(statusUrl);
  await expect(phone.getByRole('heading', { name: 'Job #1' })).toBeVisible();
  await staff.close();
  await customer.close();
});

test('a file sent while the shop is closed shows one deletion time: the API deleteAt, the full window after the next opening', async ({
  browser,
  request,
}) => {
  const base = server.baseUrl;
  const { email, shop } = await ownerWithShop(request, 'Closed Prints', base);
  const signin = await request.post(`${base}/api/auth/signin`, { data: { email, password: PASSWORD } });
  const auth = { authorization: String(signin.headers().authorization) };
  // The server's clock cannot move: the owner closes the shop for today instead.
  const closed = await request.put(`${base}/api/settings/closed-today?shopId=${shop.id}`, { headers: auth, data: { closedToday: true } });
  expect(closed.status(), await closed.text()).toBe(200);
  const details = await (await request.get(`${base}/api/public/shops/${shop.slug}/details`)).json();
  expect(details.openNow).toBe(false);
  const opensAt = Date.parse(details.opensAt.at);

  const customer = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await customer.newPage();
  await phone.goto(`/public/${shop.slug}`);
  await phone
    .locator('input[type="file"]')
    .setInputFiles([{ name: 'form.pdf', mimeType: 'application/pdf', buffer: pdf('Sent on a closed day') }]);
  await phone.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(phone).toHaveURL(/\/j\/[A-Za-z0-9_-]{22}$/);
  await expect(phone.getByText(/your files will be waiting/)).toBeVisible();

  const token = phone.url().split('/j/')[1]!;
  const job = await (await request.get(`${base}/api/public/jobs/${token}`)).json();
  // UNPRINTED_RETENTION (24 hours, the default) from the opening, then RECYCLE_RETENTION (5 s) in the bin.
  expect(Date.parse(job.deleteAt)).toBe(opensAt + 24 * 3_600_000 + 5_000);
  const shown = await phone.evaluate((iso) => {
    const d = new Date(iso);
    const time = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    return `Your files will be deleted by ${time} on ${d.toLocaleDateString('en-IN', { day: 'numeric', month: 'short' })}.`;
  }, job.deleteAt as string);
  await expect(phone.getByTestId('deletion-time')).toHaveText(shown);
  await shot(phone, 'status-06-phone-closed-day');
  await customer.close();
});
