import { createPublicKey, verify } from 'node:crypto';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import {
  CUSTOMER_CHANGE_MESSAGES,
  RECEIPT_KEYS_PATH,
  UPI_VPA_MESSAGE,
  upiNote,
  upiPayLink,
  ZPublicJob,
  ZReceiptKeySet,
} from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import type jsQRType from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { blobKeys, multipart, ownerWithShop, type Part, pdfBytes, pngBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp, testClock } from '../../../test/support/harness.js';
import { type Db, queryRows } from '../../db/index.js';
import { STREAMS_PER_JOB } from './watchers.js';

const MIN = 60_000;
const jsQR = createRequire(import.meta.url)('jsqr') as typeof jsQRType.default;

describe.each(DATABASE_KINDS)("the customer's side of a job on %s", (kind) => {
  let t: TestApp;
  const clock = testClock(new Date('2026-12-02T09:00:00Z'));
  let owner: Awaited<ReturnType<typeof ownerWithShop>>;
  const pdf = pdfBytes(3, 'customer side');

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, env: { RATE_LIMIT: 'off' } });
    owner = await ownerWithShop(t.app, 'customer-side@example.com', { shopName: 'Sharma & Sons Prints' });
  });
  afterAll(async () => t?.close());

  const reauth = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'customer-side@example.com', password: 'passw0rd-ok' },
    });
    owner.auth = { authorization: String(res.headers.authorization) };
  };
  const settled = async () => {
    await t.app.services.preparer.idle();
    await t.app.services.pageCounter.idle();
  };
  const newJob = async (parts: Part[] = []) => {
    const res = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'id card.pdf', data: await pdf }, ...parts]);
    expect(res.statusCode, res.body).toBe(201);
    await settled();
    return json(res) as { jobId: string; token: string; number: number; statusUrl: string; files: { id: string }[] };
  };
  const call = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', suffix = '', payload?: object) =>
    t.app.inject({ method, url: `/api/public/jobs/${token}${suffix}`, ...(payload ? { payload } : {}) });
  const status = async (token: string) => {
    const res = await call(token, 'GET');
    expect(res.statusCode, res.body).toBe(200);
    return ZPublicJob.parse(json(res));
  };
  const staffJob = async (jobId: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shops/${owner.shop.id}/print-jobs`, headers: owner.auth });
    return (
      json(res) as {
        id: string;
        printingAt: string | null;
        paymentClaimedAt: string | null;
        statusPath: string | null;
        files: { options: { copies: number } }[];
        estimate: { total: number };
      }[]
    ).find((j) => j.id === jobId)!;
  };
  const expectRefused = (res: { statusCode: number; body: string }, code: keyof typeof CUSTOMER_CHANGE_MESSAGES) => {
    expect(res.statusCode, res.body).toBe(409);
    expect(json(res)).toMatchObject({ code, error: CUSTOMER_CHANGE_MESSAGES[code] });
  };
  const staffPost = (jobId: string, action: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/shops/print-jobs/${jobId}/${action}`, headers: owner.auth, ...(payload ? { payload } : {}) });
  const setUpi = (upiId: string, upiPayeeName = '') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/settings/shop?shopId=${owner.shop.id}`,
      headers: owner.auth,
      payload: { shopName: 'Sharma & Sons Prints', username: 'sharma_sons', upiId, upiPayeeName },
    });

  it('follows a job from upload to a verified receipt: options, printing, printed, purged', async () => {
    await reauth();
    const job = await newJob();
    expect(job.statusUrl).toBe(`/j/${job.token}`);
    let view = await status(job.token);
    expect(view).toMatchObject({ number: job.number, shopName: 'Sharma & Sons Prints', status: 'ready', deletedAt: null });
    expect(view.files).toHaveLength(1);
    expect(view.files[0]).toMatchObject({ name: 'id card.pdf', pages: 3 });
    // Never printed, the files go after a day in the queue and an hour in the bin.
    expect(view.deleteAt).toBe(new Date(clock.now().getTime() + 25 * 60 * MIN).toISOString());
    expect((await staffJob(job.jobId)).statusPath).toBe(job.statusUrl);

    const changed = await call(job.token, 'PUT', '/options', { files: [{ fileId: job.files[0]!.id, options: { copies: 2 } }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json(changed).files[0].options.copies).toBe(2);
    // Staff see the same change, priced the same.
    const staff = await staffJob(job.jobId);
    expect(staff.files[0]!.options.copies).toBe(2);
    expect(staff.estimate.total).toBe(json(changed).estimate.total);
    expect(json(changed).estimate.total).toBe(12);

    // Staff looking at the file, or downloading it, is not printing it: the customer can still change the job.
    const links = json(await t.app.inject({ method: 'GET', url: `/api/shops-action/print-jobs/${job.jobId}/files`, headers: owner.auth }));
    expect((await t.app.inject({ method: 'GET', url: links[0].view })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: links[0].original })).statusCode).toBe(200);
    expect((await staffJob(job.jobId)).printingAt).toBeNull();
    expect((await status(job.token)).status).toBe('ready');
    for (const copies of [3, 2]) {
      const again = await call(job.token, 'PUT', '/options', { files: [{ fileId: job.files[0]!.id, options: { copies } }] });
      expect(again.statusCode, again.body).toBe(200);
      expect((await staffJob(job.jobId)).files[0]!.options.copies).toBe(copies);
    }
    // Print (or Send to printer, Start printing, Mark Printed) starts printing: from then the customer cannot.
    expect((await staffPost(job.jobId, 'printing')).statusCode).toBe(200);
    expect((await staffJob(job.jobId)).printingAt).toBe(clock.now().toISOString());
    expect((await status(job.token)).status).toBe('printing');
    expectRefused(
      await call(job.token, 'PUT', '/options', { files: [{ fileId: job.files[0]!.id, options: { copies: 3 } }] }),
      'JOB_PRINTING',
    );
    expectRefused(await call(job.token, 'POST', '/cancel'), 'JOB_PRINTING');
    expectRefused(await call(job.token, 'DELETE', '/files'), 'JOB_PRINTING');
    expect((await staffJob(job.jobId)).files[0]!.options.copies).toBe(2);

    clock.advance(5 * MIN);
    const printed = await staffPost(job.jobId, 'mark-printed', { amount: 12, paymentMethod: 'upi' });
    expect(printed.statusCode, printed.body).toBe(200);
    view = await status(job.token);
    expect(view.status).toBe('printed');
    expect(view.printedAt).toBe(clock.now().toISOString());
    expect(view.deleteAt).toBe(new Date(clock.now().getTime() + 60 * MIN).toISOString());
    expect(view.payment.recordedMethod).toBe('upi');
    expectRefused(
      await call(job.token, 'PUT', '/options', { files: [{ fileId: job.files[0]!.id, options: { copies: 1 } }] }),
      'JOB_PRINTED',
    );
    expectRefused(await call(job.token, 'POST', '/cancel'), 'JOB_PRINTED');

    clock.advance(61 * MIN);
    await reauth();
    expect((await t.app.services.sweeper.sweep()).receipts).toBe(1);
    view = await status(job.token);
    expect(view).toMatchObject({ status: 'deleted', files: [], deleteAt: null });
    expect(view.deletedAt).toBe(clock.now().toISOString());
    const receipt = await call(job.token, 'GET', '/receipt');
    expect(receipt.statusCode).toBe(200);
    expect(
      verifiesWithPublishedKey(receipt.body, ZReceiptKeySet.parse(json(await t.app.inject({ method: 'GET', url: RECEIPT_KEYS_PATH })))),
    ).toBe(true);
    expectRefused(await call(job.token, 'DELETE', '/files'), 'JOB_DELETED');
  });

  it('"Delete my files now" purges every copy at once, past the recycle bin, with the receipt already written', async () => {
    await reauth();
    const job = await newJob([{ name: 'files', filename: 'photo.png', data: pngBytes(60, 40) }]);
    const copies = await queryRows<{ key: string }>(
      t.deps.database.db as Db,
      sql`SELECT blob_key AS key FROM job_files WHERE job_id = ${job.jobId}
          UNION ALL SELECT d.blob_key FROM file_derivatives d JOIN job_files f ON f.id = d.file_id WHERE f.job_id = ${job.jobId}`,
    );
    // Both originals, the PNG's thumbnail and the PDF's.
    expect(copies.length).toBeGreaterThanOrEqual(4);
    const stored = async () => (await Promise.all(copies.map((c) => t.deps.blobs.stat(c.key)))).filter(Boolean).length;
    expect(await stored()).toBe(copies.length);
    const res = await call(job.token, 'DELETE', '/files');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ status: 'deleted', files: [], deletedAt: clock.now().toISOString() });
    expect(await stored()).toBe(0);
    // Nothing went to the bin: staff cannot bring it back.
    const bin = await t.app.inject({ method: 'GET', url: `/api/recycle?shopId=${owner.shop.id}`, headers: owner.auth });
    expect(JSON.stringify(json(bin))).not.toContain(job.jobId);
    const receipt = await call(job.token, 'GET', '/receipt');
    expect(receipt.statusCode).toBe(200);
    const payload = JSON.parse(Buffer.from(receipt.body.split('.')[1]!, 'base64url').toString());
    expect(payload.files.map((f: { name: string }) => f.name)).toEqual(['id card.pdf', 'photo.png']);
    expect(payload.job.cancelledAt).toBe(clock.now().toISOString());
    // Staff keep the job's number and the fact it was cancelled, nothing of its files.
    expect(await staffJob(job.jobId)).toMatchObject({ status: 'cancelled', files: [] });
  });

  it('adds files to the same job until staff start printing, then refuses and keeps nothing', async () => {
    await reauth();
    const job = await newJob();
    const add = async (parts: Part[]) => {
      const body = await multipart(parts);
      return t.app.inject({ method: 'POST', url: `/api/public/jobs/${job.token}/files`, ...body });
    };
    const res = await add([
      { name: 'files', filename: 'second.pdf', data: await pdfBytes(2, 'second') },
      { name: 'options', value: JSON.stringify([{ copies: 3 }]) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ number: job.number, token: job.token, statusUrl: job.statusUrl, fileCount: 1 });
    await settled();
    const view = await status(job.token);
    expect(view.files.map((f) => [f.name, f.options.copies, f.pages])).toEqual([
      ['id card.pdf', 1, 3],
      ['second.pdf', 3, 2],
    ]);
    // Bad options are refused with nothing stored.
    const keysBefore = await blobKeys(t.deps.blobs, `shops/${owner.shop.id}/`);
    const bad = await add([
      { name: 'files', filename: 'third.pdf', data: await pdfBytes(1, 'third') },
      { name: 'options', value: JSON.stringify([{ paper: 'A0' }]) },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(await blobKeys(t.deps.blobs, `shops/${owner.shop.id}/`)).toEqual(keysBefore);

    // A job holds at most 50 files, however many times files are added.
    const many = await add(Array.from({ length: 49 }, (_, i) => ({ name: 'files', filename: `page-${i}.png`, data: pngBytes(20, 20) })));
    expect(many.statusCode, many.body).toBe(400);
    expect(json(many)).toMatchObject({ code: 'TOO_MANY_FILES' });
    expect(await blobKeys(t.deps.blobs, `shops/${owner.shop.id}/`)).toEqual(keysBefore);

    expect((await staffPost(job.jobId, 'printing')).statusCode).toBe(200);
    const late = await add([{ name: 'files', filename: 'late.pdf', data: await pdfBytes(1, 'late') }]);
    expectRefused(late, 'JOB_PRINTING');
    expect(await blobKeys(t.deps.blobs, `shops/${owner.shop.id}/`)).toEqual(keysBefore);
    expect((await status(job.token)).files).toHaveLength(2);
  });

  it('lets the customer cancel before printing: the job leaves the queue, its files go in the hour the bin keeps them', async () => {
    await reauth();
    const job = await newJob();
    const res = await call(job.token, 'POST', '/cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ status: 'cancelled', deleteAt: new Date(clock.now().getTime() + 60 * MIN).toISOString() });
    const queued = await t.app.inject({ method: 'GET', url: `/api/shops/${owner.shop.id}/print-jobs?status=queued`, headers: owner.auth });
    expect((json(queued) as { id: string }[]).map((j) => j.id)).not.toContain(job.jobId);
    expectRefused(await call(job.token, 'POST', '/cancel'), 'JOB_CANCELLED');
    // Still theirs to delete at once.
    expect((await call(job.token, 'DELETE', '/files')).statusCode).toBe(200);
  });

  it('takes UPI only with the shop\u2019s own ID and an exact price; "I\'ve paid" is a claim staff see, and the QR is the link', async () => {
    await reauth();
    const job = await newJob();
    expectRefused(await call(job.token, 'POST', '/paid'), 'NO_UPI');
    expect((await status(job.token)).payment.upi).toBeNull();

    const bad = await setUpi('not a vpa');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toContain(UPI_VPA_MESSAGE);
    const good = await setUpi('SharmaPrints@OKHDFCBANK');
    expect(good.statusCode, good.body).toBe(200);
    expect(json(good)).toMatchObject({ upiId: 'sharmaprints@okhdfcbank', upiPayeeName: null });

    const view = await status(job.token);
    expect(view.payment).toMatchObject({ upi: { vpa: 'sharmaprints@okhdfcbank', payee: 'Sharma & Sons Prints' }, claimedAt: null });
    expect(view.payment.reference).toMatch(/^CP\d+J[0-9A-F]{10}$/);
    const link = upiPayLink({
      vpa: 'sharmaprints@okhdfcbank',
      payee: 'Sharma & Sons Prints',
      amountPaise: 600,
      reference: view.payment.reference,
      note: upiNote(job.number, 'Sharma & Sons Prints'),
    });
    const qr = await call(job.token, 'GET', '/upi-qr.svg');
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await decodeQr(qr.rawPayload)).toBe(link);

    const paid = await call(job.token, 'POST', '/paid');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(json(paid).payment).toMatchObject({ claimedAt: clock.now().toISOString(), recordedMethod: null });
    expect((await staffJob(job.jobId)).paymentClaimedAt).toBe(clock.now().toISOString());

    // No B&W 4x6 rate on the default card: that file is priced at the counter, so there is no UPI amount.
    const unpriced = await newJob([
      { name: 'options', value: JSON.stringify([{}, { paper: '4x6', color: 'bw' }]) },
      { name: 'files', filename: 'small.pdf', data: await pdfBytes(1, 'small') },
    ]);
    expect((await status(unpriced.token)).estimate.complete).toBe(false);
    expectRefused(await call(unpriced.token, 'POST', '/paid'), 'NOTHING_TO_PAY');
    expect((await call(unpriced.token, 'GET', '/upi-qr.svg')).statusCode).toBe(409);
  });

  it('tells an open status page of every change as it happens, and refuses guessed tokens on every call', async () => {
    await reauth();
    const job = await newJob();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await openStream(`http://127.0.0.1:${port}/api/public/jobs/${job.token}/events`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      expect((await staffPost(job.jobId, 'printing')).statusCode).toBe(200);
      await stream.until((text) => text.includes('event: changed'));
      expect((await status(job.token)).status).toBe('printing');
    } finally {
      stream.close();
    }
    // Left open: closing the app (afterAll) must end it rather than wait the stream's 30 minutes.
    const left = await openStream(`http://127.0.0.1:${port}/api/public/jobs/${job.token}/events`);
    expect(left.status).toBe(200);
    const guessed = 'AAAAAAAAAAAAAAAAAAAAAA';
    for (const [method, suffix] of [
      ['GET', '/events'],
      ['PUT', '/options'],
      ['POST', '/cancel'],
      ['POST', '/paid'],
      ['DELETE', '/files'],
      ['GET', '/upi-qr.svg'],
    ] as const) {
      const body = { files: [{ fileId: '00000000-0000-4000-8000-000000000000', options: {} }] };
      const res = await call(guessed, method, suffix, method === 'PUT' ? body : undefined);
      expect(res.statusCode, `${method} ${suffix}`).toBe(404);
    }
  });

  it("holds a job's status streams at the per-job cap, refusing more with 429, while another job's stream is still taken", async () => {
    const [hot, other] = [await newJob(), await newJob()];
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const events = (token: string) => openStream(`http://127.0.0.1:${port}/api/public/jobs/${token}/events`);
    const open = [];
    try {
      for (let i = 0; i < STREAMS_PER_JOB; i++) open.push(await events(hot.token));
      expect(open.map((s) => s.status)).toEqual(Array(STREAMS_PER_JOB).fill(200));
      const refused = await events(hot.token);
      open.push(refused);
      expect(refused.status).toBe(429);
      await refused.until((text) => text.includes('TOO_MANY_STREAMS'));
      expect(JSON.parse(refused.text())).toEqual({
        error: 'This job is already open in too many places. Close some and reload.',
        code: 'TOO_MANY_STREAMS',
      });
      const elsewhere = await events(other.token);
      open.push(elsewhere);
      expect(elsewhere.status).toBe(200);
    } finally {
      for (const s of open) s.close();
    }
  });
});

/** Verifies a compact JWS with node:crypto alone against the published key set. */
function verifiesWithPublishedKey(jws: string, keys: { keys: { kid: string; x: string }[] }): boolean {
  const [h, p, s] = jws.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(h, 'base64url').toString());
  const jwk = keys.keys.find((k) => k.kid === header.kid);
  if (!jwk) return false;
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  return verify(null, Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'));
}

async function decodeQr(svg: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(svg, { density: 300 }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

/** An event stream read as a browser's EventSource would, with a wait for what it should say. */
function openStream(url: string): Promise<{
  status: number;
  contentType: string;
  until(test: (text: string) => boolean): Promise<void>;
  text(): string;
  close(): void;
}> {
  return new Promise((resolve, reject) => {
    const req = get(url, (res) => {
      let text = '';
      const waiters: (() => void)[] = [];
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
        for (const w of waiters.splice(0)) w();
      });
      resolve({
        status: res.statusCode ?? 0,
        contentType: String(res.headers['content-type']),
        until: (test) =>
          new Promise<void>((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`stream said only: ${text}`)), 5000);
            const check = () => {
              if (test(text)) {
                clearTimeout(timer);
                done();
              } else waiters.push(check);
            };
            check();
          }),
        text: () => text,
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}
