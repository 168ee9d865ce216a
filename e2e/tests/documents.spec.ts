import { expect, test } from '@playwright/test';
import { docx, heic } from '../support/documents.js';
import { shot } from '../support/helpers.js';
import { ownerWithShop, signIn } from '../support/shop.js';

test('a customer sends a Word file and an iPhone photo; staff see both first pages, preview the PDF and the JPEG, and download the Word file', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { email, shop } = await ownerWithShop(request, 'Document Prints');
  const letter = docx(['Dear Sir,', 'Please find my application attached.', 'Asha Rao']);
  const photo = heic(640, 480);

  const customer = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await customer.newPage();
  await phone.goto(`/public/${shop.slug}?src=qr`);
  await phone.locator('input[type="file"]').setInputFiles([
    { name: 'application.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: letter },
    { name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: photo },
  ]);
  await phone.getByRole('button', { name: 'Upload 2 files' }).click();
  await expect(phone.getByRole('heading', { name: 'Job #1' })).toBeVisible();
  // The customer sees what the shop made of each file: first pages, and the pages counted from the PDF.
  const sent = phone.getByRole('list', { name: 'Your files' });
  await expect(sent.getByTestId('file-thumb')).toHaveCount(2, { timeout: 60_000 });
  await expect(sent.getByRole('listitem').filter({ hasText: 'application.docx' })).toContainText('1 page');
  await shot(phone, 'documents-01-customer-sent');

  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const staffPage = await staff.newPage();
  // What the viewer fetched through signed links: the converted PDF and the photo's JPEG, as served.
  const served: { type: string; head: string }[] = [];
  staffPage.on('response', async (res) => {
    if (!new URL(res.url()).pathname.startsWith('/files/') || res.request().method() !== 'GET') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    served.push({ type: res.headers()['content-type'] ?? '', head: body.subarray(0, 5).toString('latin1') });
  });
  await signIn(staffPage, email);
  await staffPage.goto('/printJob');
  const card = staffPage.getByRole('button', { name: /^#1 / });
  await expect(card).toBeVisible();
  await expect(staffPage.getByRole('list', { name: 'Jobs' }).getByTestId('file-thumb')).toHaveCount(2, { timeout: 30_000 });
  await card.click();
  const viewer = staffPage.getByRole('region', { name: 'Job #1' });
  await expect(viewer.getByRole('list', { name: 'Files' }).getByTestId('file-thumb')).toHaveCount(2);
  await shot(staffPage, 'documents-02-staff-thumbnails');

  // The Word file shows as the PDF LibreOffice made of it.
  await viewer.getByRole('button', { name: /^application\.docx/ }).click();
  const pdfFrame = viewer.locator('iframe[title="Preview of application.docx"]');
  await expect(pdfFrame).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => served.some((r) => r.type === 'application/pdf' && r.head === '%PDF-')).toBe(true);
  await shot(staffPage, 'documents-03-staff-converted-pdf');

  // The HEIC photo shows as a JPEG browsers can draw.
  await viewer.getByRole('button', { name: /^IMG_0042\.HEIC/ }).click();
  const image = viewer.getByRole('img', { name: 'Preview of IMG_0042.HEIC' });
  await expect(image).toBeVisible({ timeout: 30_000 });
  const drawn = await image.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  });
  // The preview, not the 320 px thumbnail: the photo at its own size.
  expect(drawn).toEqual({ width: 640, height: 480 });
  expect(served.some((r) => r.type === 'image/jpeg' && r.head.startsWith('\xff\xd8'))).toBe(true);
  await shot(staffPage, 'documents-04-staff-heic-preview');

  // Staff download the Word file itself, byte for byte as the customer sent it.
  await viewer.getByRole('button', { name: /^application\.docx/ }).click();
  const [download] = await Promise.all([
    staffPage.waitForEvent('download'),
    viewer.getByRole('button', { name: 'Download original' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/application\.docx$/);
  const saved = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(saved).equals(letter)).toBe(true);

  await staff.close();
  await customer.close();
});
