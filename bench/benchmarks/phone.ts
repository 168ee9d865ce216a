/**
 * The customer's phone, measured as the server sends it: `/public/{slug}` of a shop with a banner, opened
 * in headless Chromium (Debian's /usr/bin/chromium) with a fresh profile each time, so every visit is a
 * first visit. Bytes are CDP's `encodedDataLength` of everything transferred (headers included, as
 * compressed on the wire). Time-to-usable is from navigation start until the "Choose files" control is
 * visible and enabled, under CDP network and CPU throttling.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium.js';
import type { Benchmark, Row } from '../lib/report.js';
import { startServer } from '../lib/server.js';
import { createShop } from '../lib/setup.js';
import { median } from '../lib/stats.js';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** A mid-range phone: Lighthouse's mobile screen. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const KIB = 1024;

type Profile = { name: string; downKbps: number; upKbps: number; rttMs: number; cpu: number; targetMs: number };
const PROFILES: Profile[] = [
  { name: 'fast 3G', downKbps: 1600, upKbps: 750, rttMs: 150, cpu: 4, targetMs: 3000 },
  { name: 'slow 3G', downKbps: 400, upKbps: 400, rttMs: 400, cpu: 4, targetMs: 8000 },
];

/** A photo-like 3000 × 1700 PNG (a smooth random texture): ~1–3 MiB, under the 5 MiB banner limit. */
async function bannerPng(): Promise<Buffer> {
  const texture = await sharp({
    create: { width: 300, height: 170, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .blur(3)
    .png()
    .toBuffer();
  return sharp(texture).resize(3000, 1700).modulate({ saturation: 1.4 }).png({ compressionLevel: 9 }).toBuffer();
}

async function addBanner(baseUrl: string, shopId: string, bearer: string, png: Buffer): Promise<void> {
  const form = new FormData();
  form.append('banners', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'banner.png');
  const res = await fetch(`${baseUrl}/api/settings/banners/upload?shopId=${shopId}`, {
    method: 'POST',
    headers: { authorization: bearer },
    body: form,
  });
  if (!res.ok) throw new Error(`banner upload: ${res.status} ${(await res.text()).slice(0, 300)}`);
}

/** Sends one small PDF as a customer would; answers the status page's path. */
async function sendOneFile(baseUrl: string, slug: string): Promise<string> {
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'form.pdf');
  const res = await fetch(`${baseUrl}/api/public/shops/${slug}/jobs`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return ((await res.json()) as { statusUrl: string }).statusUrl;
}

type Visit = { bytes: number; requests: number; byType: Record<string, number>; usableMs: number };

/** The shop page is usable once "Choose files" can be pressed. */
function uploadIsUsable(): number {
  const input = document.querySelector<HTMLInputElement>('input[aria-label="Choose files to print"]');
  const box = input?.closest('label')?.getBoundingClientRect();
  return input && !input.disabled && box && box.width > 0 && box.height > 0 ? performance.now() : 0;
}

/** The status page is usable once the job's number and its status are on screen. */
function statusIsShown(): number {
  const heading = document.querySelector('h1');
  const status = document.querySelector('[data-testid="status-sentence"]');
  return heading && /#\d+/.test(heading.textContent ?? '') && status ? performance.now() : 0;
}

/** One first visit in a fresh profile; `profile` throttles network and CPU; `usable` says when the page can be used. */
async function visit(url: string, profile?: Profile, usable: () => number = uploadIsUsable): Promise<Visit> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cp-phone-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, ...PHONE });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, string>();
    const byType: Record<string, number> = {};
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      requests += 1;
      const type = types.get(e.requestId) ?? 'Other';
      byType[type] = (byType[type] ?? 0) + e.encodedDataLength;
    });
    if (profile) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.rttMs,
        downloadThroughput: (profile.downKbps * 1000) / 8,
        uploadThroughput: (profile.upKbps * 1000) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    }
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    // performance.now() counts from navigation start.
    const usableMs = await page.waitForFunction(usable, undefined, { polling: 50, timeout: 120_000 });
    const ms = (await usableMs.jsonValue()) as number;
    // Everything the first visit fetches, the banner and late requests included.
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    return { bytes, requests, byType, usableMs: ms };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const phone: Benchmark = {
  name: 'phone',
  describe:
    '/public/{slug} with a banner in headless Chromium: bytes on a first visit, time-to-usable on fast and slow 3G; the status page /j/{token} likewise',
  async run({ db, quick, log }) {
    const rounds = quick ? 1 : 3;
    const server = await startServer(db, 'phone');
    try {
      const shop = await createShop(server.url);
      const png = await bannerPng();
      await addBanner(server.url, shop.shopId, shop.bearer, png);
      const url = `${server.url}/public/${shop.slug}`;
      log(`  banner uploaded: 3000 × 1700 PNG, ${(png.length / KIB).toFixed(0)} KiB`);
      const first = await visit(url);
      log(
        `  first visit: ${first.requests} requests, ${(first.bytes / KIB).toFixed(1)} KiB: ${Object.entries(first.byType)
          .map(([t, n]) => `${t} ${(n / KIB).toFixed(1)}`)
          .join(', ')}`,
      );
      const rows: Row[] = [
        {
          what: 'phone',
          measure: `/public/{slug} first visit, bytes transferred (${first.requests} requests, banner included)`,
          value: first.bytes / 1000,
          format: 'kb',
          target: '≤ 150 KiB (153.6 KB)',
          pass: first.bytes <= 150 * KIB,
          detail: Object.entries(first.byType)
            .map(([t, n]) => `${t} ${(n / 1000).toFixed(1)} KB`)
            .join(', '),
        },
      ];
      const data: Record<string, unknown> = { bannerPngBytes: png.length, firstVisit: first };
      for (const profile of PROFILES) {
        const times: number[] = [];
        for (let i = 0; i < rounds; i++) times.push((await visit(url, profile)).usableMs);
        const ms = median(times);
        log(`  ${profile.name}: usable after ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
        rows.push({
          what: 'phone',
          measure: `time-to-usable, ${profile.name} (${profile.downKbps}/${profile.upKbps} kbps, ${profile.rttMs} ms RTT, CPU ${profile.cpu}×)`,
          value: ms,
          format: 'ms',
          target: `≤ ${profile.targetMs / 1000} s`,
          pass: ms <= profile.targetMs,
          detail: `median of ${times.length}: ${times.map((t) => t.toFixed(0)).join(', ')}`,
        });
        data[profile.name] = times;
      }
      // The status page the customer is sent to after "Files sent!", on the same phones.
      const statusUrl = `${server.url}${await sendOneFile(server.url, shop.slug)}`;
      for (const profile of PROFILES) {
        const times: number[] = [];
        for (let i = 0; i < rounds; i++) times.push((await visit(statusUrl, profile, statusIsShown)).usableMs);
        const ms = median(times);
        log(`  status page, ${profile.name}: shown after ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
        rows.push({
          what: 'phone',
          measure: `/j/{token} status shown, ${profile.name}`,
          value: ms,
          format: 'ms',
          target: `≤ ${profile.targetMs / 1000} s`,
          pass: ms <= profile.targetMs,
          detail: `median of ${times.length}: ${times.map((t) => t.toFixed(0)).join(', ')}`,
        });
        data[`status page ${profile.name}`] = times;
      }
      return {
        rows,
        notes: [
          `A ${PHONE.viewport.width} × ${PHONE.viewport.height} phone at ${PHONE.deviceScaleFactor}× in a fresh Chromium profile per visit; KB = 1000 bytes; bytes are CDP encodedDataLength of every finished request.`,
        ],
        data,
      };
    } finally {
      await server.stop();
    }
  },
};
