import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { baseUrl, mailLink, PLATFORM_OWNER_EMAIL, shot, uniqueEmail } from '../support/helpers.js';
import { PUBLIC_ROUTES } from '../support/routes.js';
import { ownerWithShop, PASSWORD, pdf, signIn } from '../support/shop.js';

/** WCAG 2.0 and 2.1, levels A and AA: what the product promises. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const WIDTHS = [390, 1280] as const;

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/** Runs axe on the page as it stands and keeps every serious or critical violation. */
async function audit(page: Page, where: string, found: Finding[]): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => {});
  // A panel still fading in blends its colours with the page, which axe reports as low contrast.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
  // Label in Name (WCAG 2.5.3) is axe's experimental rule, off unless asked for: a control whose visible words are not
  // in its name cannot be worked by voice by saying what it shows.
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_AA)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  // Every audited screen is kept, so a reviewer can look at what axe looked at.
  await shot(page, `a11y-${where.replace(/[^a-z0-9@]+/gi, '-').replace(/^-|-$/g, '')}`);
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    if (v.nodes.length === 0) continue;
    found.push({
      where,
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
      summary: v.nodes[0]?.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? '',
    });
  }
}

/** One line per rule per page, then the elements: readable in a failing run's output. */
function report(found: Finding[]): string {
  const elements = found.reduce((n, f) => n + f.targets.length, 0);
  const lines = [`${found.length} serious/critical rule instances on ${elements} elements`];
  for (const f of found) {
    lines.push(`- ${f.where}: ${f.rule} (${f.impact}) ${f.help} [${f.targets.length}]`);
    for (const t of f.targets.slice(0, 5)) lines.push(`    ${t}`);
    if (f.targets.length > 5) lines.push(`    … and ${f.targets.length - 5} more`);
    if (f.summary) lines.push(`    e.g. ${f.summary}`);
  }
  return lines.join('\n');
}

/** `state` names what `prepare` opened (a panel, a dialog), for the report and the screenshot. */
async function auditAtEveryWidth(page: Page, path: string, found: Finding[], prepare?: () => Promise<void>, state?: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.goto(path);
    await prepare?.();
    await audit(page, `${path}${state ? ` (${state})` : ''} @${width}`, found);
  }
}

/** The 'Feature coming soon' overlay is itself a screen: audit it, then the page beneath. */
async function auditWithOverlay(page: Page, path: string, found: Finding[]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.goto(path);
    // The overlay makes the page beneath inert, so wait for any heading: the page's or the overlay's.
    await expect(page.getByRole('heading').first()).toBeVisible();
    await audit(page, `${path} @${width}`, found);
    const dismiss = page.getByRole('button', { name: 'Dismiss' });
    if (await dismiss.isVisible()) {
      await dismiss.click();
      await audit(page, `${path} (overlay dismissed) @${width}`, found);
    }
  }
}

test('public pages: no serious or critical WCAG 2 A/AA violation at 390 and 1280 px', async ({ page, request }) => {
  test.setTimeout(240_000);
  const { shop } = await ownerWithShop(request, 'Axe Public Prints');
  const found: Finding[] = [];
  const routes = [...PUBLIC_ROUTES, `/public/${shop.slug}`, '/shop-not-found', '/login', '/signup', '/forgot-password'];
  for (const path of routes) await auditAtEveryWidth(page, path, found);
  expect(found, report(found)).toEqual([]);
});

test('shop owner pages: no serious or critical WCAG 2 A/AA violation at 390 and 1280 px', async ({ page, request }) => {
  test.setTimeout(300_000);
  const { email, shop } = await ownerWithShop(request, 'Axe Owner Prints');
  const upload = await request.post(`${baseUrl()}/api/public/shops/${shop.slug}/jobs`, {
    multipart: { name: 'Kiran Patil', files: { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: pdf('Certificate') } },
  });
  expect(upload.status()).toBe(201);
  // A second card carrying a mark (the customer's word that they paid), so the queue's rows are audited with their marks.
  const signin = await request.post(`${baseUrl()}/api/auth/signin`, { data: { email, password: PASSWORD } });
  const upi = await request.put(`${baseUrl()}/api/settings/shop?shopId=${shop.id}`, {
    headers: { authorization: String(signin.headers().authorization) },
    data: { shopName: 'Axe Owner Prints', username: 'axe_owner_prints', upiId: 'axeowner@okhdfcbank' },
  });
  expect(upi.status(), await upi.text()).toBe(200);
  const claimed = await request.post(`${baseUrl()}/api/public/shops/${shop.slug}/jobs`, {
    multipart: { name: 'Meera Das', files: { name: 'form.pdf', mimeType: 'application/pdf', buffer: pdf('Form') } },
  });
  expect(claimed.status()).toBe(201);
  const { token } = (await claimed.json()) as { token: string };
  // There is something to pay once the file's pages are counted.
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${baseUrl()}/api/public/jobs/${token}`)).json()) as { estimate: { complete: boolean } }).estimate
          .complete,
    )
    .toBe(true);
  const paid = await request.post(`${baseUrl()}/api/public/jobs/${token}/paid`);
  expect(paid.status(), await paid.text()).toBe(200);
  await signIn(page, email);
  const found: Finding[] = [];

  await auditAtEveryWidth(page, '/shop-dashboard', found);
  // The QR panel opened from the dashboard.
  await auditAtEveryWidth(
    page,
    '/shop-dashboard',
    found,
    async () => {
      await page.getByRole('button', { name: 'Download QR Code' }).click();
      await expect(page.getByRole('button', { name: /Copy/ }).first()).toBeVisible();
    },
    'QR code',
  );
  // The queue's cards: each button named by the words it shows (WCAG 2.5.3), the rest of the card its description.
  await auditAtEveryWidth(page, '/printJob', found, async () => {
    await expect(page.getByRole('button', { name: '#1 Kiran Patil', exact: true })).toHaveAccessibleDescription(/1 sheet.*₹/);
    await expect(page.getByRole('button', { name: '#2 Meera Das', exact: true })).toHaveAccessibleDescription(/Customer says paid \(UPI\)/);
  });
  // The job's detail, with its actions.
  await auditAtEveryWidth(
    page,
    '/printJob',
    found,
    async () => {
      await page.getByRole('button', { name: /^#1 Kiran Patil$/ }).click();
      await expect(page.getByRole('button', { name: 'Mark Printed' })).toBeVisible();
    },
    'job detail',
  );
  // Its two confirmations, whose coloured headings must be as readable as the rest.
  for (const [button, dialog] of [
    ['Mark Printed', 'Mark as Printed?'],
    ['Cancel job', 'Cancel this job?'],
  ] as const) {
    await auditAtEveryWidth(
      page,
      '/printJob',
      found,
      async () => {
        await page.getByRole('button', { name: /^#1 Kiran Patil$/ }).click();
        await page.getByRole('button', { name: button, exact: true }).click();
        await expect(page.getByRole('alertdialog', { name: dialog })).toBeVisible();
      },
      `${dialog} dialog`,
    );
  }
  await auditAtEveryWidth(page, '/settings', found);
  // Inventory and rate card in their editing states.
  await auditAtEveryWidth(
    page,
    '/settings',
    found,
    async () => {
      await page.getByRole('region', { name: 'Rate Card' }).getByRole('button', { name: 'Edit Rate Card' }).click();
    },
    'rate card editing',
  );
  for (const path of ['/analytics', '/customers', '/revenue', '/recycle']) await auditWithOverlay(page, path, found);
  expect(found, report(found)).toEqual([]);
});

test('user and platform owner pages: no serious or critical WCAG 2 A/AA violation at 390 and 1280 px', async ({ page, request }) => {
  test.setTimeout(240_000);
  const found: Finding[] = [];
  const email = uniqueEmail('axe-user');
  expect((await request.post(`${baseUrl()}/api/auth/signup`, { data: { name: 'Axe User', email, password: PASSWORD } })).status()).toBe(
    201,
  );
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  for (const path of ['/user-dashboard', '/user-dashboard/customers', '/user-dashboard/recycle', '/profile', '/onboarding/shop']) {
    await auditAtEveryWidth(page, path, found);
  }

  // The platform owner: OWNER is granted when an address in OWNER_EMAILS is verified.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  const up = await request.post(`${baseUrl()}/api/auth/signup`, {
    data: { name: 'Platform Owner', email: PLATFORM_OWNER_EMAIL, password: PASSWORD },
  });
  expect(up.status()).toBe(201);
  const verify = await mailLink(PLATFORM_OWNER_EMAIL, /(https?:\/\/\S+\/verify-email\/[^\s"<>]+)/);
  await page.goto(verify);
  await expect(page.getByText(/verified/i).first()).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(PLATFORM_OWNER_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // No workspace choice any more: a first sign-in opens the platform owner's workspace (docs/decisions/023).
  await expect(page).toHaveURL(/\/owner-dashboard$/);
  for (const path of ['/owner-dashboard', '/analytics', '/settings']) await auditWithOverlay(page, path, found);
  expect(found, report(found)).toEqual([]);
});
