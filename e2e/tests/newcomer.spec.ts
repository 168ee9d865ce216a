import { expect, type Page, test } from '@playwright/test';
import { baseUrl, shot, uniqueEmail } from '../support/helpers.js';
import { PASSWORD } from '../support/shop.js';

/** Issue 16: a shop owner who answers "Later" after sign-up must still find the way to their shop. */
async function signUpChooseLaterSignIn(page: Page, email: string) {
  await page.goto('/signup');
  await page.getByLabel('Full name', { exact: true }).fill('Meera Iyer');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Later' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
}

async function createShopInOnboarding(page: Page, email: string, shopName: string) {
  await expect(page).toHaveURL(/\/onboarding\/shop$/);
  // The signed-in account, not a new one: the page names it and asks for no sign-up.
  await expect(page.getByText(`Setting up a shop for ${email}`)).toBeVisible();
  await page.getByLabel('Shop name').fill(shopName);
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByLabel('Address').fill('4 Station Road, Pune');
  for (const step of ['Branding', 'Business details', 'Prices', 'Review']) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(new RegExp(step.split(' ')[0]!, 'i'));
  }
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { name: `${shopName} is ready` })).toBeVisible();
  await page.getByRole('button', { name: 'Go to my shop dashboard' }).click();
  await expect(page).toHaveURL(/\/shop-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Shop dashboard' })).toBeVisible();
  await expect(page.getByText(shopName).first()).toBeVisible();
}

/** The shop belongs to the account that signed up, as the server sees it through that account's bearer. */
async function expectOwnedBy(page: Page, email: string, shopName: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await page.request.get(`${baseUrl()}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  const body = (await me.json()) as { email: string; roles: string[]; shops: { name: string }[] };
  expect(body.email).toBe(email);
  expect(body.roles).toContain('SHOP_OWNER');
  expect(body.shops.map((s) => s.name)).toEqual([shopName]);
}

for (const { name, width, height } of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`sign up, choose Later, find 'Create your shop', create it with this account (${name})`, async ({ page }) => {
      const email = uniqueEmail(`later-${name}`);
      const shopName = `Later Prints ${name}`;
      await signUpChooseLaterSignIn(page, email);
      // The top bar keeps the way in view on every page; the dashboard says it in words.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Create your shop' })).toBeVisible();
      const card = page.getByRole('main').getByRole('link', { name: 'Create your shop' });
      await expect(card).toBeVisible();
      await shot(page, `newcomer-01-user-dashboard-${name}`);

      // The public site's Dashboard link no longer bounces, and the home page offers the shop, not a second sign-up.
      await page.goto('/public/home');
      await expect(
        page
          .getByRole('main')
          .getByRole('link', { name: /Create your shop/ })
          .first(),
      ).toBeVisible();
      await expect(page.locator('main a[href^="/signup"]')).toHaveCount(0);
      await shot(page, `newcomer-02-home-signed-in-${name}`);
      // A "Start free trial" link followed while signed in does not start a second account.
      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Create your shop' })).toHaveAttribute('href', '/onboarding/shop');
      await shot(page, `newcomer-03-signup-signed-in-${name}`);
      await page.goto('/');
      await expect(page).toHaveURL(/\/user-dashboard$/);

      if (name === 'phone') await card.click();
      else await page.getByRole('banner').getByRole('link', { name: 'Create your shop' }).click();
      await createShopInOnboarding(page, email, shopName);
      await shot(page, `newcomer-04-shop-dashboard-${name}`);
      await expectOwnedBy(page, email, shopName);
      // With a shop, the call to create one is gone.
      await expect(page.getByRole('link', { name: 'Create your shop' })).toHaveCount(0);
    });
  });
}
