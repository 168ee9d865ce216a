import { expect, type Page, test } from '@playwright/test';
import { shot } from '../support/helpers.js';
import { ownerWithShop, PASSWORD, pdf, png, signIn } from '../support/shop.js';

async function signInAgain(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a sign-in opens the workspace the owner used last, with no choice to make', async ({ browser, request }) => {
  const { email } = await ownerWithShop(request, 'Workspace Prints');
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    await signInAgain(page, email);
    // Nothing remembered in this browser yet: the shop workspace, straight away.
    await expect(page).toHaveURL(/\/shop-dashboard$/);
    await expect(page.getByText('Choose a workspace')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Shop dashboard' })).toBeVisible();
    await shot(page, `staff-01-first-sign-in-${width}`);

    if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('complementary').getByRole('button', { name: 'User', exact: true }).click();
    await expect(page).toHaveURL(/\/user-dashboard$/);

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login|\/public\/home/);
    await signInAgain(page, email);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await expect(page.getByText('Choose a workspace')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Notify Me When Ready/i })).toBeVisible();
    await shot(page, `staff-02-back-in-last-workspace-${width}`);
    await context.close();
  }
});

test('Download all saves every file with one click when no folder is chosen', async ({ browser, request }) => {
  const { email, shop } = await ownerWithShop(request, 'One Click Prints');
  const customer = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await customer.newPage();
  await phone.goto(`/public/${shop.slug}?src=qr`);
  await phone.locator('input[type="file"]').setInputFiles([
    { name: 'form.pdf', mimeType: 'application/pdf', buffer: pdf('Form') },
    { name: 'photo.png', mimeType: 'image/png', buffer: png },
  ]);
  await phone.getByRole('button', { name: 'Upload 2 files' }).click();
  await expect(phone.getByRole('heading', { name: 'Job #1' })).toBeVisible();
  await customer.close();

  for (const width of [1280, 390]) {
    // Chromium has the folder API; nobody has chosen a folder in this fresh profile.
    const staff = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
    const page = await staff.newPage();
    await signIn(page, email);
    await page.goto('/printJob');
    await page.getByRole('button', { name: /^#1 / }).click();
    await expect(page.getByText('No folder chosen.')).toBeVisible();
    const names: string[] = [];
    page.on('download', (d) => names.push(d.suggestedFilename()));
    await page.getByRole('button', { name: 'Download all' }).click();
    await expect(page.getByText('Saved 2 files to your downloads.')).toBeVisible();
    await expect.poll(() => names.sort()).toEqual(['Job 1 - form.pdf', 'Job 1 - photo.png']);
    await expect(page.getByText('Please choose a folder first')).toHaveCount(0);
    await shot(page, `staff-03-download-all-${width}`);

    // Scrolled to the top edge (by a link, find in page, or a test tool's retry), the button stays clear of the
    // sticky top bar: under it, a click went to the bar, and the next try's jump lost the click to the PDF frame.
    const downloadAll = page.getByRole('button', { name: 'Download all' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await downloadAll.evaluate((b) => b.scrollIntoView({ block: 'start' }));
    const onTop = await downloadAll.evaluate((b) => {
      const r = b.getBoundingClientRect();
      return b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(onTop).toBe(true);
    await staff.close();
  }
});

test('a shop owner sees why the first profile save failed, and changes their own password', async ({ browser, request }) => {
  for (const width of [1280, 390]) {
    const { email } = await ownerWithShop(request, `Settings Prints ${width}`);
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    await signIn(page, email);
    await page.goto('/settings');
    const username = page.getByLabel('Username');
    // Onboarding leaves the username empty, so the first save is refused: it must say why, in view.
    await expect(username).toHaveValue('');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to save.' })).toContainText('Please choose a username');
    await expect(username).toBeFocused();
    await expect(username).toBeInViewport();
    await shot(page, `staff-04-profile-save-refused-${width}`);
    await username.fill(`settings_${width}_${Date.now() % 100000}`);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Shop profile saved.')).toBeVisible();

    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account.getByLabel('Name', { exact: true })).toHaveValue('Shop Owner');
    await account.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await account.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await account.getByLabel('Confirm new password', { exact: true }).fill(PASSWORD);
    await account.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed.')).toBeVisible();
    // The renewed bearer keeps this tab signed in.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your account' })).toBeVisible();
    await shot(page, `staff-05-your-account-${width}`);

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.keyboard.press('Escape');
    if (width < 768) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('complementary', { name: 'Menu' })).toBeVisible();
      await shot(page, `staff-06-phone-menu-${width}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('complementary', { name: 'Menu' })).toHaveCount(0);
    }
    await context.close();
  }
});
