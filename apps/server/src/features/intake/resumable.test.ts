import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ZPublicJob } from '@counterprint/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, pdfBytes } from '../../../test/support/fixtures.js';
import { createSecondInstance, createTestApp, json, type TestApp, testClock } from '../../../test/support/harness.js';
import * as policies from '../../limits/policies.js';

const MIN = 60_000;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const b64 = (s: string) => Buffer.from(s).toString('base64');
/** A PDF of about `size` bytes: a real one, padded with a comment the page counter skips. */
async function pdfOfSize(size: number, marker: string): Promise<Buffer> {
  const pdf = await pdfBytes(2, marker);
  return Buffer.concat([
    pdf,
    Buffer.from('\n%'),
    randomBytes(Math.max(0, size - pdf.length - 3)).map((b) => 0x41 + (b % 26)),
    Buffer.from('\n'),
  ]);
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

describe.each(DATABASE_KINDS)('resumable uploads (tus) on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const clock = testClock(new Date('2026-12-03T09:00:00Z'));
  let shop: { id: string; slug: string };
  let other: { id: string; slug: string };

  beforeAll(async () => {
    // Stalled uploads (resumable-quota.test.ts) would go long before the hour these tests look at.
    t = await createTestApp({ kind, clock, env: { RATE_LIMIT: 'off', UPLOAD_STALL_TIMEOUT: String(2 * 60 * 60) } });
    shop = (await ownerWithShop(t.app, 'tus-owner@example.com', { shopName: 'Resume Prints' })).shop;
    other = (await ownerWithShop(t.app, 'tus-other@example.com', { shopName: 'Other Prints' })).shop;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  const tusHeaders = { 'tus-resumable': '1.0.0' };
  /** One HTTP request on a real socket; `cutAfter` bytes of the body are written, then the connection is dropped. */
  const send = (method: string, url: string, headers: Record<string, string>, body?: Buffer, cutAfter?: number) =>
    new Promise<Answer | 'cut'>((resolve, reject) => {
      const req = request(`${base}${url}`, { method, headers: { ...tusHeaders, ...headers } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', (err) => (cutAfter !== undefined ? resolve('cut') : reject(err)));
      if (!body) return req.end();
      if (cutAfter === undefined) return req.end(body);
      req.write(body.subarray(0, cutAfter));
      setTimeout(() => {
        req.destroy();
        resolve('cut');
      }, 400);
    });
  const answer = async (p: Promise<Answer | 'cut'>) => {
    const a = await p;
    if (a === 'cut') throw new Error('the request was cut');
    return a;
  };
  const create = (slug: string, name: string, size: number, extra: Record<string, string> = {}, body?: Buffer) =>
    answer(
      send(
        'POST',
        `/api/public/shops/${slug}/uploads`,
        { 'upload-length': String(size), 'upload-metadata': `filename ${b64(name)}`, ...extra },
        body,
      ),
    );
  const offsetOf = async (location: string) => {
    const head = await answer(send('HEAD', location, {}));
    expect(head.status).toBe(200);
    return Number(head.headers['upload-offset']);
  };
  const patch = (location: string, offset: number, bytes: Buffer, cutAfter?: number) =>
    send('PATCH', location, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, bytes, cutAfter);
  const sendWhole = async (slug: string, name: string, bytes: Buffer) => {
    const created = await create(slug, name, bytes.length);
    expect(created.status, created.body).toBe(201);
    const location = String(created.headers.location);
    const done = await answer(patch(location, 0, bytes));
    expect(done.status, done.body).toBe(204);
    return location;
  };
  const idOf = (location: string) => location.split('/').pop()!;
  const makeJob = (slug: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/shops/${slug}/jobs`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('resumes a file cut at half from the offset the server kept, and the job holds the very bytes sent', async () => {
    const file = await pdfOfSize(2 * 1024 * 1024, 'resumed');
    const created = await create(shop.slug, 'thesis.pdf', file.length);
    expect(created.status, created.body).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(new RegExp(`^/api/public/shops/${shop.slug}/uploads/[A-Za-z0-9_-]{22}$`));
    expect(created.headers['upload-expires']).toBeTruthy();

    const half = file.length / 2;
    expect(await patch(location, 0, file, half)).toBe('cut');
    const kept = await offsetOf(location);
    // What reached the server before the cut is kept: the phone resends at most what was in flight.
    expect(kept).toBeGreaterThan(half - 256 * 1024);
    expect(kept).toBeLessThanOrEqual(half);

    // A PATCH from a stale offset is refused and changes nothing.
    expect((await answer(patch(location, 0, file.subarray(0, 10)))).status).toBe(409);
    const rest = await answer(patch(location, kept, file.subarray(kept)));
    expect(rest.status, rest.body).toBe(204);
    expect(Number(rest.headers['upload-offset'])).toBe(file.length);
    const resent = half - kept;
    expect(resent).toBeLessThanOrEqual(256 * 1024);

    const job = await makeJob(shop.slug, { uploads: [idOf(location)], name: 'Asha', options: [{ copies: 2 }] });
    expect(job.statusCode, job.body).toBe(201);
    const created2 = json(job) as { jobId: string; token: string; files: { name: string; kind: string }[] };
    expect(created2.files).toEqual([expect.objectContaining({ name: 'thesis.pdf', kind: 'pdf' })]);
    const row = await t.deps.database.db.execute(`SELECT sha256, size FROM job_files WHERE job_id = '${created2.jobId}'` as never);
    const stored = (row as unknown as { rows: { sha256: string; size: number | string }[] }).rows[0]!;
    expect(stored.sha256).toBe(sha(file));
    expect(Number(stored.size)).toBe(file.length);
    const view = ZPublicJob.parse(json(await t.app.inject({ method: 'GET', url: `/api/public/jobs/${created2.token}` })));
    expect(view.files[0]).toMatchObject({ name: 'thesis.pdf', options: expect.objectContaining({ copies: 2 }) });

    // Used once: the same upload makes no second job, and tus no longer knows it.
    const again = await makeJob(shop.slug, { uploads: [idOf(location)] });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('UPLOAD_USED');
    expect((await answer(send('HEAD', location, {}))).status).toBe(404);
  });

  it('answers a HEAD behind two stalled PATCHes at once: one asked to let go before it read a byte keeps nothing and lets go', async () => {
    const file = await pdfOfSize(1024 * 1024, 'two stalled phones');
    const created = await create(shop.slug, 'stalled.pdf', file.length);
    const location = String(created.headers.location);
    /** A PATCH whose phone sends `bytes` of the body and then nothing more, its connection left open. */
    const stalled = (offset: number, bytes: number) => {
      const req = request(`${base}${location}`, {
        method: 'PATCH',
        headers: {
          ...tusHeaders,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(file.length - offset),
        },
      });
      req.on('error', () => {});
      const answered = new Promise<number>((resolve) =>
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }),
      );
      req.write(file.subarray(offset, offset + bytes));
      return { req, answered };
    };
    const first = stalled(0, 100 * 1024);
    await new Promise((r) => setTimeout(r, 300));
    // The phone retries while its first PATCH still hangs on, and asks where the file stands right behind it.
    const second = stalled(100 * 1024, 10 * 1024);
    const started = Date.now();
    const head = await answer(send('HEAD', location, {}));
    expect(head.status, head.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(Number(head.headers['upload-offset'])).toBe(100 * 1024);
    expect(await first.answered).toBe(204);
    expect(await second.answered).toBe(204);
    first.req.destroy();
    second.req.destroy();
    const rest = await answer(patch(location, 100 * 1024, file.subarray(100 * 1024)));
    expect(rest.status, rest.body).toBe(204);
  });

  it('makes a file sent in one piece the job’s own blob, kept when the sweep clears used uploads', async () => {
    const file = await pdfOfSize(400 * 1024, 'one piece');
    const location = await sendWhole(shop.slug, 'whole.pdf', file);
    const job = await makeJob(shop.slug, { uploads: [idOf(location)] });
    expect(job.statusCode, job.body).toBe(201);
    const rows = await t.deps.database.db.execute(`SELECT blob_key, sha256 FROM job_files WHERE job_id = '${json(job).jobId}'` as never);
    const stored = (rows as unknown as { rows: { blob_key: string; sha256: string }[] }).rows[0]!;
    expect(stored.sha256).toBe(sha(file));
    await t.app.services.sweeper.sweep();
    const read = await t.deps.blobs.get(stored.blob_key);
    const chunks: Buffer[] = [];
    for await (const c of read.stream) chunks.push(c as Buffer);
    expect(sha(Buffer.concat(chunks))).toBe(sha(file));
  });

  it('keeps no plaintext of a partial upload in the blob store', async () => {
    const marker = Buffer.from('COUNTERPRINT-PLAINTEXT-MARKER-'.repeat(2000));
    const file = Buffer.concat([await pdfBytes(1, 'plain'), marker]);
    const created = await create(shop.slug, 'secret.pdf', file.length + 1000);
    const location = String(created.headers.location);
    expect((await answer(patch(location, 0, file))).status).toBe(204);
    const needle = marker.subarray(0, 64);
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const p = path.join(dir, entry);
        if (statSync(p).isDirectory()) walk(p);
        else if (readFileSync(p).includes(needle)) found.push(p);
      }
    };
    walk(path.join(t.dataDir, 'blobs'));
    expect(found).toEqual([]);
    expect(await offsetOf(location)).toBe(file.length);
  });

  it('refuses at creation, keeping nothing: too large, unknown shop, a type we do not print, no name', async () => {
    const before = await t.deps.database.db.execute('SELECT count(*)::int AS n FROM resumable_uploads' as never);
    const count = () => (before as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const tooLarge = await create(shop.slug, 'big.pdf', 25 * 1024 * 1024 + 1);
    expect(tooLarge.status).toBe(413);
    const unknown = await create('no-such-shop', 'a.pdf', 100);
    expect(unknown.status).toBe(404);
    // The shop first: a file over 25 MiB at a shop that does not exist is not a question of size.
    const unknownTooLarge = await create('no-such-shop', 'big.pdf', 25 * 1024 * 1024 + 1);
    expect(unknownTooLarge.status).toBe(404);
    const exe = await create(shop.slug, 'setup.exe', 100);
    expect(exe.status).toBe(415);
    expect(JSON.parse(exe.body).error).toMatch(/not allowed|cannot|print/i);
    const nameless = await answer(send('POST', `/api/public/shops/${shop.slug}/uploads`, { 'upload-length': '100' }));
    expect(nameless.status).toBe(400);
    const after = await t.deps.database.db.execute('SELECT count(*)::int AS n FROM resumable_uploads' as never);
    expect((after as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(count());
  });

  it("answers tus's own refusals as every other call does: JSON, with the upload's own message where it has one", async () => {
    const refusal = (a: Answer) => {
      expect(a.headers['content-type'], a.body).toMatch(/^application\/json/);
      expect(a.headers['tus-resumable']).toBe('1.0.0');
      return JSON.parse(a.body) as { code: string; error: string };
    };
    // Said as the form says it, naming the file.
    const tooLarge = await create(shop.slug, 'thesis.pdf', 25 * 1024 * 1024 + 1);
    expect(tooLarge.status).toBe(413);
    expect(refusal(tooLarge)).toEqual({ code: 'FILE_TOO_LARGE', error: 'thesis.pdf exceeds 25MB' });
    const noVersion = await create(shop.slug, 'a.pdf', 100, { 'tus-resumable': '' });
    expect(noVersion.status).toBe(412);
    expect(refusal(noVersion).code).toBe('TUS_VERSION');
    const badLength = await create(shop.slug, 'a.pdf', 100, { 'upload-length': 'lots' });
    expect(badLength.status).toBe(400);
    expect(refusal(badLength)).toEqual({ code: 'UPLOAD_REFUSED', error: 'Invalid upload-length' });
    const noLength = await answer(
      send('POST', `/api/public/shops/${shop.slug}/uploads`, { 'upload-metadata': `filename ${b64('a.pdf')}` }),
    );
    expect(noLength.status).toBe(400);
    expect(refusal(noLength).code).toBe('UPLOAD_LENGTH');
    const badMetadata = await create(shop.slug, 'a.pdf', 100, { 'upload-metadata': 'filename !!!,filename x' });
    expect(badMetadata.status).toBe(400);
    expect(refusal(badMetadata)).toEqual({ code: 'UPLOAD_REFUSED', error: 'Invalid upload-metadata' });
    const gone = await answer(send('DELETE', `/api/public/shops/${shop.slug}/uploads/nosuchupload`, {}));
    expect(gone.status).toBe(404);
    expect(refusal(gone).code).toBe('UPLOAD_NOT_FOUND');
    // What it refused left nothing behind, and a good creation still works.
    expect((await create(shop.slug, 'fine.pdf', 100)).status).toBe(201);
  });

  it('answers a control character or broken escape in the shop of a tus path with 400, as every other route does', async () => {
    for (const slug of ['%00', '%C3%28', '%FF', 'a%0Ab']) {
      const nul = `/api/public/shops/${slug}/uploads`;
      const answers = [
        await create(slug, 'a.pdf', 100),
        await answer(send('HEAD', `${nul}/AAAAAAAAAAAAAAAAAAAAAA`, {})),
        await answer(send('DELETE', `${nul}/AAAAAAAAAAAAAAAAAAAAAA`, {})),
      ];
      // Refused before tus or the database sees them (the control-character check, Fastify's URL check).
      for (const a of answers) expect(a.status, `${slug}: ${a.body}`).toBe(400);
    }
  });

  it('refuses a file whose first bytes are not what its name says, as soon as they arrive, and keeps none of it', async () => {
    const fake = Buffer.concat([Buffer.from('MZ\x90\x00'), randomBytes(100 * 1024)]);
    const created = await create(shop.slug, 'invoice.pdf', fake.length + 50 * 1024);
    const location = String(created.headers.location);
    const refused = await answer(patch(location, 0, fake));
    expect(refused.status).toBe(415);
    expect(JSON.parse(refused.body).error).toMatch(/invoice\.pdf/);
    expect((await answer(send('HEAD', location, {}))).status).toBe(404);
    const left: string[] = [];
    for await (const b of t.deps.blobs.list(`resumable/${shop.id}/${idOf(location)}/`)) left.push(b.key);
    expect(left).toEqual([]);
  });

  it('refuses a wrong file while its phone is still sending it: the answer does not wait for the rest of the PATCH', async () => {
    const fake = Buffer.concat([Buffer.from('MZ\x90\x00'), randomBytes(5 * 1024 * 1024)]);
    const created = await create(shop.slug, 'poster.pdf', fake.length);
    const location = String(created.headers.location);
    // The whole file declared in one PATCH, as the shop page sends it; only its first 128 KiB come.
    const req = request(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...tusHeaders,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(fake.length),
      },
    });
    req.on('error', () => {});
    const answered = new Promise<Answer>((resolve) =>
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      }),
    );
    req.write(fake.subarray(0, 128 * 1024));
    const waited = new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), 5000));
    const refused = await Promise.race([answered, waited]);
    req.destroy();
    expect(refused).not.toBe('no answer');
    expect((refused as Answer).status).toBe(415);
    expect(JSON.parse((refused as Answer).body)).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      error: expect.stringMatching(/poster\.pdf/),
    });
    expect((await answer(send('HEAD', location, {}))).status).toBe(404);
    const left: string[] = [];
    for await (const b of t.deps.blobs.list(`resumable/${shop.id}/${idOf(location)}/`)) left.push(b.key);
    expect(left).toEqual([]);
  });

  it('judges the first bytes across a cut: a PATCH that continues inside them is refused with what came before', async () => {
    const fake = Buffer.concat([Buffer.from('MZ\x90\x00'), randomBytes(300 * 1024)]);
    const created = await create(shop.slug, 'poster.pdf', fake.length);
    const location = String(created.headers.location);
    // A first PATCH that got 1,000 bytes through: too few to judge, kept as a resume point.
    expect((await answer(patch(location, 0, fake.subarray(0, 1000)))).status).toBe(204);
    const rest = await answer(patch(location, 1000, fake.subarray(1000)));
    expect(rest.status, rest.body).toBe(415);
    expect(JSON.parse(rest.body)).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', error: expect.stringMatching(/poster\.pdf/) });
    expect((await answer(send('HEAD', location, {}))).status).toBe(404);
    const left: string[] = [];
    for await (const b of t.deps.blobs.list(`resumable/${shop.id}/${idOf(location)}/`)) left.push(b.key);
    expect(left).toEqual([]);
  });

  it('reads back only a few earlier pieces to judge a head: a byte-a-PATCH client cannot make every PATCH read all before it', async () => {
    const good = Buffer.concat([await pdfBytes(1, 'a hundred bytes a PATCH'), randomBytes(4000)]);
    const created = await create(shop.slug, 'drip.pdf', good.length);
    const location = String(created.headers.location);
    const reads = vi.spyOn(t.deps.blobs, 'get');
    try {
      for (let at = 0; at < 2000; at += 100) {
        const r = await answer(patch(location, at, good.subarray(at, at + 100)));
        expect(r.status, r.body).toBe(204);
      }
      // 20 PATCHes: the 2nd to the 5th read the 1 to 4 pieces before them; the rest read none.
      expect(reads.mock.calls.length).toBeLessThanOrEqual(1 + 2 + 3 + 4);
    } finally {
      reads.mockRestore();
    }
  });

  it('takes a good file sent in pieces smaller than its first 64 KiB, whole', async () => {
    const good = Buffer.concat([await pdfBytes(1, 'sent in pieces'), randomBytes(200 * 1024)]);
    const created = await create(shop.slug, 'pieces.pdf', good.length);
    const location = String(created.headers.location);
    for (const [from, to] of [
      [0, 500],
      [500, 20_000],
      [20_000, good.length],
    ] as const) {
      const r = await answer(patch(location, from, good.subarray(from, to)));
      expect(r.status, r.body).toBe(204);
    }
    expect(await offsetOf(location)).toBe(good.length);
  });

  it('refuses the same file sent with its creation, as the shop page sends it, and keeps none of it', async () => {
    const fake = Buffer.concat([Buffer.from('MZ\x90\x00'), randomBytes(100 * 1024)]);
    const uploads = async () =>
      (
        (await t.deps.database.db.execute('SELECT count(*)::int AS n FROM resumable_uploads' as never)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const before = await uploads();
    const refused = await create(shop.slug, 'invoice.pdf', fake.length, { 'content-type': 'application/offset+octet-stream' }, fake);
    expect(refused.status).toBe(415);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', error: expect.stringMatching(/invoice\.pdf/) });
    expect(await uploads()).toBe(before);
  });

  it('refuses a job of unfinished, unknown, another shop\u2019s or repeated uploads, and continues an upload only at its own shop', async () => {
    const file = await pdfOfSize(300 * 1024, 'refusals');
    const unfinished = await create(shop.slug, 'half.pdf', file.length);
    const halfLocation = String(unfinished.headers.location);
    expect((await answer(patch(halfLocation, 0, file.subarray(0, 1000)))).status).toBe(204);
    const halfJob = await makeJob(shop.slug, { uploads: [idOf(halfLocation)] });
    expect(halfJob.statusCode).toBe(409);
    expect(json(halfJob)).toMatchObject({
      code: 'UPLOAD_INCOMPLETE_FILE',
      error: 'half.pdf has not finished sending. Wait for it, or send it again.',
    });

    expect((await makeJob(shop.slug, { uploads: ['NoSuchUploadAtAll0000'] })).statusCode).toBe(400);
    const theirs = await sendWhole(other.slug, 'theirs.pdf', file);
    const foreign = await makeJob(shop.slug, { uploads: [idOf(theirs)] });
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign).code).toBe('UNKNOWN_UPLOAD');
    // Another shop's slug in the path reaches nothing of this upload.
    const wrongShop = `/api/public/shops/${shop.slug}/uploads/${idOf(theirs)}`;
    expect((await answer(send('HEAD', wrongShop, {}))).status).toBe(404);
    expect((await answer(send('DELETE', wrongShop, {}))).status).toBe(404);
    const noShop = `/api/public/shops/no-such-shop/uploads/${idOf(theirs)}`;
    expect((await answer(send('HEAD', noShop, {}))).status).toBe(404);
    expect((await answer(patch(noShop, 0, file.subarray(0, 10)))).status).toBe(404);
    expect((await makeJob(shop.slug, { uploads: [] })).statusCode).toBe(400);
    const jobs = await t.deps.database.db.execute(`SELECT count(*)::int AS n FROM jobs WHERE shop_id = '${other.id}'` as never);
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('answers a PATCH as tus 1.0 says: its version on every answer, 412, 415, 400, 404 and 410 for what is wrong, Upload-Expires until the file is whole', async () => {
    const file = await pdfOfSize(200 * 1024, 'protocol');
    const location = String((await create(shop.slug, 'protocol.pdf', file.length)).headers.location);
    const first = await answer(patch(location, 0, file.subarray(0, 100 * 1024)));
    expect(first.status, first.body).toBe(204);
    expect(first.headers).toMatchObject({ 'tus-resumable': '1.0.0', 'upload-offset': String(100 * 1024) });
    expect(new Date(String(first.headers['upload-expires'])).getTime()).toBe(clock.now().getTime() + 60 * MIN);

    const bare = (headers: Record<string, string>) =>
      new Promise<Answer>((resolve, reject) => {
        const req = request(`${base}${location}`, { method: 'PATCH', headers }, (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        });
        req.on('error', reject);
        req.end(Buffer.alloc(10));
      });
    const octets = { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(100 * 1024) };
    const noVersion = await bare(octets);
    expect(noVersion.status).toBe(412);
    expect(noVersion.headers['tus-resumable']).toBe('1.0.0');
    expect((await bare({ ...tusHeaders, ...octets, 'content-type': 'application/octet-stream' })).status).toBe(415);
    expect((await bare({ ...tusHeaders, ...octets, 'upload-offset': '-1' })).status).toBe(400);
    expect((await bare({ ...tusHeaders, 'content-type': 'application/offset+octet-stream' })).status).toBe(400);
    const gone = await answer(send('PATCH', `/api/public/shops/${shop.slug}/uploads/NoSuchUploadAtAll0000`, octets, Buffer.alloc(10)));
    expect(gone.status).toBe(404);
    expect(json({ body: gone.body } as never)).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
    // None of them moved the file.
    expect(await offsetOf(location)).toBe(100 * 1024);

    const last = await answer(patch(location, 100 * 1024, file.subarray(100 * 1024)));
    expect(last.status).toBe(204);
    expect(last.headers['upload-expires']).toBeUndefined();

    const late = String((await create(shop.slug, 'late.pdf', file.length)).headers.location);
    clock.advance(61 * MIN);
    try {
      expect((await answer(patch(late, 0, file))).status).toBe(410);
    } finally {
      clock.advance(-61 * MIN);
    }
  });

  it('takes the first bytes inside the creation request, and ends an upload with DELETE, its bytes with it', async () => {
    const file = await pdfOfSize(300 * 1024, 'with creation');
    const head = file.subarray(0, 100 * 1024);
    const created = await answer(
      send(
        'POST',
        `/api/public/shops/${shop.slug}/uploads`,
        {
          'upload-length': String(file.length),
          'upload-metadata': `filename ${b64('flyer.pdf')}`,
          'content-type': 'application/offset+octet-stream',
        },
        head,
      ),
    );
    expect(created.status, created.body).toBe(201);
    expect(Number(created.headers['upload-offset'])).toBe(head.length);
    const location = String(created.headers.location);
    expect(await offsetOf(location)).toBe(head.length);
    const segments = async () => {
      const found: string[] = [];
      for await (const b of t.deps.blobs.list(`resumable/${shop.id}/${idOf(location)}/`)) found.push(b.key);
      return found;
    };
    expect(await segments()).toHaveLength(1);
    const ended = await answer(send('DELETE', location, {}));
    expect(ended.status).toBe(204);
    expect(await segments()).toEqual([]);
    expect((await answer(send('HEAD', location, {}))).status).toBe(404);
    expect((await makeJob(shop.slug, { uploads: [idOf(location)] })).statusCode).toBe(400);
  });

  it('checks a text file again as a whole when the job is made: HTML past its first bytes is refused, and no job is made', async () => {
    const clean = Buffer.from('name,copies\n'.concat('Asha,2\n'.repeat(20_000)));
    const csv = Buffer.concat([clean, Buffer.from('<script>alert(1)</script>\n')]);
    const location = await sendWhole(shop.slug, 'orders.csv', csv);
    const job = await makeJob(shop.slug, { uploads: [idOf(location)] });
    expect(job.statusCode, job.body).toBe(415);
    const jobs = await t.deps.database.db.execute(`SELECT count(*)::int AS n FROM job_files WHERE original_name = 'orders.csv'` as never);
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it.runIf(kind === 'postgres')('finishes one file PATCHed first to one instance and then to another', async () => {
    const second = await createSecondInstance(t);
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const otherBase = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
      const file = await pdfOfSize(600 * 1024, 'two instances');
      const created = await create(shop.slug, 'moved.pdf', file.length);
      const location = String(created.headers.location);
      const half = 300 * 1024;
      expect((await answer(patch(location, 0, file.subarray(0, half)))).status).toBe(204);
      const onB = await new Promise<number>((resolve, reject) => {
        const req = request(`${otherBase}${location}`, {
          method: 'PATCH',
          headers: { ...tusHeaders, 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(file.subarray(half));
      });
      expect(onB).toBe(204);
      const job = await makeJob(shop.slug, { uploads: [idOf(location)] });
      expect(job.statusCode, job.body).toBe(201);
      const rows = await t.deps.database.db.execute(`SELECT sha256 FROM job_files WHERE job_id = '${json(job).jobId}'` as never);
      expect((rows as unknown as { rows: { sha256: string }[] }).rows[0]!.sha256).toBe(sha(file));
    } finally {
      await second.close();
    }
  });

  it('deletes an upload nobody finished an hour after it began, with its bytes', async () => {
    const file = await pdfOfSize(100 * 1024, 'expires');
    const created = await create(shop.slug, 'left.pdf', file.length);
    const location = String(created.headers.location);
    expect((await answer(patch(location, 0, file.subarray(0, 5000)))).status).toBe(204);
    const keys = async () => {
      const found: string[] = [];
      for await (const b of t.deps.blobs.list(`resumable/${shop.id}/${idOf(location)}/`)) found.push(b.key);
      return found;
    };
    expect(await keys()).toHaveLength(1);
    clock.advance(59 * MIN);
    await t.app.services.sweeper.sweep();
    expect(await keys()).toHaveLength(1);
    clock.advance(2 * MIN);
    expect((await t.app.services.sweeper.sweep()).resumable).toBeGreaterThanOrEqual(1);
    expect(await keys()).toEqual([]);
    expect((await answer(send('HEAD', location, {}))).status).toBe(404);
  });
});

describe('resumable uploads at a shop near its limits', () => {
  let t: TestApp;
  let shop: { id: string; slug: string };
  beforeAll(async () => {
    // 1 MiB for the shop, all of it this address's to use: the shop's quota is what refuses.
    t = await createTestApp({ kind: 'pglite', env: { SHOP_STORAGE_QUOTA: String(1024 * 1024), ADDRESS_STORAGE_SHARE: '1' } });
    shop = (await ownerWithShop(t.app, 'tus-full@example.com', { shopName: 'Full Prints' })).shop;
  });
  afterAll(async () => t?.close());

  const create = (name: string, size: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/shops/${shop.slug}/uploads`,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': `filename ${b64(name)}` },
    });
  const uploads = async () =>
    (
      (await t.deps.database.db.execute(
        `SELECT count(*)::int AS n FROM resumable_uploads WHERE shop_id = '${shop.id}'` as never,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;

  it("counts the bytes files being sent received in the shop's quota, and refuses one more at creation with the upload's message", async () => {
    const first = await pdfOfSize(700 * 1024, 'first');
    const created = await create('first.pdf', first.length);
    expect(created.statusCode).toBe(201);
    const sent = await t.app.inject({
      method: 'PATCH',
      url: String(created.headers.location),
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: first,
    });
    expect(sent.statusCode).toBe(204);
    const refused = await create('second.pdf', 400 * 1024);
    expect(refused.statusCode).toBe(507);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'STORAGE_FULL', error: "This shop's storage is full" });
    expect(await uploads()).toBe(1);
  });

  it('refuses a file begun past the limit of files an hour from one address, at creation, keeping nothing', async () => {
    // The test client's address has begun its 600 files this hour (policies.resumableFile).
    const limit = policies.resumableFile('127.0.0.1', shop.id);
    let hits = 0;
    for (; hits < 600; hits++) await t.app.services.limiter.hit(...limit).catch(() => (hits = 600));
    const before = await uploads();
    const refused = await create('one-more.pdf', 1000);
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body).code).toBe('RATE_LIMITED');
    expect(await uploads()).toBe(before);
  });
});
