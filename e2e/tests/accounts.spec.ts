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

  // The refresh token is in an HttpOnly cookie only the auth routes receive; no storage holds it.
  const stored = await page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((s) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i)!)}`)),
  );
  const cookie = (await page.context().cookies()).find((c) => c.name === 'refresh_token');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', secure: false });
  const refreshToken = cookie!.value;
  expect(refreshToken).toBeTruthy();
  expect(stored.join('\n')).not.toContain(refreshToken);
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  expect(await page.evaluate(() => document.cookie)).not.toContain(refreshToken);
  // Chromium sends the cookie on a same-origin renewal over plain http: the token is renewed, and no copy is in the answer.
  const renewal = await page.evaluate(async () => {
    const res = await fetch('/api/auth/refresh-token', { method: 'POST' });
    return { status: res.status, body: await res.text() };
  });
  expect(renewal.status).toBe(200);
  expect(Object.keys(JSON.parse(renewal.body))).toEqual(['token']);
  const rotated = (await page.context().cookies()).find((c) => c.name === 'refresh_token');
  expect(rotated?.value).toBeTruthy();
  expect(rotated?.value).not.toBe(refreshToken);
  await page.reload();
  await expect(page.getByText('Hello User')).toBeVisible();
  await page
    .getByRole('button', { name: /profile|account|menu/i })
    .first()
    .click();
  await page
    .getByRole('menuitem', { name: 'Logout' })
    .or(page.getByRole('button', { name: 'Logout' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/login/);
  await shot(page, 'accounts-05-logged-out');
  expect((await page.context().cookies()).find((c) => c.name === 'refresh_token')).toBeUndefined();
  const res = await request.post(`${baseUrl()}/api/auth/refresh-token`, { data: { refreshToken: rotated!.value } });
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
