import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, type CDPSession, expect, type Page, type Request, test } from '@playwright/test';
import { shot } from '../support/helpers.js';
import { ownerWithShop, pdf, signIn } from '../support/shop.js';

// Issue 21 on a phone-sized Chromium, throttled to 2 Mbit/s so a 6 MB file takes half a minute: the
// connection drops half-way and comes back, or the page reloads half-way; either way the file continues
// where the server has it, and the shop gets one job.
const MIB = 1024 * 1024;
const TWO_MBIT = 2_000_000 / 8;

/** A real PDF of `size` bytes: the server's own test pads one the same way, with a comment the page counter skips. */
function paddedPdf(size: number): Buffer {
  const head = pdf('Thesis, final copy');
  const pad = Buffer.alloc(size - head.length - 3, 'A'.charCodeAt(0));
  for (let i = 0; i < pad.length; i += 97) pad[i] = 0x41 + (i % 26);
  return Buffer.concat([head, Buffer.from('\n%'), pad, Buffer.from('\n')]);
}
const FILE = { name: 'thesis.pdf', mimeType: 'application/pdf', buffer: paddedPdf(6 * MIB) };

type Sent = { method: string; offset: number; answer?: number };

/**
 * Every tus request the page makes for the file (HEAD included): the offset it sends from, and the offset
 * the server answered. A file over 1 MiB goes in one PATCH, so a cut one is not a whole chunk sent again:
 * what the server kept of it is where the next PATCH starts.
 */
function watchUploads(page: Page) {
  const sent: Sent[] = [];
  const byRequest = new Map<Request, Sent>();
  page.on('request', (req) => {
    if (!/\/uploads(\/|$)/.test(new URL(req.url()).pathname)) return;
    const method = req.method();
    if (method !== 'POST' && method !== 'PATCH' && method !== 'HEAD') return;
    const offset = method === 'PATCH' ? Number(req.headers()['upload-offset']) : 0;
    const entry: Sent = { method, offset };
    sent.push(entry);
    byRequest.set(req, entry);
  });
  page.on('response', (res) => {
    const entry = byRequest.get(res.request());
    const offset = res.headers()['upload-offset'];
    if (entry && offset) entry.answer = Number(offset);
  });
  return {
    sent,
    /** Each PATCH after the first with the offset the server last answered before it (to a HEAD or a PATCH). */
    resumes: () =>
      sent.flatMap((s, i) => {
        if (s.method !== 'PATCH') return [];
        const told = sent.slice(0, i).findLast((t) => t.answer !== undefined)?.answer;
        return s.offset > 0 ? [{ from: s.offset, told }] : [];
      }),
  };
}

async function phoneAt(browser: Browser): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  return { context, page, cdp };
}

const throttle = (cdp: CDPSession) =>
  cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 80, downloadThroughput: TWO_MBIT, uploadThroughput: TWO_MBIT });

async function goOffline(context: BrowserContext, cdp: CDPSession) {
  await context.setOffline(true);
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: 0, uploadThroughput: 0 });
}
async function goOnline(context: BrowserContext, cdp: CDPSession) {
  await context.setOffline(false);
  await throttle(cdp);
}

const overall = (page: Page) => page.getByRole('progressbar', { name: 'Upload progress' });
async function waitForPercent(page: Page, percent: number) {
  await expect
    .poll(async () => Number(await overall(page).getAttribute('aria-valuenow')), { timeout: 60_000, intervals: [250] })
    .toBeGreaterThanOrEqual(percent);
}

/** The upload card as it stands has no serious or critical WCAG 2.1 AA violation. */
async function expectAccessibleCard(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .include('[aria-labelledby="upload-title"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** The owner at the counter sees the job once. */
async function expectOneJobInQueue(browser: Browser, email: string) {
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desk = await staff.newPage();
  await signIn(desk, email);
  await desk.goto('/printJob');
  await expect(desk.getByRole('button', { name: /^#1 / })).toHaveCount(1);
  await expect(desk.getByRole('button', { name: /^#\d+ / })).toHaveCount(1);
  await staff.close();
}

test('a file cut off half-way by the network continues where the server has it, and the shop gets one job', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { email, shop } = await ownerWithShop(request, 'Resume Prints');
  const { context, page, cdp } = await phoneAt(browser);
  const uploads = watchUploads(page);
  await page.goto(`/public/${shop.slug}`);
  await expect(page.getByRole('heading', { name: 'Send your files' })).toBeVisible();
  await throttle(cdp);
  await page.locator('input[type="file"]').setInputFiles(FILE);
  await page.getByRole('button', { name: 'Upload 1 file' }).click();

  const line = page.getByTestId('file-send-text');
  await expect(line).toHaveText(/^[\d.]+ MB of 6\.0 MB · \d+ KB\/s · about \d+ s left$/, { timeout: 30_000 });
  await page.getByRole('region', { name: 'Send your files' }).scrollIntoViewIfNeeded();
  await shot(page, 'resumable-01-progress-speed-time-left');

  // Half-way through the file's one PATCH: the request in flight is cut.
  await waitForPercent(page, 55);
  await goOffline(context, cdp);
  await expect(page.getByText("You're offline. Your upload will continue when you're back online.")).toBeVisible();
  await expect(line).toHaveText(/^[\d.]+ MB of 6\.0 MB$/);
  const before = Number(await overall(page).getAttribute('aria-valuenow'));
  await page.waitForTimeout(2_000);
  await shot(page, 'resumable-02-offline-banner');
  await expectAccessibleCard(page);

  await goOnline(context, cdp);
  await expect(page.getByText(/You're offline/)).toBeHidden();
  await expect(page).toHaveURL(/\/j\/[A-Za-z0-9_-]{22}$/, { timeout: 90_000 });
  await expect(page.getByRole('list', { name: 'Your files' })).toContainText('thesis.pdf');

  const size = FILE.buffer.length;
  const creations = uploads.sent.filter((s) => s.method === 'POST');
  const resumes = uploads.resumes();
  console.log(
    `network drop at ${before} %: ${uploads.sent.length} requests (${uploads.sent.map((s) => `${s.method} ${s.offset}→${s.answer ?? '-'}`).join(', ')})`,
  );
  // One upload for the file, never begun again from byte 0: what the cut PATCH got there was kept, to
  // within 1 MiB of what the page had shown as sent, and sending went on from exactly there.
  expect(creations).toHaveLength(1);
  expect(resumes.length).toBeGreaterThan(0);
  expect(resumes[0]!.from).toBeGreaterThanOrEqual((before / 100) * size - MIB);
  for (const r of resumes) expect(r.from).toBe(r.told);
  await context.close();
  await expectOneJobInQueue(browser, email);
});

test('a page reloaded half-way offers to resume, and continues without picking the file again', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { email, shop } = await ownerWithShop(request, 'Reload Prints');
  const { context, page, cdp } = await phoneAt(browser);
  const uploads = watchUploads(page);
  await page.goto(`/public/${shop.slug}`);
  await throttle(cdp);
  await page.locator('input[type="file"]').setInputFiles(FILE);
  await page.getByLabel('Your name (optional)').fill('Meera');
  await page.getByRole('button', { name: 'Upload 1 file' }).click();
  await waitForPercent(page, 40);
  const before = Number(await overall(page).getAttribute('aria-valuenow'));

  await page.reload();
  const resume = page.getByRole('button', { name: 'Resume your upload (1 file)' });
  await expect(resume).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start over' })).toBeVisible();
  await page.getByTestId('resume-offer').scrollIntoViewIfNeeded();
  await shot(page, 'resumable-03-resume-offer');
  // The same offer on a desktop browser, for the eye: the card keeps its width rather than stretching.
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'resumable-03-resume-offer-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessibleCard(page);
  await resume.click();
  await expect(page.getByLabel('Your name (optional)')).toHaveValue('Meera');
  await expect(page).toHaveURL(/\/j\/[A-Za-z0-9_-]{22}$/, { timeout: 90_000 });

  const size = FILE.buffer.length;
  const resumes = uploads.resumes();
  console.log(
    `reload at ${before} %: ${uploads.sent.length} requests (${uploads.sent.map((s) => `${s.method} ${s.offset}→${s.answer ?? '-'}`).join(', ')})`,
  );
  expect(uploads.sent.filter((s) => s.method === 'POST')).toHaveLength(1);
  // What reached the server before the reload was kept, to within 1 MiB of what the page had shown as
  // sent, and the page went on from there.
  expect(resumes.length).toBeGreaterThan(0);
  expect(resumes[0]!.from).toBeGreaterThanOrEqual((before / 100) * size - MIB);
  for (const r of resumes) expect(r.from).toBe(r.told);
  // Nothing is left to resume once the job is made.
  await page.goto(`/public/${shop.slug}`);
  await expect(page.getByRole('heading', { name: 'Send your files' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Resume your upload/ })).toHaveCount(0);
  await context.close();
  await expectOneJobInQueue(browser, email);
});

test('a file that is not what its name says is refused as it arrives, and the rest are sent without it at one tap', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { email, shop } = await ownerWithShop(request, 'Refusing Prints');
  const { context, page, cdp } = await phoneAt(browser);
  await page.goto(`/public/${shop.slug}`);
  await throttle(cdp);
  // 3 MiB of noise named .pdf: refused by its first bytes, long before the rest would have arrived.
  const noise = Buffer.alloc(3 * MIB);
  for (let i = 0; i < noise.length; i += 4) noise.writeUInt32LE((i * 2654435761) >>> 0, i);
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'scan.pdf', mimeType: 'application/pdf', buffer: noise },
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: pdf('Notes') },
  ]);
  await page.getByRole('button', { name: 'Upload 2 files' }).click();

  const row = page.getByRole('list', { name: 'Selected files' }).getByRole('listitem').filter({ hasText: 'scan.pdf' });
  await expect(row.getByRole('alert')).toHaveText('scan.pdf is not a document we can print.', { timeout: 30_000 });
  await expect(row.getByRole('button', { name: 'Retry scan.pdf' })).toHaveCount(0);
  const sendRest = page.getByRole('button', { name: 'Send without scan.pdf' });
  await expect(sendRest).toBeEnabled();
  await page.getByRole('region', { name: 'Send your files' }).scrollIntoViewIfNeeded();
  await shot(page, 'resumable-04-refused-file-send-without');
  await expectAccessibleCard(page);

  await sendRest.click();
  await expect(page).toHaveURL(/\/j\/[A-Za-z0-9_-]{22}$/, { timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Your files' })).toContainText('notes.pdf');
  await expect(page.getByRole('list', { name: 'Your files' })).not.toContainText('scan.pdf');
  await context.close();
  await expectOneJobInQueue(browser, email);
});
