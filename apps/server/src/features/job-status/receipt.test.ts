import { execFile } from 'node:child_process';
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { RECEIPT_KEYS_PATH, type TDeletionReceipt, type TReceiptKeySet, ZDeletionReceipt, ZReceiptKeySet } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { blobKeys, ownerWithShop, pdfBytes, pngBytes, rtfBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp, testClock } from '../../../test/support/harness.js';
import { buildApp } from '../../app.js';
import { type Db, queryRows } from '../../db/index.js';
import { receiptSigningKey, signReceipt, verifyReceipt } from '../../receipts/signing.js';

const MIN = 60_000;
const NOT_FOUND = 'This job link is not valid. Check the link, or ask the shop.';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Verifies a compact JWS with node:crypto alone, as any outside verifier would: no code of ours involved. */
function verifiesWith(jws: string, keys: TReceiptKeySet): boolean {
  const [h, p, s] = jws.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(h, 'base64url').toString());
  const jwk = keys.keys.find((k) => k.kid === header.kid);
  if (!jwk || header.alg !== 'EdDSA') return false;
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  return verify(null, Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'));
}
const payloadOf = (jws: string) => JSON.parse(Buffer.from(jws.split('.')[1]!, 'base64url').toString()) as TDeletionReceipt;
const withPayload = (jws: string, payload: Buffer) => {
  const [h, , s] = jws.split('.');
  return `${h}.${payload.toString('base64url')}.${s}`;
};

describe.each(DATABASE_KINDS)('deletion receipts on %s', (kind) => {
  let t: TestApp;
  const clock = testClock(new Date('2026-12-01T09:00:00Z'));
  let owner: Awaited<ReturnType<typeof ownerWithShop>>;
  const pdf = pdfBytes(2, 'receipt test');
  const png = pngBytes(50, 30);

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, env: { RATE_LIMIT: 'off' } });
    owner = await ownerWithShop(t.app, 'receipt-owner@example.com', { shopName: 'Receipt Prints' });
  });
  afterAll(async () => t?.close());

  const db = () => t.deps.database.db as Db;
  const reauth = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'receipt-owner@example.com', password: 'passw0rd-ok' },
    });
    owner.auth = { authorization: String(res.headers.authorization) };
  };
  const advance = async (ms: number) => {
    clock.advance(ms);
    await reauth();
  };
  const receipt = (token: string, app = t.app) => app.inject({ method: 'GET', url: `/api/public/jobs/${token}/receipt` });
  const keySet = async (app = t.app) => ZReceiptKeySet.parse(json(await app.inject({ method: 'GET', url: RECEIPT_KEYS_PATH })));
  const newJob = async () => {
    const res = await upload(t.app, owner.shop.slug, [
      { name: 'name', value: 'Meera' },
      { name: 'files', filename: 'bank form.pdf', data: await pdf },
      { name: 'files', filename: 'photo.png', data: png },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    await t.app.services.preparer.idle();
    await t.app.services.pageCounter.idle();
    return json(res) as { jobId: string; token: string; number: number };
  };
  const markPrinted = async (jobId: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/shops/print-jobs/${jobId}/mark-printed`, headers: owner.auth });
    expect(res.statusCode, res.body).toBe(200);
    return (json(res).files as { id: string }[]).map((f) => f.id);
  };
  const receiptRows = async (jobId: string) =>
    (await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM deletion_receipts WHERE job_id = ${jobId}`))[0]!.n;

  let printed: { jobId: string; token: string; number: number; jws: string };

  it('signs a receipt once the retention purge after printing removed every copy, and it verifies with the published key', async () => {
    await reauth();
    const job = await newJob();
    // Staff download the PDF twice (a range read from byte 100 is the same download), look at the photo's thumbnail and print it.
    const links = json(await t.app.inject({ method: 'GET', url: `/api/shops-action/print-jobs/${job.jobId}/files`, headers: owner.auth }));
    const [pdfLinks, pngLinks] = links as { original: string; thumbnail: string | null }[];
    for (const headers of [{}, {}, { range: 'bytes=100-' }]) {
      expect((await t.app.inject({ method: 'GET', url: pdfLinks!.original, headers })).statusCode).toBeLessThan(300);
    }
    expect(pngLinks!.thumbnail).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: pngLinks!.thumbnail! })).statusCode).toBe(200);
    // Print from the browser: the photo's print-ready PDF is a copy too.
    const [, photo] = json(await t.app.inject({ method: 'GET', url: `/api/shops/${owner.shop.id}/print-jobs`, headers: owner.auth })).find(
      (j: { id: string }) => j.id === job.jobId,
    ).files as { id: string }[];
    const printReady = await t.app.inject({
      method: 'GET',
      url: `/api/shops-action/print-jobs/${job.jobId}/files/${photo!.id}/print-ready`,
      headers: owner.auth,
    });
    expect(printReady.statusCode, printReady.body).toBe(200);
    await markPrinted(job.jobId);

    const before = await receipt(job.token);
    expect(before.statusCode).toBe(404);
    expect(json(before).error).toBe(NOT_FOUND);
    await advance(59 * MIN);
    expect((await t.app.services.sweeper.sweep()).receipts).toBe(0);
    await advance(2 * MIN);
    const swept = await t.app.services.sweeper.sweep();
    expect(swept.receipts).toBe(1);
    expect(await blobKeys(t.deps.blobs, `shops/${owner.shop.id}/jobs/${job.jobId}`)).toEqual([]);

    const res = await receipt(job.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/jose/);
    const jws = res.body;
    const keys = await keySet();
    expect(keys.keys).toHaveLength(1);
    expect(verifiesWith(jws, keys)).toBe(true);
    const header = JSON.parse(Buffer.from(jws.split('.')[0]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'EdDSA', kid: keys.keys[0]!.kid, typ: 'counterprint-receipt+jws' });

    const body = ZDeletionReceipt.parse(payloadOf(jws));
    expect(body.shop).toEqual({ name: 'Receipt Prints', slug: owner.shop.slug });
    expect(body.job.number).toBe(job.number);
    expect(body.job.printedAt).not.toBeNull();
    expect(body.job.deletedAt).toBe(clock.now().toISOString());
    expect(body.version).toBe(2);
    expect(body.files.map((f) => [f.name, f.size, f.sha256, 'copies' in f && f.copies])).toEqual([
      ['bank form.pdf', (await pdf).length, sha(await pdf), { original: 2, convertedPdf: 0, printReady: 0, printer: 0 }],
      ['photo.png', png.length, sha(png), { original: 0, convertedPdf: 0, printReady: 1, printer: 0 }],
    ]);
    expect(body.files[1]!.derived.map((c) => c.role)).toContain('thumbnail');
    for (const c of body.files.flatMap((f) => f.derived)) expect(c.deletedAt).toBe(clock.now().toISOString());
    printed = { ...job, jws };
  });

  it("counts every copy that left the server by kind, per file: originals, the converted PDF, print-ready PDFs and the agent's", async () => {
    await reauth();
    const res = await upload(t.app, owner.shop.slug, [
      { name: 'name', value: 'Ravi' },
      { name: 'files', filename: 'letter.rtf', data: rtfBytes('A letter to count') },
      { name: 'files', filename: 'bank form.pdf', data: await pdf },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const job = json(res) as { jobId: string; token: string };
    await t.app.services.preparer.idle();
    await t.app.services.pageCounter.idle();
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const [letter, form] = json(await call('GET', `/api/shops-action/print-jobs/${job.jobId}/files`, owner.auth)) as {
      fileId: string;
      original: string;
      pdf: string | null;
      pdfDownload: string | null;
    }[];
    expect(letter!.pdfDownload, 'the letter was converted').toBeTruthy();
    const fetched = async (url: string) => expect((await call('GET', url)).statusCode).toBe(200);
    // The letter: its original once, its converted PDF downloaded twice and looked at in the viewer once.
    await fetched(letter!.original);
    await fetched(letter!.pdfDownload!);
    await fetched(letter!.pdfDownload!);
    await fetched(letter!.pdf!);
    // The form: its original downloaded three times, a print-ready PDF twice (the browser's print dialog).
    for (let i = 0; i < 3; i++) await fetched(form!.original);
    for (let i = 0; i < 2; i++) {
      const ready = await call('GET', `/api/shops-action/print-jobs/${job.jobId}/files/${form!.fileId}/print-ready`, owner.auth);
      expect(ready.statusCode, ready.body).toBe(200);
    }
    // Both go to the print agent's printers, which fetch each document once.
    const printer = { makeAndModel: 'Test printer', state: 'idle', reasons: [], stateMessage: null, acceptingJobs: true };
    const printers = [
      {
        ...printer,
        uri: 'ipp://127.0.0.1:8631/ipp/print/bw',
        name: 'B&W',
        color: false,
        duplex: true,
        paper: ['A4'],
        pageRanges: true,
        pdf: true,
      },
      {
        ...printer,
        uri: 'ipp://127.0.0.1:8632/ipp/print/c',
        name: 'Colour',
        color: true,
        duplex: true,
        paper: ['A4'],
        pageRanges: true,
        pdf: true,
      },
    ];
    const code = json(await call('POST', `/api/shops/${owner.shop.id}/devices/pairing-codes`, owner.auth)).code as string;
    const { deviceId, token } = json(await call('POST', '/api/devices/pair', {}, { code, name: 'Counter PC' }));
    const device = { authorization: `Bearer ${token}` };
    expect((await call('PUT', '/api/devices/me/printers', device, { printers })).statusCode).toBe(204);
    const choice = { bw: { deviceId, uri: printers[0]!.uri }, color: { deviceId, uri: printers[1]!.uri }, markPrintedOnComplete: false };
    expect((await call('PUT', `/api/shops/${owner.shop.id}/printers/choice`, owner.auth, choice)).statusCode).toBe(200);
    const sent = await call('POST', `/api/shops/print-jobs/${job.jobId}/send-to-printer`, owner.auth);
    expect(sent.statusCode, sent.body).toBe(204);
    const commands = json(await call('GET', '/api/devices/me/commands', device)) as { id: string }[];
    expect(commands).toHaveLength(2);
    for (const c of commands) expect((await call('GET', `/api/devices/me/commands/${c.id}/document`, device)).statusCode).toBe(200);

    await markPrinted(job.jobId);
    await advance(61 * MIN);
    await t.app.services.sweeper.sweep();
    const signed = await receipt(job.token);
    expect(signed.statusCode).toBe(200);
    expect(verifiesWith(signed.body, await keySet())).toBe(true);
    const body = ZDeletionReceipt.parse(payloadOf(signed.body));
    expect(body.files.map((f) => [f.name, 'copies' in f && f.copies])).toEqual([
      ['letter.rtf', { original: 1, convertedPdf: 2, printReady: 0, printer: 1 }],
      ['bank form.pdf', { original: 3, convertedPdf: 0, printReady: 2, printer: 1 }],
    ]);
  });

  it('refuses a receipt with any byte of its payload changed, a file hash or a time among them', async () => {
    const keys = await keySet();
    const payload = Buffer.from(printed.jws.split('.')[1]!, 'base64url');
    for (let i = 0; i < payload.length; i++) {
      const changed = Buffer.from(payload);
      changed[i]! ^= 0x01;
      if (verifiesWith(withPayload(printed.jws, changed), keys)) throw new Error(`byte ${i} changed and the receipt still verifies`);
    }
    const body = payloadOf(printed.jws);
    const edits: ((r: TDeletionReceipt) => void)[] = [
      (r) => {
        r.files[0]!.sha256 = sha(Buffer.from('another file'));
      },
      (r) => {
        r.job.deletedAt = new Date(Date.parse(r.job.deletedAt) + 1000).toISOString();
      },
      (r) => {
        r.files[1]!.derived[0]!.deletedAt = '2030-01-01T00:00:00.000Z';
      },
      (r) => {
        const file = r.files[0]!;
        if ('copies' in file) file.copies.original = 0;
      },
    ];
    for (const edit of edits) {
      const copy = structuredClone(body);
      edit(copy);
      const forged = withPayload(printed.jws, Buffer.from(JSON.stringify(copy)));
      expect(verifiesWith(forged, keys)).toBe(false);
      expect(verifyReceipt(forged, keys)).toEqual({ ok: false, reason: 'bad signature' });
    }
    expect(verifyReceipt(printed.jws, keys).ok).toBe(true);
  });

  it('writes exactly one receipt per job, however often the sweep runs', async () => {
    await t.app.services.sweeper.sweep();
    await t.app.services.sweeper.sweep();
    expect(await receiptRows(printed.jobId)).toBe(1);
    expect((await receipt(printed.token)).body).toBe(printed.jws);
  });

  it('answers 404 with the lookup\u2019s message to a guessed token, and another job\u2019s token names only that job', async () => {
    const other = await newJob();
    const guessed = randomBytes(16).toString('base64url');
    for (const token of [guessed, other.token]) {
      const res = await receipt(token);
      expect(res.statusCode).toBe(404);
      expect(json(res)).toMatchObject({ error: NOT_FOUND, code: 'JOB_NOT_FOUND' });
    }
    expect(json(await t.app.inject({ method: 'GET', url: `/api/public/jobs/${guessed}` })).error).toBe(NOT_FOUND);
  });

  it('issues the receipt at once when staff delete the last file for good from the recycle bin', async () => {
    const job = await newJob();
    const [first, second] = await markPrinted(job.jobId);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/recycle/${first}`, headers: owner.auth })).statusCode).toBe(200);
    expect((await receipt(job.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/recycle/${second}`, headers: owner.auth })).statusCode).toBe(200);
    const res = await receipt(job.token);
    expect(res.statusCode).toBe(200);
    expect(payloadOf(res.body).files).toHaveLength(2);
    expect(verifiesWith(res.body, await keySet())).toBe(true);
  });

  it('issues one for a job nobody printed, after the unprinted sweep and the bin', async () => {
    const job = await newJob();
    await db().execute(
      sql`UPDATE jobs SET created_at = ${new Date(clock.now().getTime() - 25 * 60 * MIN).toISOString()} WHERE id = ${job.jobId}`,
    );
    await t.app.services.sweeper.sweep();
    expect((await receipt(job.token)).statusCode).toBe(404);
    await advance(61 * MIN);
    await t.app.services.sweeper.sweep();
    const body = payloadOf((await receipt(job.token)).body);
    expect(body.job.printedAt).toBeNull();
    expect(body.job.cancelledAt).not.toBeNull();
  });

  it('never holds up the purge: a receipt that cannot be written is written by the next sweep', async () => {
    const job = await newJob();
    await markPrinted(job.jobId);
    await advance(61 * MIN);
    await db().execute(sql`ALTER TABLE deletion_receipts RENAME TO deletion_receipts_away`);
    try {
      const swept = await t.app.services.sweeper.sweep();
      expect(swept).toMatchObject({ purgedFiles: 2, receipts: 0 });
    } finally {
      await db().execute(sql`ALTER TABLE deletion_receipts_away RENAME TO deletion_receipts`);
    }
    expect(await blobKeys(t.deps.blobs, `shops/${owner.shop.id}/jobs/${job.jobId}`)).toEqual([]);
    expect((await t.app.services.sweeper.sweep()).receipts).toBe(1);
    expect((await receipt(job.token)).statusCode).toBe(200);
  });

  it('keeps old receipts verifiable after the key rotates: both keys are published', async () => {
    const rotated = await buildApp({ ...t.deps, config: { ...t.deps.config, receiptSigningKey: randomBytes(32).toString('hex') } });
    await rotated.ready();
    try {
      const keys = await keySet(rotated);
      expect(keys.keys).toHaveLength(2);
      const [oldKid, newKid] = [JSON.parse(Buffer.from(printed.jws.split('.')[0]!, 'base64url').toString()).kid, keys.keys[1]!.kid];
      expect(newKid).not.toBe(oldKid);
      expect(verifiesWith((await receipt(printed.token, rotated)).body, keys)).toBe(true);

      const job = await newJob();
      await markPrinted(job.jobId);
      await advance(61 * MIN);
      await rotated.services.sweeper.sweep();
      const fresh = (await receipt(job.token, rotated)).body;
      expect(JSON.parse(Buffer.from(fresh.split('.')[0]!, 'base64url').toString()).kid).toBe(newKid);
      expect(verifiesWith(fresh, keys)).toBe(true);
      // The old key alone does not verify what the new one signed.
      expect(verifiesWith(fresh, { keys: keys.keys.filter((k) => k.kid === oldKid) })).toBe(false);
    } finally {
      await rotated.close();
    }
  });

  it('npm run cli -- verify-receipt checks a saved receipt against a saved key set', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cp-receipt-'));
    const file = path.join(dir, 'receipt.jws');
    const keysFile = path.join(dir, 'keys.json');
    writeFileSync(file, printed.jws);
    writeFileSync(keysFile, JSON.stringify(await keySet()));
    const run = (...args: string[]) =>
      promisify(execFile)('npx', ['tsx', 'src/cli.ts', 'verify-receipt', ...args], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, PUBLIC_BASE_URL: '', DATA_DIR: path.join(dir, 'data') },
      }).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );
    const good = await run(file, '--key', keysFile);
    expect(good.out).toContain(`Receipt verified: job #${printed.number} at Receipt Prints`);
    expect(good.out).toContain('bank form.pdf');
    expect(good.out).toContain('original downloaded 2, converted PDF downloaded 0, print-ready PDFs 0, sent to a printer 0');
    expect(good.code).toBe(0);
    // A receipt signed before copies were counted by kind (version 1) still verifies, with its one count.
    const current = payloadOf(printed.jws);
    const old = {
      ...current,
      version: 1,
      files: current.files.map((f) => {
        const { copies, ...rest } = f as Extract<typeof f, { copies: unknown }>;
        return { ...rest, downloads: copies.original + copies.printReady };
      }),
    };
    const oldFile = path.join(dir, 'old.jws');
    writeFileSync(oldFile, signReceipt(receiptSigningKey(t.deps.config.receiptSigningKey), old));
    const fromOld = await run(oldFile, '--key', keysFile);
    expect(fromOld.out).toContain(`Receipt verified: job #${printed.number} at Receipt Prints`);
    expect(fromOld.out).toContain('downloads 2');
    expect(fromOld.code).toBe(0);
    const tampered = payloadOf(printed.jws);
    tampered.files[0]!.sha256 = sha(Buffer.from('x'));
    writeFileSync(file, withPayload(printed.jws, Buffer.from(JSON.stringify(tampered))));
    const bad = await run(file, '--key', keysFile);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('NOT verified: bad signature');

    // The status page's JSON download, checked against one key saved on its own.
    const saved = path.join(dir, `receipt-job-${printed.number}.json`);
    writeFileSync(saved, JSON.stringify({ jws: printed.jws, payload: payloadOf(printed.jws) }, null, 2));
    const oneKey = path.join(dir, 'key.json');
    writeFileSync(oneKey, JSON.stringify((await keySet()).keys[0]));
    const fromPage = await run(saved, '--key', oneKey);
    expect(fromPage.out).toContain(`Receipt verified: job #${printed.number} at Receipt Prints`);
    expect(fromPage.code).toBe(0);

    // What cannot be used is said plainly, with no stack trace; nothing is written where it runs.
    writeFileSync(path.join(dir, 'notes.txt'), 'hello');
    const notReceipt = await run(path.join(dir, 'nothing.json'), '--key', oneKey);
    expect(notReceipt).toMatchObject({ code: 2 });
    expect(notReceipt.out).toContain('Cannot read the receipt');
    const notKeys = await run(saved, '--key', path.join(dir, 'notes.txt'));
    expect(notKeys).toMatchObject({ code: 2 });
    expect(notKeys.out).toContain('is not JSON');
    expect(notKeys.out).not.toMatch(/\n\s+at /);
    // Without --key or PUBLIC_BASE_URL it says what to give, and makes no DATA_DIR with secrets in it.
    const noKey = await run(saved);
    expect(noKey).toMatchObject({ code: 2, out: expect.stringContaining('--key') });
    expect(readdirSync(dir).sort()).toEqual(
      ['key.json', 'keys.json', 'notes.txt', 'old.jws', `receipt-job-${printed.number}.json`, 'receipt.jws'].sort(),
    );
  }, 60_000);
});

describe('deletion receipts by token, rate limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', env: { RATE_LIMIT: 'on' } });
  });
  afterAll(async () => t?.close());

  it('shares the job lookup\u2019s budget: 240 guesses a minute from one address, then 429', async () => {
    const ip = '203.0.113.9';
    const answers = new Set<number>();
    for (let i = 0; i < 240; i++) {
      const guess = randomBytes(16).toString('base64url');
      answers.add((await t.app.inject({ method: 'GET', url: `/api/public/jobs/${guess}/receipt`, remoteAddress: ip })).statusCode);
    }
    expect(answers).toEqual(new Set([404]));
    const guess = randomBytes(16).toString('base64url');
    expect((await t.app.inject({ method: 'GET', url: `/api/public/jobs/${guess}/receipt`, remoteAddress: ip })).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/jobs/${guess}`, remoteAddress: ip })).statusCode).toBe(429);
  });
});

describe('the receipt signing key', () => {
  const shared = { JWT_SECRET: 'j'.repeat(40), FILE_URL_SECRET: 'f'.repeat(40), FILE_ENCRYPTION_KEY: 'a'.repeat(64) };
  it('is required with DATABASE_URL, as the other secrets are, and generated into DATA_DIR without it', async () => {
    const { loadConfig } = await import('../../config.js');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cp-receipt-config-'));
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@127.0.0.1/db', ...shared })).toThrow(/RECEIPT_SIGNING_KEY/);
    const key = 'b'.repeat(64);
    expect(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@127.0.0.1/db', ...shared, RECEIPT_SIGNING_KEY: key }).receiptSigningKey,
    ).toBe(key);
    const generated = loadConfig({ DATA_DIR: dataDir }).receiptSigningKey;
    expect(generated).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dataDir }).receiptSigningKey, 'kept across restarts').toBe(generated);
  });
});
