import { expect, test } from '@playwright/test';
import { shot } from '../support/helpers.js';
import { ownerWithShop, pdf, png, signIn } from '../support/shop.js';

test('a customer uploads from a phone; staff see it live, download it and mark it printed', async ({ browser, request }) => {
  const { email, shop } = await ownerWithShop(request, 'Live Queue Prints');

  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Chromium has the File System Access API but headless cannot answer its picker:
  // hand it the origin-private file system, a real directory handle.
  await staff.addInitScript(() => {
    (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = () =>
      navigator.storage.getDirectory();
  });
  const staffPage = await staff.newPage();
  await signIn(staffPage, email);
  await staffPage.goto('/printJob');
  await expect(staffPage.getByRole('status', { name: 'Live updates: Connected' })).toBeVisible();
  await expect(staffPage.getByText('Select a user to view documents')).toBeVisible();
  await shot(staffPage, 'queue-01-staff-empty');

  const customer = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await customer.newPage();
  await phone.goto(`/public/${shop.slug}?src=qr`);
  await expect(phone.getByRole('heading', { name: 'Live Queue Prints' })).toBeVisible();
  await shot(phone, 'queue-02-customer-page');
  await phone.locator('input[type="file"]').setInputFiles([
    { name: 'bank-form.pdf', mimeType: 'application/pdf', buffer: pdf('Bank form') },
    { name: 'photo.png', mimeType: 'image/png', buffer: png },
  ]);
  await phone.getByLabel('Your name (optional)').fill('Asha Rao');
  await shot(phone, 'queue-03-customer-selected');
  await phone.getByRole('button', { name: 'Upload 2 files' }).click();
  await expect(phone.getByRole('heading', { name: 'Job #1' })).toBeVisible();
  await shot(phone, 'queue-04-customer-done');

  // No reload: the job arrives over STOMP.
  const card = staffPage.getByRole('button', { name: /^#1 Asha Rao$/ });
  await expect(card).toBeVisible({ timeout: 5000 });
  await shot(staffPage, 'queue-05-staff-job-arrived');
  await card.click();
  await expect(staffPage.getByRole('region', { name: 'Job #1' })).toBeVisible();
  // The viewer grows as its links and preview arrive; a click during that can land in the preview's frame.
  await expect(staffPage.locator('iframe')).toBeVisible();
  const folderCard = staffPage.getByRole('region', { name: 'Download folder' });
  await expect(async () => {
    await folderCard.getByRole('button', { name: 'Choose folder' }).click();
    await expect(folderCard.getByText(/Saving to/)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await staffPage.getByRole('button', { name: 'Download all' }).click();
  await expect
    .poll(
      () =>
        staffPage.evaluate(async () => {
          const dir = await navigator.storage.getDirectory();
          const names: string[] = [];
          for await (const key of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(key);
          return names.sort();
        }),
      { timeout: 10_000 },
    )
    .toEqual(['Job 1 - bank-form.pdf', 'Job 1 - photo.png']);
  const saved = await staffPage.evaluate(async () => {
    const dir = await navigator.storage.getDirectory();
    const file = await (await dir.getFileHandle('Job 1 - bank-form.pdf')).getFile();
    return (await file.text()).slice(0, 8);
  });
  expect(saved).toBe('%PDF-1.4');
  await shot(staffPage, 'queue-06-staff-viewer');

  await staffPage.getByRole('button', { name: 'Mark Printed' }).click();
  await expect(staffPage.getByText('Mark as Printed?')).toBeVisible();
  // Amount prefilled from the default rate: 2 sheets x Rs 2.
  await expect(staffPage.getByLabel('Amount (₹)')).toHaveValue('4.00');
  // The dialog starts on the amount, so staff can type the price at once.
  await expect(staffPage.getByLabel('Amount (₹)')).toBeFocused();
  await shot(staffPage, 'queue-07-mark-printed');
  await staffPage.getByRole('button', { name: 'Confirm' }).click();
  await expect(card).toBeHidden();
  await shot(staffPage, 'queue-08-left-the-queue');
  await staff.close();
  await customer.close();
});
