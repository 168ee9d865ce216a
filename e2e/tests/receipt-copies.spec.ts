import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { docx } from '../support/documents.js';
import { shot } from '../support/helpers.js';
import { type RunningServer, startServer } from '../support/server.js';
import { ownerWithShop, signIn } from '../support/shop.js';

// The deletion receipt counts every copy that left the server (docs/decisions/063-copies-counted-by-kind.md):
// staff download a Word file's converted PDF through the viewer, the customer (still free to, since a
// download does not start printing) cancels and taps "Delete my files now", and the receipt says so.
let server: RunningServer;
let work: string;
test.beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'cp-e2e-receipt-copies-'));
  server = await startServer(path.join(work, 'data'));
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

test('a receipt after staff downloaded the converted PDF counts that download, and says what a download means', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const base = server.baseUrl;
  const { email, shop } = await ownerWithShop(request, 'Copy Count Prints', base);

  const customer = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await customer.newPage();
  await phone.goto(`/public/${shop.slug}`);
  await phone.locator('input[type="file"]').setInputFiles([
    {
      name: 'letter.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: docx(['Dear Sir,', 'Please print this letter.']),
    },
  ]);
  await phone.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(phone.getByRole('heading', { name: 'Job #1' })).toBeVisible();

  const staff = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const desk = await staff.newPage();
  await signIn(desk, email);
  await desk.goto('/printJob');
  await desk.getByRole('button', { name: /^#1 / }).click();
  const viewer = desk.getByRole('region', { name: 'Job #1' });
  const downloadPdf = viewer.getByRole('button', { name: 'Download PDF' });
  await expect(downloadPdf).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([desk.waitForEvent('download'), downloadPdf.click()]);
  expect(download.suggestedFilename()).toMatch(/letter\.pdf$/);
  await download.path();

  // A download is not printing: the customer can still cancel, then delete everything at once.
  await phone.getByRole('button', { name: 'Cancel job' }).click();
  await phone.getByRole('alertdialog', { name: 'Cancel this job?' }).getByRole('button', { name: 'Cancel job' }).click();
  await phone.getByRole('button', { name: 'Delete my files now' }).click();
  const ask = phone.getByRole('alertdialog', { name: 'Delete your files now?' });
  await expect(ask).toContainText('A copy staff downloaded is on the shop’s computer, where Counterprint cannot delete it');
  await ask.getByRole('button', { name: 'Delete my files' }).click();

  await expect(phone.getByText('Signature verified')).toBeVisible({ timeout: 30_000 });
  const copies = phone.getByRole('list', { name: 'Copies of letter.docx' });
  await expect(copies).toHaveText('Staff downloaded its converted PDF: 1 time.');
  await expect(
    phone.getByText('A download is a copy saved on the shop’s computer: Counterprint cannot delete it, only the shop can.'),
  ).toBeVisible();
  await shot(phone, 'receipt-copies-phone');
  await staff.close();
  await customer.close();
});
