import { expect, test } from '@playwright/test';
import { baseUrl, mailLink, shot, uniqueEmail } from '../support/helpers.js';

test('sign up, choose later, sign in to the ROLE_USER shell; logout kills the refresh token', async ({ page, request }) => {
  const email = uniqueEmail('e2e-user');
  await page.goto('/signup');
  await page.getByLabel('Full name', { exact: true }).fill('Priya Shah');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('printme123');
  await page.getByLabel('Confirm password', { exact: true }).fill('printme123');
  await shot(page, 'accounts-01-signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Create your shop now?')).toBeVisible();
  await shot(page, 'accounts-02-create-shop-question');
  await page.getByRole('button', { name: 'Later' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The router keeps the sign-up form on screen until the login chunk arrives; its fields share labels.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill('printme123');
  await shot(page, 'accounts-03-login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(page.getByText('Hello User')).toBeVisible();
  await expect(page.getByRole('button', { name: /Notify Me When Ready/i })).toBeVisible();
  await shot(page, 'accounts-04-user-shell');

  const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
  expect(refreshToken).toBeTruthy();
  await page.getByRole('button', { name: /profile|account|menu/i }).first().click();
  await page.getByRole('menuitem', { name: 'Logout' }).or(page.getByRole('button', { name: 'Logout' })).first().click();
  await expect(page).toHaveURL(/\/login/);
  await shot(page, 'accounts-05-logged-out');
  const res = await request.post(`${baseUrl()}/api/auth/refresh-token`, { data: { refreshToken } });
  expect(res.status()).toBe(401);
});

test('forgot password: the mail arrives, its link sets a new password that works', async ({ page, request }) => {
  const email = uniqueEmail('e2e-reset');
  const up = await request.post(`${baseUrl()}/api/auth/signup`, { data: { name: 'Reset Me', email, password: 'oldpass123' } });
  expect(up.status()).toBe(201);
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/check your (e-?mail|inbox)/i).first()).toBeVisible();
  await shot(page, 'accounts-06-reset-sent');
  const link = await mailLink(email, /(https?:\/\/\S+\/reset-password\/\S+\/\d{6})/);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('newpass456');
  await page.getByLabel('Confirm password', { exact: true }).fill('newpass456');
  await shot(page, 'accounts-07-reset-form');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/password (has been )?(changed|updated|reset)/i).first()).toBeVisible();
  await shot(page, 'accounts-08-reset-done');
  const old = await request.post(`${baseUrl()}/api/auth/signin`, { data: { email, password: 'oldpass123' } });
  expect(old.status()).toBe(401);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('newpass456');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
});
