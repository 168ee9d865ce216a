import type { AddressInfo } from 'node:net';
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { multipart, ownerWithShop, pdfBytes, upload } from '../../../test/support/fixtures.js';
import { createSecondInstance, createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import type { App } from '../../app.js';

type Received = { action: string; job: { id: string; status: string } };

async function listenOn(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A real @stomp/stompjs client, over SockJS like the web app or over a raw WebSocket like brokerURL users. */
function subscriber(base: string, token: string, shopId: string, transport: 'sockjs' | 'ws' = 'sockjs') {
  const messages: Received[] = [];
  const errors: IFrame[] = [];
  let closed = false;
  const client = new Client({
    webSocketFactory: () =>
      transport === 'sockjs'
        ? new SockJS(`${base}/ws-endpoint`)
        : (new WebSocket(`${base.replace('http', 'ws')}/ws-endpoint/websocket`, ['v12.stomp', 'v11.stomp', 'v10.stomp']) as never),
    connectHeaders: { Authorization: `Bearer ${token}` },
    heartbeatOutgoing: 20_000,
    heartbeatIncoming: 0,
    reconnectDelay: 0,
  });
  const subscribed = new Promise<void>((resolve, reject) => {
    client.onConnect = () => {
      client.subscribe(`/topic/shops/${shopId}/jobs`, (m: IMessage) => messages.push(JSON.parse(m.body)), { receipt: 'sub-1' });
      client.watchForReceipt('sub-1', () => resolve());
    };
    client.onStompError = (f) => {
      errors.push(f);
      reject(new Error(f.headers.message));
    };
    client.onWebSocketClose = () => {
      closed = true;
    };
  });
  client.activate();
  const waitFor = async (pred: (m: Received) => boolean, ms = 1000) => {
    const start = Date.now();
    while (Date.now() - start < ms) {
      const found = messages.find(pred);
      if (found) return { message: found, ms: Date.now() - start };
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no matching message within ${ms} ms; got ${JSON.stringify(messages)}`);
  };
  return { client, messages, errors, subscribed, waitFor, isClosed: () => closed, stop: () => client.deactivate() };
}

describe.each(DATABASE_KINDS)('live print queue over STOMP on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let a: Awaited<ReturnType<typeof ownerWithShop>>;
  let b: Awaited<ReturnType<typeof ownerWithShop>>;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    base = await listenOn(t.app);
    a = await ownerWithShop(t.app, 'live-a@example.com', { shopName: 'Live A' });
    b = await ownerWithShop(t.app, 'live-b@example.com', { shopName: 'Live B' });
  });
  afterAll(async () => t?.close());

  it.each(['sockjs', 'ws'] as const)(
    'announces created within a second of an upload and updated after mark-printed (%s)',
    async (transport) => {
      const sub = subscriber(base, a.token, a.shop.id, transport);
      await sub.subscribed;
      const res = await upload(t.app, a.shop.slug, [{ name: 'files', filename: 'x.pdf', data: await pdfBytes(1) }]);
      const { jobId } = json(res);
      const created = await sub.waitFor((m) => m.action === 'created' && m.job.id === jobId, 1000);
      expect(created.message.job.status).toBe('queued');
      await t.app.inject({ method: 'POST', url: `/api/shops/print-jobs/${jobId}/mark-printed`, headers: a.auth });
      const updated = await sub.waitFor((m) => m.action === 'updated' && m.job.id === jobId && m.job.status === 'done', 1000);
      expect(updated.message.job.status).toBe('done');
      await sub.stop();
    },
  );

  it('announces updated once a document is converted, with its pages and thumbnail', async () => {
    const sub = subscriber(base, a.token, a.shop.id);
    await sub.subscribed;
    const text = Buffer.from('Dear Sir,\nPlease print this letter.\n');
    const res = await upload(t.app, a.shop.slug, [{ name: 'files', filename: 'letter.txt', data: text }]);
    const { jobId } = json(res);
    const created = await sub.waitFor((m) => m.action === 'created' && m.job.id === jobId, 1000);
    expect((created.message.job as unknown as { files: { conversion: string }[] }).files[0]!.conversion).toBe('converting');
    type Prepared = { files: { conversion: string; pages: number | null; thumbnail: boolean }[] };
    const prepared = await sub.waitFor(
      (m) => m.action === 'updated' && m.job.id === jobId && (m.job as unknown as Prepared).files[0]!.conversion === 'converted',
      60_000,
    );
    expect((prepared.message.job as unknown as Prepared).files[0]).toMatchObject({ pages: 1, thumbnail: true });
    await sub.stop();
  }, 90_000);

  it('tells staff live of every change the customer makes on the status page: options, a file added, cancel', async () => {
    const sub = subscriber(base, a.token, a.shop.id);
    await sub.subscribed;
    const res = await upload(t.app, a.shop.slug, [{ name: 'files', filename: 'form.pdf', data: await pdfBytes(1) }]);
    const { jobId, token, files } = json(res) as { jobId: string; token: string; files: { id: string }[] };
    await sub.waitFor((m) => m.action === 'created' && m.job.id === jobId);
    type Live = { files: { options: { copies: number } }[] };
    const live = (m: { job: unknown }) => m.job as Live;
    const mine = (m: Received) => m.action === 'updated' && m.job.id === jobId;

    const options = await t.app.inject({
      method: 'PUT',
      url: `/api/public/jobs/${token}/options`,
      payload: { files: [{ fileId: files[0]!.id, options: { copies: 4 } }] },
    });
    expect(options.statusCode, options.body).toBe(200);
    await sub.waitFor((m) => mine(m) && live(m).files[0]?.options.copies === 4);

    const body = await multipart([{ name: 'files', filename: 'second.pdf', data: await pdfBytes(2, 'second') }]);
    const added = await t.app.inject({ method: 'POST', url: `/api/public/jobs/${token}/files`, ...body });
    expect(added.statusCode, added.body).toBe(201);
    await sub.waitFor((m) => mine(m) && live(m).files.length === 2);

    expect((await t.app.inject({ method: 'POST', url: `/api/public/jobs/${token}/cancel` })).statusCode).toBeLessThan(300);
    await sub.waitFor((m) => m.job.id === jobId && m.job.status === 'cancelled');
    await sub.stop();
  });

  it("refuses a subscription to another shop's topic with an ERROR frame", async () => {
    const sub = subscriber(base, b.token, a.shop.id);
    await expect(sub.subscribed).rejects.toThrow(/Access denied/);
    await sub.stop();
  });

  it('refuses a CONNECT with a bad token', async () => {
    const sub = subscriber(base, 'not-a-token', a.shop.id);
    await expect(sub.subscribed).rejects.toThrow(/Authentication failed/);
    await sub.stop();
  });

  it.runIf(kind === 'postgres')('delivers an upload made through one instance to a subscriber on another', async () => {
    const second = await createSecondInstance(t);
    try {
      const base2 = await listenOn(second.app);
      const sub = subscriber(base2, a.token, a.shop.id);
      await sub.subscribed;
      const res = await upload(t.app, a.shop.slug, [{ name: 'files', filename: 'y.pdf', data: await pdfBytes(1) }]);
      const { jobId } = json(res);
      await sub.waitFor((m) => m.action === 'created' && m.job.id === jobId, 2000);
      await sub.stop();
    } finally {
      await second.close();
    }
  });
});
