import { expect, test } from '@playwright/test';
import { baseUrl, shot } from '../support/helpers.js';
import { ownerWithShop, pdf, signIn } from '../support/shop.js';

test('a busy counter: oldest first, j/k/Enter/p keys, the unopened count in the title, a sound button, and the QR posters', async ({
  browser,
  request,
}) => {
  const { email, shop } = await ownerWithShop(request, 'Keyboard Counter Prints');
  for (const name of ['Asha Rao', 'Bala Iyer', 'Chitra Nair']) {
    const upload = await request.post(`${baseUrl()}/api/public/shops/${shop.slug}/jobs`, {
      multipart: { name, files: { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: pdf(name) } },
    });
    expect(upload.status()).toBe(201);
  }

  const staff = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  const login = await staff.newPage();
  await signIn(login, email);
  // A counter that reopens the queue: the same session, in a tab nobody has clicked in yet.
  const counter = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 900 },
    storageState: await staff.storageState(),
  });
  const page = await counter.newPage();
  await page.goto('/printJob');
  const rows = page.getByRole('list', { name: 'Jobs' }).getByRole('button');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toHaveAccessibleName('#1 Asha Rao');
  await expect(page).toHaveTitle('(3) Print — Counterprint');
  // Whether the browser holds audio depends on its autoplay rule and history; the button must tell the truth.
  const sound = page.getByRole('button', { name: /Click to turn on sound/ });
  const held = await page.evaluate(() => new AudioContext().state === 'suspended');
  await expect(sound).toBeVisible({ visible: held });
  await shot(page, 'queue-keys-01-list-1280');

  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(page.locator('[data-cursor="true"]')).toHaveAccessibleName('#2 Bala Iyer');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Job #2' })).toBeVisible();
  await expect(page).toHaveTitle('(2) Print — Counterprint');
  if (await sound.isVisible()) await sound.click();
  await expect(sound).toBeHidden();

  await page.keyboard.press('k');
  await page.keyboard.press('p');
  const dialog = page.getByRole('alertdialog', { name: 'Mark as Printed?' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('region', { name: 'Job #1' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  // The live update can redraw the list before the answer closes the dialog, and an open dialog keeps the keys.
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(2);
  await expect(page).toHaveTitle('(1) Print — Counterprint');

  await page.keyboard.press('?');
  await expect(page.getByText('Mark it printed')).toBeVisible();
  await shot(page, 'queue-keys-02-keys-help-1280');

  // Typing in the search box is typing, not shortcuts.
  const search = page.getByRole('searchbox', { name: 'Search by customer name or phone' });
  await search.press('p');
  await expect(search).toHaveValue('p');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Order: oldest first. Change' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Order: newest first. Change' })).toBeVisible();
  await expect(rows.first()).toHaveAccessibleName('#3 Chitra Nair');

  const phone = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.addCookies(await counter.cookies());
  const small = await phone.newPage();
  await small.goto('/');
  await small.evaluate(
    (state) => {
      for (const [k, v] of Object.entries(state)) localStorage.setItem(k, v);
    },
    await page.evaluate(() => Object.fromEntries(Object.entries(localStorage))),
  );
  await small.goto('/printJob');
  await expect(small.getByRole('list', { name: 'Jobs' }).getByRole('button')).toHaveCount(2);
  await shot(small, 'queue-keys-03-list-390');

  // The QR panel offers the posters; the A4 one downloads as a PDF.
  await page.goto('/shop-dashboard');
  await page.getByRole('button', { name: 'Download QR Code' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'A4 PDF poster' }).click()]);
  expect(download.suggestedFilename()).toBe(`${shop.slug}-qr-poster-a4.pdf`);
  await shot(page, 'queue-keys-04-qr-panel-1280');
  await small.goto('/shop-dashboard');
  await small.getByRole('button', { name: 'Download QR Code' }).click();
  await expect(small.getByRole('link', { name: 'A5 PDF poster' })).toBeVisible();
  await shot(small, 'queue-keys-05-qr-panel-390');
  await phone.close();
  await counter.close();
  await staff.close();
});
