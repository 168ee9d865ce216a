import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { baseUrl, uniqueEmail } from './helpers.js';

export const PASSWORD = 'printme123';
/** The onboarding step's default prices, accepted: the shop quotes them (docs/decisions/061-prices-a-shop-never-set-are-not-quoted.md). */
const ACCEPTED_DEFAULT_PRICES = { papers: [{ paper: 'A4', bw: 2, color: 10 }], photo4x6: 25 };

/** An owner with one shop, made through the real API (sign-up, then onboarding with its token). */
export async function ownerWithShop(request: APIRequestContext, shopName: string, base = baseUrl()) {
  const email = uniqueEmail('owner');
  const up = await request.post(`${base}/api/auth/signup`, { data: { name: 'Shop Owner', email, password: PASSWORD } });
  expect(up.status()).toBe(201);
  const { onboardingToken } = await up.json();
  const created = await request.post(`${base}/api/public/onboarding-shops/create`, {
    headers: { 'x-onboarding-token': onboardingToken },
    multipart: {
      shop: {
        name: 'shop.json',
        mimeType: 'application/json',
        buffer: Buffer.from(
          JSON.stringify({ shopName, category: 'Printing', address: '12 MG Road, Pune', prices: ACCEPTED_DEFAULT_PRICES }),
        ),
      },
    },
  });
  expect(created.status()).toBe(201);
  const shop = (await created.json()) as { id: string; slug: string; shopName: string };
  return { email, shop };
}

export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A shop owner also holds ROLE_USER; a first sign-in opens the shop workspace (docs/decisions/023).
  await expect(page).toHaveURL(/\/shop-dashboard$/);
}

/** A small but real PDF (the server checks leading bytes and counts pages). */
export function pdf(text: string): Buffer {
  const body = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A 2x1 PNG. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGNgYPj/n4GBgQEAEQQCATZ6VNIAAAAASUVORK5CYII=',
  'base64',
);
