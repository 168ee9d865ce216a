import { expect, type Page, test } from '@playwright/test';
import { baseUrl, shot } from '../support/helpers.js';
import { ownerWithShop, pdf, signIn } from '../support/shop.js';

/**
 * Records every oscillator the page starts, with the time it was booked for and when (if ever) it
 * was called off, so the test can tell beeps heard from beeps still to come.
 */
function recordBeeps() {
  type Beep = { ctx: BaseAudioContext; when: number; cancelledAt: number | null };
  const beeps: Beep[] = [];
  (window as unknown as { __beeps: Beep[] }).__beeps = beeps;
  const start = OscillatorNode.prototype.start;
  const stop = OscillatorNode.prototype.stop;
  OscillatorNode.prototype.start = function (this: OscillatorNode & { beep?: Beep }, when = 0) {
    this.beep = { ctx: this.context, when, cancelledAt: null };
    beeps.push(this.beep);
    return start.call(this, when);
  };
  OscillatorNode.prototype.stop = function (this: OscillatorNode & { beep?: Beep }, when?: number) {
    if (when === undefined && this.beep) this.beep.cancelledAt = this.context.currentTime;
    return stop.call(this, when);
  };
}

/** Beeps heard so far, and beeps booked that will still sound. */
function beeps(page: Page) {
  return page.evaluate(() => {
    const all = (window as unknown as { __beeps: { ctx: BaseAudioContext; when: number; cancelledAt: number | null }[] }).__beeps;
    const heard = all.filter((b) => b.when <= b.ctx.currentTime && (b.cancelledAt === null || b.cancelledAt > b.when));
    const coming = all.filter((b) => b.when > b.ctx.currentTime && b.cancelledAt === null);
    return { heard: heard.length, coming: coming.length, gaps: heard.slice(1).map((b, i) => b.when - heard[i]!.when) };
  });
}

test('a job arriving while the queue is in a background tab: the title counts it and the chime repeats until it is opened', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { email, shop } = await ownerWithShop(request, 'Chime Counter Prints');
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  await context.addInitScript(recordBeeps);
  const queue = await context.newPage();
  await signIn(queue, email);
  await queue.goto('/printJob');
  await expect(queue).toHaveTitle('Print — Counterprint');
  // Chromium holds audio until a click on the page: the queue asks for one and remembers it.
  const sound = queue.getByRole('button', { name: /Click to turn on sound/ });
  // Whether it asks depends on the queue's own audio, not on a probe's (a CI run saw them differ): click
  // the button if it shows up, then it must be gone.
  await sound.click({ timeout: 5_000 }).catch(() => {});
  await expect(sound).toBeHidden();

  // The counter goes on with something else in another tab. Headless Chromium still reports every
  // tab visible, so its timers run; the chime does not lean on them: each beep is booked on the audio
  // clock by the one before, which Chrome's throttling of hidden tabs leaves alone.
  const other = await context.newPage();
  await other.goto('/settings');
  await other.bringToFront();

  const upload = await request.post(`${baseUrl()}/api/public/shops/${shop.slug}/jobs`, {
    multipart: { name: 'Meera Das', files: { name: 'form.pdf', mimeType: 'application/pdf', buffer: pdf('Form') } },
  });
  expect(upload.status()).toBe(201);
  await expect(queue).toHaveTitle('(1) Print — Counterprint');
  await expect(queue.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,.*%3E1%3C%2Ftext%3E/);

  // Two beeps, 20 s apart on the audio clock, and a third booked as the second ends.
  await expect
    .poll(
      async () => {
        const b = await beeps(queue);
        return b.heard >= 2 && b.coming === 1;
      },
      { timeout: 45_000, intervals: [500] },
    )
    .toBe(true);
  const ringing = await beeps(queue);
  expect(ringing.gaps[0]).toBeGreaterThanOrEqual(19.5);
  expect(ringing.gaps[0]).toBeLessThanOrEqual(21);

  await queue.bringToFront();
  await expect(queue.getByText('1 new job waiting')).toBeVisible();
  await shot(queue, 'arrival-alerts-01-waiting-1280');
  await queue.getByRole('button', { name: /^#1 Meera Das$/ }).click();
  await expect(queue).toHaveTitle('Print — Counterprint');
  await expect(queue.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  // Opened: nothing more is booked, and nothing more is heard.
  await expect.poll(async () => (await beeps(queue)).coming).toBe(0);
  const after = (await beeps(queue)).heard;
  await queue.waitForTimeout(1500);
  expect((await beeps(queue)).heard).toBe(after);
  await context.close();
});
