import { createHash } from 'node:crypto';
import http from 'node:http';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Client, type IMessage } from '@stomp/stompjs';
import { sql } from 'drizzle-orm';
import SockJS from 'sockjs-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { queryRows } from '../../src/db/index.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { multipart, pdfBytes, shopJson } from '../support/fixtures.js';
import { startLocalS3 } from '../support/local-s3.js';
import { startNginx } from '../support/nginx.js';
import { type ServerProcess, sharedSecrets, startServerProcess } from '../support/processes.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const BUCKET = 'counterprint-scale';

/**
 * Two server processes on one PostgreSQL database and one S3-compatible store, as
 * behind a load balancer. Needs TEST_DATABASE_URL (.ci/run sets it).
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('two instances on PostgreSQL and S3', () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  let pg: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let shop: { id: string; slug: string };
  let bearer: string;
  const removed: string[] = [];

  beforeAll(async () => {
    s3 = await startLocalS3();
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    client.destroy();
    (s3.server as unknown as { on(e: string, f: (ev: unknown) => void): void }).on('event', (ev) => {
      const rec = (ev as { Records?: { eventName: string; s3: { object: { key: string } } }[] }).Records?.[0];
      if (rec?.eventName.startsWith('ObjectRemoved')) removed.push(rec.s3.object.key);
    });
    pg = await createTestDatabase('postgres');
    const env = {
      DATABASE_URL: pg.url!,
      ...sharedSecrets(),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      RECYCLE_RETENTION: '2',
      // As deploy/env.example: behind the shipped nginx, one trusted hop.
      TRUST_PROXY: 'true',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const up = await fetch(`${a.base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Chain Owner', email: 'chain@example.com', password: 'passw0rd-ok' }),
    });
    const { onboardingToken } = (await up.json()) as { onboardingToken: string };
    const body = await multipart([{ name: 'shop', value: shopJson({ shopName: 'Chain Store' }) }]);
    const created = await fetch(`${b.base}/api/public/onboarding-shops/create`, {
      method: 'POST',
      headers: { ...body.headers, 'x-onboarding-token': onboardingToken },
      body: new Uint8Array(body.payload),
    });
    shop = (await created.json()) as { id: string; slug: string };
    const signin = await fetch(`${b.base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'chain@example.com', password: 'passw0rd-ok' }),
    });
    bearer = signin.headers.get('authorization')!;
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await pg?.drop();
    await s3?.close();
  });

  const uploadTo = async (server: ServerProcess, data: Buffer, name = 'doc.pdf') => {
    const body = await multipart([{ name: 'files', filename: name, data }]);
    const res = await fetch(`${server.base}/api/public/shops/${shop.slug}/jobs`, {
      method: 'POST',
      headers: body.headers,
      body: new Uint8Array(body.payload),
    });
    return { status: res.status, body: (await res.json()) as { jobId: string } };
  };

  const tus = { 'tus-resumable': '1.0.0' };
  /** The job call on `server` for the one finished upload at `location`. */
  const makeJob = (server: ServerProcess, location: string) =>
    fetch(`${server.base}/api/public/shops/${shop.slug}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uploads: [location.split('/').pop()] }),
    });
  /** Sends the rest of `pdf`, from `from`, to the upload at `location` through `base`; makes its job on `server`; A serves it back whole. */
  const finishAndCheck = async (base: string, location: string, pdf: Buffer, from: number, server: ServerProcess) => {
    const rest = await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': String(from), 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(pdf.subarray(from)),
    });
    expect(rest.status).toBe(204);
    const job = await makeJob(server, location);
    expect(job.status).toBe(201);
    const { jobId } = (await job.json()) as { jobId: string };
    const urls = (await (
      await fetch(`${a.base}/api/shops-action/print-jobs/${jobId}/signed-urls`, { headers: { authorization: bearer } })
    ).json()) as string[];
    expect(sha(Buffer.from(await (await fetch(`${a.base}${urls[0]}`)).arrayBuffer()))).toBe(sha(pdf));
  };
  /** A tus upload of `length` bytes named `name`, begun on `server`. */
  const beginTus = (server: ServerProcess, name: string, length: number) =>
    fetch(`${server.base}/api/public/shops/${shop.slug}/uploads`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(length), 'upload-metadata': `filename ${Buffer.from(name).toString('base64')}` },
    });

  it('announces an upload through A to a STOMP subscriber on B', async () => {
    const got: { action: string; job: { id: string } }[] = [];
    const client = new Client({
      webSocketFactory: () => new WebSocket(`${b.base.replace('http', 'ws')}/ws-endpoint/websocket`, ['v12.stomp']) as never,
      connectHeaders: { Authorization: bearer },
      reconnectDelay: 0,
    });
    await new Promise<void>((resolve, reject) => {
      client.onConnect = () => {
        client.subscribe(`/topic/shops/${shop.id}/jobs`, (m: IMessage) => got.push(JSON.parse(m.body)), { receipt: 'r1' });
        client.watchForReceipt('r1', () => resolve());
      };
      client.onStompError = (f) => reject(new Error(f.headers.message));
      client.activate();
    });
    const { status, body } = await uploadTo(a, await pdfBytes(1));
    expect(status).toBe(201);
    const deadline = Date.now() + 3000;
    while (!got.some((m) => m.job.id === body.jobId) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await client.deactivate();
    expect(got.filter((m) => m.job.id === body.jobId && m.action === 'created')).toHaveLength(1);
  });

  it('continues a tus upload begun on A on B, its segments in S3, and makes one job of it there', async () => {
    const pdf = Buffer.concat([await pdfBytes(3, 'resumed across instances'), Buffer.from(`\n%${'x'.repeat(700 * 1024)}\n`)]);
    const created = await beginTus(a, 'thesis.pdf', pdf.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const patch = (server: ServerProcess, from: number, to: number) =>
      fetch(`${server.base}${location}`, {
        method: 'PATCH',
        headers: { ...tus, 'upload-offset': String(from), 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(pdf.subarray(from, to)),
      });
    const half = 400 * 1024;
    expect((await patch(a, 0, half)).status).toBe(204);
    const head = await fetch(`${b.base}${location}`, { method: 'HEAD', headers: tus });
    expect(head.headers.get('upload-offset')).toBe(String(half));
    // A stale offset on either instance changes nothing.
    expect((await patch(a, 0, 10)).status).toBe(409);
    expect((await patch(b, half, pdf.length)).status).toBe(204);
    const job = await makeJob(b, location);
    expect(job.status).toBe(201);
    const { jobId } = (await job.json()) as { jobId: string };
    const again = await makeJob(a, location);
    expect(again.status).toBe(409);
    const urls = (await (
      await fetch(`${a.base}/api/shops-action/print-jobs/${jobId}/signed-urls`, { headers: { authorization: bearer } })
    ).json()) as string[];
    expect(sha(Buffer.from(await (await fetch(`${a.base}${urls[0]}`)).arrayBuffer()))).toBe(sha(pdf));
  });

  it('answers a HEAD on B with the bytes a PATCH still open on A got: B asks A to stop and keep them (advisory lock)', async () => {
    const pdf = Buffer.concat([await pdfBytes(2, 'handed over mid-PATCH'), Buffer.from(`\n%${'y'.repeat(900 * 1024)}\n`)]);
    const created = await beginTus(a, 'handover.pdf', pdf.length);
    const location = created.headers.get('location')!;
    // The phone's connection to A stalls after half the file: A's PATCH is still waiting for the rest.
    const half = 450 * 1024;
    const stalled = http.request(`${a.base}${location}`, {
      method: 'PATCH',
      headers: {
        ...tus,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(pdf.length),
      },
    });
    const answeredA = new Promise<{ status: number; offset: string | undefined }>((resolve) =>
      stalled.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, offset: res.headers['upload-offset'] as string | undefined });
      }),
    );
    stalled.on('error', () => {});
    await new Promise<void>((resolve) => stalled.write(pdf.subarray(0, half), () => resolve()));
    await new Promise((r) => setTimeout(r, 500));
    // It reconnects through the load balancer to B, which asks where the file stands.
    const head = await fetch(`${b.base}${location}`, { method: 'HEAD', headers: tus });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(await answeredA).toEqual({ status: 204, offset: String(half) });
    stalled.destroy();
    await finishAndCheck(b.base, location, pdf, half, b);
  });

  it('downloads through B a signed URL made by A', async () => {
    const pdf = await pdfBytes(2, 'signed across instances');
    const { body } = await uploadTo(a, pdf);
    const urls = (await (
      await fetch(`${a.base}/api/shops-action/print-jobs/${body.jobId}/signed-urls`, { headers: { authorization: bearer } })
    ).json()) as string[];
    const res = await fetch(`${b.base}${urls[0]}`);
    expect(res.status).toBe(200);
    expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sha(pdf));
  });

  it('deletes each expired blob exactly once although both sweepers run', async () => {
    const jobIds: string[] = [];
    for (let i = 0; i < 6; i++) jobIds.push((await uploadTo(i % 2 ? a : b, await pdfBytes(1, `sweep ${i}`))).body.jobId);
    for (const [i, id] of jobIds.entries()) {
      const res = await fetch(`${(i % 2 ? b : a).base}/api/shops/print-jobs/${id}/mark-printed`, {
        method: 'POST',
        headers: { authorization: bearer },
      });
      expect(res.status).toBe(200);
    }
    const keys = await queryRows<{ blob_key: string }>(
      pg.database.db,
      sql`SELECT blob_key FROM job_files WHERE job_id IN (${sql.join(
        jobIds.map((j) => sql`${j}`),
        sql`, `,
      )})`,
    );
    // RECYCLE_RETENTION is 2 s; each instance sweeps every 10 s. A row is marked purged
    // before its blob is deleted, so wait for the deletions themselves.
    const deleted = () => keys.every(({ blob_key }) => removed.includes(blob_key));
    const deadline = Date.now() + 40_000;
    while (!deleted() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    // Give a second sweeper time to (wrongly) delete again before counting.
    await new Promise((r) => setTimeout(r, 2000));
    for (const { blob_key } of keys)
      expect(
        removed.filter((k) => k === blob_key),
        blob_key,
      ).toHaveLength(1);
    const purged = await queryRows<{ n: number }>(
      pg.database.db,
      sql`SELECT count(*)::int AS n FROM job_files WHERE state = 'purged' AND job_id IN (${sql.join(
        jobIds.map((j) => sql`${j}`),
        sql`, `,
      )})`,
    );
    expect(purged[0]?.n).toBe(keys.length);
  }, 90_000);

  it('holds rate limits across both instances', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await fetch(`${(i % 2 ? a : b).base}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'victim@example.com', password: 'wrong-guess1' }),
      });
      codes.push(res.status);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('meets the sign-in limit behind the shipped nginx config, however the client rotates X-Forwarded-For', async () => {
    const proxy = await startNginx([a.port, b.port]);
    try {
      const codes: number[] = [];
      for (let i = 1; i <= 11; i++) {
        const res = await fetch(`${proxy.base}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}, 203.0.113.${i}` },
          body: JSON.stringify({ email: 'rotated@example.com', password: 'wrong-guess1' }),
        });
        codes.push(res.status);
        if (res.status === 429) expect(((await res.json()) as { code: string }).code).toBe('RATE_LIMITED');
      }
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(codes[10]).toBe(429);
    } finally {
      await proxy.stop();
    }
  });

  it('works behind the shipped nginx config: a streamed upload and SockJS realtime through the proxy', async () => {
    const proxy = await startNginx([a.port, b.port]);
    try {
      const got: string[] = [];
      const client = new Client({
        webSocketFactory: () => new SockJS(`${proxy.base}/ws-endpoint`, null, { transports: ['xhr-streaming'] }),
        connectHeaders: { Authorization: bearer },
        reconnectDelay: 0,
      });
      await new Promise<void>((resolve, reject) => {
        client.onConnect = () => {
          client.subscribe(`/topic/shops/${shop.id}/jobs`, (m: IMessage) => got.push(JSON.parse(m.body).job.id), { receipt: 'n1' });
          client.watchForReceipt('n1', () => resolve());
        };
        client.onStompError = (f) => reject(new Error(f.headers.message));
        client.activate();
      });
      const big = Buffer.concat([await pdfBytes(1, 'through nginx'), Buffer.alloc(20 * 1024 * 1024, 32)]);
      const { status, body } = await uploadTo({ ...a, base: proxy.base }, big);
      expect(status).toBe(201);
      const deadline = Date.now() + 3000;
      while (!got.includes(body.jobId) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await client.deactivate();
      expect(got).toContain(body.jobId);
      const urls = (await (
        await fetch(`${proxy.base}/api/shops-action/print-jobs/${body.jobId}/signed-urls`, { headers: { authorization: bearer } })
      ).json()) as string[];
      const ranged = await fetch(`${proxy.base}${urls[0]}`, { headers: { range: 'bytes=0-4' } });
      expect(ranged.status).toBe(206);
      expect(await ranged.text()).toBe('%PDF-');
    } finally {
      await proxy.stop();
    }
  });

  it('streams a tus PATCH through the shipped nginx config: bytes of one stalled half-way are at the app, and the rest completes the file', async () => {
    const proxy = await startNginx([a.port, b.port]);
    try {
      const pdf = Buffer.concat([await pdfBytes(2, 'one PATCH through nginx'), Buffer.from(`\n%${'z'.repeat(4 * 1024 * 1024)}\n`)]);
      const created = await fetch(`${proxy.base}/api/public/shops/${shop.slug}/uploads`, {
        method: 'POST',
        headers: {
          ...tus,
          'upload-length': String(pdf.length),
          'upload-metadata': `filename ${Buffer.from('poster.pdf').toString('base64')}`,
        },
      });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      // The whole file in one PATCH, as the shop page sends it; the phone loses signal after 2 MiB.
      const half = 2 * 1024 * 1024;
      const stalled = http.request(`${proxy.base}${location}`, {
        method: 'PATCH',
        headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(pdf.length) },
      });
      const answered = new Promise<number>((resolve) => {
        stalled.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        stalled.on('error', () => resolve(0));
      });
      await new Promise<void>((resolve) => stalled.write(pdf.subarray(0, half), () => resolve()));
      await new Promise((r) => setTimeout(r, 500));
      // Buffered by the proxy, none of it would have reached either instance: the HEAD would answer 0.
      const head = await fetch(`${proxy.base}${location}`, { method: 'HEAD', headers: tus });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(half));
      stalled.destroy();
      expect([0, 204]).toContain(await answered);
      await finishAndCheck(proxy.base, location, pdf, half, a);
    } finally {
      await proxy.stop();
    }
  });

  it('loses nothing acknowledged when A is killed, and B keeps serving', async () => {
    const pdf = await pdfBytes(1, 'before the crash');
    const { status, body } = await uploadTo(a, pdf);
    expect(status).toBe(201);
    await a.stop('SIGKILL');
    const urls = (await (
      await fetch(`${b.base}/api/shops-action/print-jobs/${body.jobId}/signed-urls`, { headers: { authorization: bearer } })
    ).json()) as string[];
    const res = await fetch(`${b.base}${urls[0]}`);
    expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sha(pdf));
    expect((await uploadTo(b, await pdfBytes(1))).status).toBe(201);
  });
});
