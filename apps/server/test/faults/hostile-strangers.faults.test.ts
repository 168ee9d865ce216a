import type { TJob } from '@counterprint/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { rtfBytes } from '../support/fixtures.js';
import { type ServerProcess, startServerProcess } from '../support/processes.js';
import { listJobs, type Owner, ownerOn, slowUpload } from '../support/server-client.js';

/**
 * One stranger attacks every way at once: 300 zero-byte tus creations, 40 poster drawings, and five
 * heavy documents to five shops, all from one address (through TRUST_PROXY). Meanwhile a customer at
 * another address sends a one-page letter to a sixth shop: it is accepted, its pages counted and it is
 * converted within 10 s, and /api/health answers with a p95 under 250 ms throughout. The built server,
 * on PGlite (its own process, as a deployment runs).
 */
const ATTACKER = '203.0.113.66';
const CUSTOMER = '198.51.100.7';
const TUS_CREATIONS = 300;
const POSTERS = 40;
const HOSTILE_SHOPS = 5;
const LETTER_WITHIN_MS = 10_000;
const HEALTH_P95_MS = 250;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const b64 = (s: string) => Buffer.from(s).toString('base64');
/** Hundreds of thousands of rows: thousands of pages, far longer to lay out than a letter. */
const heavyCsv = () => Buffer.from(Array.from({ length: 300_000 }, (_, i) => `${i},row ${i},${i * 7},${i % 13}\n`).join(''));

/** Runs `work(i)` for i in [0, n), `width` at a time. */
async function inWaves(n: number, width: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let i = next++; i < n; i = next++) await work(i);
    }),
  );
}

describe.runIf(process.env.COUNTERPRINT_FAULTS === '1')('hostile strangers', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => server?.stop());

  it("accept, count and convert another customer's letter within 10 s, and keep /api/health quick", async () => {
    server = await startServerProcess({ TRUST_PROXY: 'true', LOG_LEVEL: 'error' });
    const base = server.base;
    const shops: Owner[] = [];
    for (let s = 0; s <= HOSTILE_SHOPS; s++)
      shops.push(await ownerOn(base, `stranger-${s}@example.com`, `Stranger Shop ${s}`, { 'x-forwarded-for': `10.9.0.${s + 1}` }));
    const [target, ...rest] = [shops[HOSTILE_SHOPS]!, ...shops.slice(0, HOSTILE_SHOPS)];
    const fromAttacker = { 'x-forwarded-for': ATTACKER };

    // /api/health, sampled one after another for as long as the attack lasts.
    const health: number[] = [];
    const serverErrors: string[] = [];
    let attacking = true;
    const sampler = (async () => {
      while (attacking) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/health`);
        await res.arrayBuffer();
        health.push(performance.now() - t0);
        await sleep(20);
      }
    })();

    const tusCreations = inWaves(TUS_CREATIONS, 10, async (i) => {
      const res = await fetch(`${base}/api/public/shops/${rest[i % HOSTILE_SHOPS]!.shop.slug}/uploads`, {
        method: 'POST',
        headers: {
          ...fromAttacker,
          'tus-resumable': '1.0.0',
          'upload-length': '0',
          'upload-metadata': `filename ${b64(`empty-${i}.pdf`)}`,
        },
      });
      await res.arrayBuffer();
      if (res.status >= 500) serverErrors.push(`tus creation ${i}: ${res.status}`);
    });
    const posters = inWaves(POSTERS, 4, async (i) => {
      const res = await fetch(`${base}/api/qr/poster/${rest[i % HOSTILE_SHOPS]!.shop.slug}?size=${i % 2 ? 'a5' : 'a4'}`, {
        headers: fromAttacker,
      });
      await res.arrayBuffer();
      if (res.status >= 500) serverErrors.push(`poster ${i}: ${res.status}`);
    });
    const heavy = heavyCsv();
    const hostile = await Promise.all(
      rest.map((shop) =>
        slowUpload(base, shop.shop.slug, [{ name: 'files', filename: 'table.csv', data: heavy }], { headers: fromAttacker }),
      ),
    );
    for (const h of hostile) expect('status' in h && h.status, JSON.stringify(h)).toBe(201);

    // The attack is under way: the heavy documents are queued, creations and posters still coming.
    const sentAt = Date.now();
    const letter = await slowUpload(base, target.shop.slug, [{ name: 'files', filename: 'letter.rtf', data: rtfBytes('One page') }], {
      headers: { 'x-forwarded-for': CUSTOMER },
    });
    expect('status' in letter && letter.status, JSON.stringify(letter)).toBe(201);
    const jobId = 'status' in letter ? letter.body.jobId! : '';
    let file: TJob['files'][number] | undefined;
    while (Date.now() - sentAt < LETTER_WITHIN_MS) {
      file = (await listJobs(base, target)).find((j) => j.id === jobId)?.files[0];
      if (file?.conversion === 'converted' && file.pages !== null) break;
      await sleep(100);
    }
    const letterMs = Date.now() - sentAt;

    await Promise.all([tusCreations, posters]);
    attacking = false;
    await sampler;
    const sorted = [...health].sort((a, b) => a - b);
    console.log(
      `hostile strangers: letter ${file?.conversion} with ${file?.pages} page(s) after ${letterMs} ms; /api/health p50 ${pct(sorted, 50).toFixed(0)} ms, p95 ${pct(sorted, 95).toFixed(0)} ms over ${sorted.length} samples`,
    );

    expect(file).toMatchObject({ conversion: 'converted', pages: 1 });
    expect(letterMs).toBeLessThan(LETTER_WITHIN_MS);
    expect(serverErrors).toEqual([]);
    expect(pct(sorted, 95)).toBeLessThan(HEALTH_P95_MS);
  }, 180_000);
});
