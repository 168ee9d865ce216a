import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { shot } from '../support/helpers.js';
import { ownerWithShop, signIn } from '../support/shop.js';

async function pdfOf(pages: number, title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 1; i <= pages; i++) doc.addPage([595, 842]).drawText(`${title} page ${i}`, { x: 50, y: 780, size: 14 });
  return Buffer.from(await doc.save());
}

// Issue 19: the customer says how to print each file and sees one price; staff see the same options
// and total live, take the pre-filled amount, and earnings keep the lines. The shop has the default
// rate card: B&W A4 ₹2 and colour A4 ₹10 a printed side.
test('a customer orders 2 double-sided copies and a colour page; staff see the same total live, mark it printed, and earnings show the lines', async ({
  browser,
  request,
}) => {
  const { email, shop } = await ownerWithShop(request, 'Order Prints');
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desk = await staff.newPage();
  await signIn(desk, email);
  await desk.goto('/printJob');
  await expect(desk.getByText('Connected')).toBeVisible();

  const customer = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await customer.newPage();
  await phone.goto(`/public/${shop.slug}?src=qr`);
  await phone.locator('input[type="file"]').setInputFiles([
    { name: 'thesis.pdf', mimeType: 'application/pdf', buffer: await pdfOf(3, 'Thesis') },
    { name: 'poster.pdf', mimeType: 'application/pdf', buffer: await pdfOf(1, 'Poster') },
  ]);
  const thesis = phone.getByRole('group', { name: 'Print options for thesis.pdf' });
  await thesis.getByRole('button', { name: 'More copies' }).click();
  await thesis.getByLabel('Sides').selectOption('Double-sided');
  await expect(thesis.getByText('₹2.00 per side · B&W A4')).toBeVisible();
  const poster = phone.getByRole('group', { name: 'Print options for poster.pdf' });
  await poster.getByLabel('Colour').selectOption('Colour');
  await expect(poster.getByText('₹10.00 per side · Colour A4')).toBeVisible();
  await shot(phone, 'order-01-phone-options');
  await phone.getByRole('button', { name: 'Upload 2 files' }).click();
  await expect(phone.getByRole('heading', { name: 'Job #1' })).toBeVisible();
  // 3 pages double-sided: 3 sides a copy, 2 copies = 6 × ₹2; the poster 1 × ₹10.
  await expect(phone.getByText('₹22.00')).toBeVisible();
  await expect(phone.getByText('Total', { exact: true })).toBeVisible();
  await shot(phone, 'order-02-phone-price');
  await customer.close();

  // The card's button holds its number and customer; the card around it holds the rest.
  const card = desk.getByRole('listitem').filter({ has: desk.getByRole('button', { name: /^#1 / }) });
  await expect(card).toContainText('₹22.00');
  await expect(card).toContainText('2× · B&W · double · A4');
  await expect(card).toContainText('colour · A4');
  await card.click();
  const viewer = desk.getByRole('region', { name: 'Job #1' });
  await expect(viewer.getByText('6 sides · 4 sheets')).toBeVisible();
  await shot(desk, 'order-03-staff-viewer');
  await viewer.getByRole('button', { name: 'Mark Printed' }).click();
  await expect(desk.getByLabel('Amount (₹)')).toHaveValue('22.00');
  const lines = desk.getByRole('alertdialog').getByRole('list', { name: 'Estimate' });
  await expect(lines.getByRole('listitem')).toHaveText([
    /thesis\.pdf: Black & white A4 · 6 × ₹2\.00\s*₹12\.00/,
    /poster\.pdf: Colour A4 · 1 × ₹10\.00\s*₹10\.00/,
  ]);
  await desk.getByRole('button', { name: 'UPI' }).click();
  await shot(desk, 'order-04-mark-printed');
  await desk.getByRole('button', { name: 'Confirm' }).click();
  await expect(card).toBeHidden();

  await desk.goto('/revenue');
  await desk.getByRole('button', { name: 'Lines of order #1' }).click();
  await expect(desk.getByText(/thesis\.pdf: Black & white A4/).first()).toBeVisible();
  await expect(desk.getByText(/poster\.pdf: Colour A4/).first()).toBeVisible();
  await shot(desk, 'order-05-earnings-lines');
  await staff.close();
});
