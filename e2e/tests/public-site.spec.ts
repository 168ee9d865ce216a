import { expect, test } from '@playwright/test';
import { shot } from '../support/helpers.js';
import { PUBLIC_ROUTES } from '../support/routes.js';

test('every public route renders its heading, and every internal link on it leads to a real page', async ({ page }) => {
  test.setTimeout(180_000);
  const links = new Set<string>();
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route);
    if (route.startsWith('/checkout')) {
      // Signed-out visitors are sent to sign up first, and come back afterwards.
      await expect(page).toHaveURL(/\/signup\?next=/);
      continue;
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Page Not Found')).toHaveCount(0);
    for (const href of await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
      links.add(href);
    }
  }
  expect(links.size).toBeGreaterThan(10);
  for (const href of links) {
    await page.goto(href);
    await expect(page.locator('body'), href).not.toContainText('Page Not Found');
    await expect(page, href).not.toHaveURL(/shop-not-found/);
    if (!href.startsWith('/signup') && !href.startsWith('/login') && !href.startsWith('/checkout')) {
      await expect(page.getByRole('heading', { level: 1 }).first(), href).toBeVisible();
    }
  }
});

test('no public page scrolls sideways on a 390 px phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);
    expect(width, `${route} is ${width} px wide`).toBeLessThanOrEqual(390);
  }
});

test('contact form: validation messages, then the success message', async ({ page }) => {
  await page.goto('/public/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  for (const message of ['Name is required', 'Email is required', 'Subject is required', 'Message is required']) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel(/^Name/).fill('Asha Rao');
  await expect(page.getByText('Name is required')).toHaveCount(0);
  await page.getByLabel(/^Email/).fill('asha@shop');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await page.getByLabel(/^Email/).fill('asha@shop.in');
  await page.getByLabel(/^Subject/).fill('A demo for my shop');
  await page.getByLabel(/^Message/).fill('Please show me the live queue.');
  await shot(page, 'public-contact-filled');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText("Thank you! Your message has been sent successfully. We'll get back to you within 24 hours.")).toBeVisible();
});

test('pricing: the billing toggle changes only Premium; both plan buttons go where they should', async ({ page }) => {
  await page.goto('/public/price');
  const premium = page.getByRole('article', { name: 'Premium Plan' });
  const spark = page.getByRole('article', { name: 'Spark Plan' });
  await expect(premium.getByTestId('premium-price')).toHaveText(/₹99\/month/);
  await expect(premium.getByRole('link', { name: 'Choose Premium' })).toHaveAttribute('href', '/checkout?plan=premium&billing=monthly');
  await page.getByRole('button', { name: /Annual/ }).click();
  await expect(premium.getByTestId('premium-price')).toHaveText(/₹990\/year/);
  await expect(premium.getByText('Save ₹198 (2 months free)')).toBeVisible();
  await expect(spark.getByTestId('spark-price')).toHaveText(/₹0\/month/);
  await expect(premium.getByRole('link', { name: 'Choose Premium' })).toHaveAttribute('href', '/checkout?plan=premium&billing=annual');
  await shot(page, 'public-pricing-annual');
  await spark.getByRole('link', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('home: the email capture reaches sign-up with the address filled in', async ({ page }) => {
  await page.goto('/public/home');
  await page.getByLabel('Your email address').fill('new.shop@prints.in');
  await page.getByRole('button', { name: 'Start free trial' }).first().click();
  await expect(page).toHaveURL(/\/signup\?email=new\.shop%40prints\.in/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('new.shop@prints.in');
});
