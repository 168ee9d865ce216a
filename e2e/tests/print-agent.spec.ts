import { expect, test } from '@playwright/test';
import { baseUrl, shot } from '../support/helpers.js';
import { ownerWithShop, pdf, signIn } from '../support/shop.js';

const printer = (uri: string, name: string, color: boolean) => ({
  uri,
  name,
  makeAndModel: 'Office laser',
  state: 'idle',
  reasons: [],
  stateMessage: null,
  acceptingJobs: true,
  color,
  duplex: true,
  paper: ['A4', 'A3'],
  pageRanges: true,
  pdf: true,
});

// Issue 22, staff's side of a print agent: pair it from Settings → Printers, choose its printers, send a
// job, and see on each file what the printer said. The agent's calls are made here over the agent's
// own HTTP API with its device token (apps/agent makes the same calls; its own tests drive a real printer).
test('staff pair a print agent, choose its printers, send a job, and see the printer stop for paper and then complete it', async ({
  browser,
  request,
}) => {
  const { email, shop } = await ownerWithShop(request, 'Agent Counter Prints');
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto('/settings');
  const panel = page.getByRole('region', { name: 'Printers' });
  await expect(panel.getByText('No print agent yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Pair a print agent' }).click();
  const code = (await panel.locator('strong.font-mono').textContent())!;
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  await expect(panel.getByText(`npx counterprint-agent pair ${code} --server ${baseUrl()}`)).toBeVisible();

  const paired = await request.post(`${baseUrl()}/api/devices/pair`, { data: { code, name: 'Counter PC' } });
  expect(paired.status()).toBe(201);
  const agent = { headers: { authorization: `Bearer ${(await paired.json()).token}` } };
  const laser = printer('ipp://192.168.1.20:631/ipp/print', 'Counter Laser', false);
  const report = await request.put(`${baseUrl()}/api/devices/me/printers`, {
    ...agent,
    data: { printers: [laser, printer('ipp://192.168.1.21:631/ipp/print', 'Photo Inkjet', true)] },
  });
  expect(report.status()).toBe(204);

  await page.reload();
  await expect(panel.getByRole('list', { name: 'Print agents' }).getByText('Counter PC', { exact: true })).toBeVisible();
  await expect(panel.getByText('Connected')).toBeVisible();
  await panel.getByLabel('Black & white files print on').selectOption({ label: 'Counter Laser (Counter PC)' });
  await panel.getByLabel('Colour files print on').selectOption({ label: 'Photo Inkjet (Counter PC)' });
  await panel.getByRole('button', { name: 'Save printers' }).click();
  await expect(panel.getByText('Saved.')).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'print-agent-01-settings-1280');

  const upload = await request.post(`${baseUrl()}/api/public/shops/${shop.slug}/jobs`, {
    multipart: {
      name: 'Farah Khan',
      options: JSON.stringify([{ copies: 2, sides: 'double' }]),
      files: { name: 'affidavit.pdf', mimeType: 'application/pdf', buffer: pdf('Affidavit') },
    },
  });
  expect(upload.status()).toBe(201);
  await page.goto('/printJob');
  await page.getByRole('button', { name: /^#1 Farah Khan$/ }).click();
  const viewer = page.getByRole('region', { name: 'Job #1' });
  await viewer.getByRole('button', { name: 'Send to printer' }).click();
  await expect(viewer.getByRole('button', { name: 'At the printer' })).toBeDisabled();

  const commands = await (await request.get(`${baseUrl()}/api/devices/me/commands`, agent)).json();
  expect(commands).toEqual([expect.objectContaining({ printerUri: laser.uri, copies: 2, sides: 'double', color: 'bw', media: 'A4' })]);
  const say = (body: object) => request.post(`${baseUrl()}/api/devices/me/commands/${commands[0].id}/report`, { ...agent, data: body });
  expect((await say({ state: 'stopped', reasons: ['media-empty-error'] })).status()).toBe(204);
  const state = viewer.getByTestId('file-printing');
  await expect(state).toHaveText('Counter Laser stopped: out of paper');
  await shot(page, 'print-agent-02-stopped-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'print-agent-02-stopped-390');
  await say({ state: 'completed' });
  await expect(state).toHaveText('Printed by Counter Laser');
  // Printed stays staff's word: the shop did not ask for jobs to be marked printed by the printer.
  await expect(viewer.getByRole('button', { name: 'Mark Printed' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Send to printer' })).toBeEnabled();
  await context.close();
});
