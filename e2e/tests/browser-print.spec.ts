import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { baseUrl, shot } from '../support/helpers.js';
import { ownerWithShop, signIn } from '../support/shop.js';

async function pdfOf(pages: number, title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 1; i <= pages; i++) doc.addPage([595, 842]).drawText(`${title} page ${i}`, { x: 50, y: 780, size: 14 });
  return Buffer.from(await doc.save());
}

// Issue 22, printing with no install: Print opens each file's print-ready PDF (the customer's pages,
// n-up applied) in the browser's print dialog, and says what the dialog itself must be told.
for (const width of [1280, 390]) {
  test(`staff print a file from the browser with the customer's pages applied, and see what to set in the dialog (${width} px)`, async ({
    browser,
    request,
  }) => {
    const { email, shop } = await ownerWithShop(request, `Browser Print ${width}`);
    const upload = await request.post(`${baseUrl()}/api/public/shops/${shop.slug}/jobs`, {
      multipart: {
        name: 'Irfan Shaikh',
        options: JSON.stringify([{ copies: 2, sides: 'double', pages: '2-3', nup: 2 }]),
        files: { name: 'lab-report.pdf', mimeType: 'application/pdf', buffer: await pdfOf(4, 'Lab') },
      },
    });
    expect(upload.status()).toBe(201);
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height: width < 768 ? 844 : 900 } });
    const page = await context.newPage();
    await signIn(page, email);
    await page.goto('/printJob');
    await page.getByRole('button', { name: /^#1 Irfan Shaikh$/ }).click();
    const viewer = page.getByRole('region', { name: 'Job #1' });
    await viewer.getByRole('button', { name: 'Print', exact: true }).click();
    const panel = viewer.getByRole('region', { name: 'Print from this browser' });
    await expect(panel).toContainText('In the print dialog, set: 2 copies · Two-sided (long edge) · Black & white · Paper A4');
    await expect(panel).toContainText('Already in the PDF: pages 2-3, 2 pages per sheet.');

    await shot(page, `browser-print-01-panel-${width}`);

    // The PDF the server made, passed on to the page unchanged and kept for a look.
    let made: Buffer | null = null;
    await page.route('**/print-ready', async (route) => {
      const response = await route.fetch();
      made = await response.body();
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      await route.fulfill({ response, body: made });
    });
    await panel.getByRole('button', { name: 'Print lab-report.pdf' }).click();
    await expect(page.locator('iframe[title="Print"]')).toHaveAttribute('src', /^blob:/);
    // Pages 2 and 3 side by side: one landscape sheet.
    const pdf = await PDFDocument.load(made!);
    expect(pdf.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())])).toEqual([[842, 595]]);
    await expect(panel.getByRole('button', { name: 'Print lab-report.pdf' })).toHaveText('Print again');
    // Printing is staff at work on the job: the customer's changes stop, as a download stops them.
    await expect(viewer.getByText(/Printing/).first()).toBeVisible();
    await context.close();
  });
}
