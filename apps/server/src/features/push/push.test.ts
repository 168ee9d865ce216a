import { statSync } from 'node:fs';
import path from 'node:path';
import { PUSH_MESSAGES, ZPushJobMessage } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, type Part, pdfBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, signIn, type TestApp, testClock } from '../../../test/support/harness.js';
import { type Device, decryptPush, type LocalPushService, startPushService } from '../../../test/support/push-service.js';
import { queryRows } from '../../db/index.js';
import { DEVICES_PER_USER_AND_SHOP } from './repo.js';
import { PUSH_TTL_SECONDS } from './service.js';

type Owner = Awaited<ReturnType<typeof ownerWithShop>>;

describe.each(DATABASE_KINDS)('Web Push of new jobs to staff devices on %s', (kind) => {
  let t: TestApp;
  let push: LocalPushService;
  let a: Owner;
  let b: Owner;
  const clock = testClock(new Date('2026-12-03T09:00:00Z'));
  const pdf = pdfBytes(1, 'push');

  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp({ kind, clock, env: { RATE_LIMIT: 'off', PUSH_LOCAL_ENDPOINTS: 'on' } });
    a = await ownerWithShop(t.app, 'push-a@example.com', { shopName: 'Asha Prints' });
    b = await ownerWithShop(t.app, 'push-b@example.com', { shopName: 'Bharat Xerox' });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });
  beforeEach(async () => {
    push.received.length = 0;
    await t.deps.database.db.execute(sql`DELETE FROM push_subscriptions`);
  });

  const subscribe = (owner: Owner, shopId: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/shops/${shopId}/push-subscriptions`, headers: owner.auth, payload: body as object });
  const subscribed = async (owner: Owner, device: Device = push.newDevice()) => {
    const res = await subscribe(owner, owner.shop.id, device.subscription);
    expect(res.statusCode, res.body).toBe(200);
    return device;
  };
  const newJob = async (owner: Owner, parts: Part[] = []) => {
    const res = await upload(t.app, owner.shop.slug, [...parts, { name: 'files', filename: 'form.pdf', data: await pdf }]);
    expect(res.statusCode, res.body).toBe(201);
    return json(res) as { jobId: string; number: number };
  };
  const settled = () => t.app.services.pushes.idle();
  const pushesTo = (device: Device) => push.received.filter((r) => r.deviceId === device.id);
  const rowsOf = (userEmail: string) =>
    queryRows<{ endpoint: string }>(
      t.deps.database.db,
      sql`SELECT endpoint FROM push_subscriptions WHERE user_id = (SELECT id FROM users WHERE email = ${userEmail}) ORDER BY endpoint`,
    );

  it("gives the server's VAPID public key to staff, and only with a token", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/push/public-key', headers: a.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).publicKey).toBe(t.deps.config.push!.publicKey);
    expect(Buffer.from(json(res).publicKey, 'base64url')).toHaveLength(65);
    expect((await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).statusCode).toBe(401);
  });

  it("pushes a new job to the shop's device, encrypted end to end and signed with the server's key, naming the job", async () => {
    const device = await subscribed(a);
    const job = await newJob(a, [{ name: 'name', value: 'Ravi Kumar' }]);
    await settled();
    const [got, ...more] = pushesTo(device);
    expect(more).toEqual([]);
    expect(got!.headers['content-encoding']).toBe('aes128gcm');
    expect(got!.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(got!.headers.urgency).toBe('high');
    // The bytes on the wire are not the message: only the device's private key opens them.
    expect(got!.body.includes(Buffer.from('Ravi'))).toBe(false);
    const message = ZPushJobMessage.parse(JSON.parse(decryptPush(device, got!.body)));
    expect(message).toEqual({
      kind: 'job',
      jobId: job.jobId,
      number: job.number,
      customer: 'Ravi Kumar',
      files: 1,
      url: `/printJob?job=${job.jobId}`,
    });
    expect(() => decryptPush(push.newDevice(), got!.body)).toThrow();

    const vapid = /^vapid t=([^,]+), k=(\S+)$/.exec(String(got!.headers.authorization));
    expect(vapid?.[2]).toBe(t.deps.config.push!.publicKey);
    const point = Buffer.from(vapid![2]!, 'base64url');
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      'ES256',
    );
    const { payload } = await jwtVerify(vapid![1]!, key, { audience: push.origin });
    expect(payload.sub).toMatch(/^(mailto:|https:)/);
  });

  it('answers the upload before the push service has answered, and sends a few pushes at a time', async () => {
    const devices: Device[] = [];
    for (let i = 0; i < DEVICES_PER_USER_AND_SHOP; i++) devices.push(await subscribed(a));
    push.hold();
    try {
      await newJob(a);
      for (let i = 0; i < 100 && push.inFlight() < 4; i++) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 100));
      expect(push.inFlight()).toBe(4);
    } finally {
      push.release();
    }
    for (let i = 0; i < 100 && push.received.length < devices.length; i++) {
      push.release();
      await new Promise((r) => setTimeout(r, 10));
    }
    await settled();
    expect(devices.map((d) => pushesTo(d).length)).toEqual(devices.map(() => 1));
  });

  it("never tells shop A's device of shop B's jobs", async () => {
    const deviceA = await subscribed(a);
    const deviceB = await subscribed(b);
    const jobB = await newJob(b);
    await settled();
    expect(pushesTo(deviceA)).toEqual([]);
    expect(JSON.parse(decryptPush(deviceB, pushesTo(deviceB)[0]!.body)).number).toBe(jobB.number);
  });

  it.each([410, 404])('deletes a subscription the push service answers %i for, and keeps one that failed otherwise', async (status) => {
    const gone = await subscribed(a);
    const failing = await subscribed(a);
    push.answer(gone, status);
    push.answer(failing, 503);
    await newJob(a);
    await settled();
    expect(pushesTo(gone)).toHaveLength(1);
    expect((await rowsOf('push-a@example.com')).map((r) => r.endpoint)).toEqual([failing.subscription.endpoint]);
    await newJob(a);
    await settled();
    expect(pushesTo(gone)).toHaveLength(1);
    expect(pushesTo(failing)).toHaveLength(2);
  });

  it("removes this user's subscriptions, and no one else's, when they log out", async () => {
    const session = await signIn(t.app, 'push-a@example.com');
    const auth = { authorization: `Bearer ${session.token}` };
    await subscribed({ ...a, auth });
    await subscribed({ ...a, auth });
    const other = await subscribed(b);
    expect(await rowsOf('push-a@example.com')).toHaveLength(2);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: session.refreshToken } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf('push-a@example.com')).toEqual([]);
    expect(await rowsOf('push-b@example.com')).toEqual([{ endpoint: other.subscription.endpoint }]);
    // The logout ended every access token of the user: sign in again for the tests that follow.
    a = { ...a, auth: { authorization: `Bearer ${(await signIn(t.app, 'push-a@example.com')).token}` } };
  });

  it('stops pushing to a device that unsubscribed', async () => {
    const device = await subscribed(a);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/shops/${a.shop.id}/push-subscriptions`,
      headers: a.auth,
      payload: { endpoint: device.subscription.endpoint },
    });
    expect(res.statusCode, res.body).toBe(200);
    await newJob(a);
    await settled();
    expect(pushesTo(device)).toEqual([]);
  });

  it('keeps the newest subscriptions of one user and shop, and renews a known one in place', async () => {
    const devices: Device[] = [];
    for (let i = 0; i <= DEVICES_PER_USER_AND_SHOP; i++) {
      devices.push(await subscribed(a));
      clock.advance(1000);
    }
    await subscribed(a, devices[1]!);
    const kept = (await rowsOf('push-a@example.com')).map((r) => r.endpoint);
    expect(kept).toHaveLength(DEVICES_PER_USER_AND_SHOP);
    expect(kept).not.toContain(devices[0]!.subscription.endpoint);
    expect(kept).toContain(devices[1]!.subscription.endpoint);
  });

  it("refuses another shop's staff, whether subscribing, unsubscribing or naming no real shop", async () => {
    const device = push.newDevice();
    for (const res of [
      await subscribe(b, a.shop.id, device.subscription),
      await subscribe(b, '00000000-0000-4000-8000-000000000000', device.subscription),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/shops/${a.shop.id}/push-subscriptions`,
        headers: b.auth,
        payload: { endpoint: device.subscription.endpoint },
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(json(res).code).toBe('SHOP_FORBIDDEN');
    }
    await newJob(a);
    await settled();
    expect(pushesTo(device)).toEqual([]);
    expect(await rowsOf('push-b@example.com')).toEqual([]);
  });

  it('answers 400 with a clear message to a subscription that is not one, and stores nothing', async () => {
    const good = push.newDevice().subscription;
    const withKeys = (keys: object) => ({ ...good, keys: { ...good.keys, ...keys } });
    const cases: [string, unknown, string][] = [
      ['no body', undefined, 'body is required'],
      ['no endpoint', { keys: good.keys }, 'endpoint is required'],
      ['not an address', { ...good, endpoint: 'not a url' }, PUSH_MESSAGES.endpoint],
      ['plain http', { ...good, endpoint: 'http://push.example.com/abc' }, PUSH_MESSAGES.endpoint],
      ['a javascript: address', { ...good, endpoint: 'javascript:alert(1)//' }, PUSH_MESSAGES.endpoint],
      ['too long', { ...good, endpoint: `https://fcm.googleapis.com/${'a'.repeat(1100)}` }, 'endpoint must be at most 1024 characters'],
      ['a private address', { ...good, endpoint: 'https://10.1.2.3/push/x' }, PUSH_MESSAGES.endpointHost],
      ['the cloud metadata address', { ...good, endpoint: 'https://169.254.169.254/latest' }, PUSH_MESSAGES.endpointHost],
      ['a mapped private address', { ...good, endpoint: 'https://[::ffff:192.168.1.1]/x' }, PUSH_MESSAGES.endpointHost],
      ['an IPv4-compatible loopback address', { ...good, endpoint: 'https://[::127.0.0.1]/x' }, PUSH_MESSAGES.endpointHost],
      ['a LAN name', { ...good, endpoint: 'https://printer.local/x' }, PUSH_MESSAGES.endpointHost],
      ['a bare name', { ...good, endpoint: 'https://intranet/x' }, PUSH_MESSAGES.endpointHost],
      ['no keys', { endpoint: good.endpoint }, 'keys must hold p256dh and auth'],
      ['a short p256dh', withKeys({ p256dh: good.keys.p256dh.slice(0, 40) }), PUSH_MESSAGES.p256dh],
      ['a p256dh that is not base64url', withKeys({ p256dh: `${good.keys.p256dh.slice(0, 86)}+` }), PUSH_MESSAGES.p256dh],
      ['a compressed p256dh', withKeys({ p256dh: `A${good.keys.p256dh.slice(1)}` }), PUSH_MESSAGES.p256dh],
      ['a long auth', withKeys({ auth: `${good.keys.auth}AAAA` }), PUSH_MESSAGES.auth],
      ['a number for auth', withKeys({ auth: 16 }), PUSH_MESSAGES.auth],
    ];
    const problems: string[] = [];
    for (const [label, body, message] of cases) {
      const res = await subscribe(a, a.shop.id, body);
      if (res.statusCode !== 400 || json(res).error !== message) problems.push(`${label}: ${res.statusCode} ${res.body}`);
    }
    expect(problems).toEqual([]);
    expect(await rowsOf('push-a@example.com')).toEqual([]);
  });
});

describe('a server without VAPID keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', env: { RATE_LIMIT: 'off', PUSH_LOCAL_ENDPOINTS: 'on' }, config: { push: undefined } });
  });
  afterAll(async () => t?.close());

  it('says devices cannot be told of jobs, in plain words, and stores nothing', async () => {
    const owner = await ownerWithShop(t.app, 'push-off@example.com');
    const key = await t.app.inject({ method: 'GET', url: '/api/push/public-key', headers: owner.auth });
    expect(key.statusCode).toBe(404);
    expect(json(key)).toEqual({ code: 'PUSH_OFF', error: PUSH_MESSAGES.off });
    const push = await startPushService();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/shops/${owner.shop.id}/push-subscriptions`,
        headers: owner.auth,
        payload: push.newDevice().subscription,
      });
      expect(res.statusCode).toBe(404);
      expect(json(res).code).toBe('PUSH_OFF');
    } finally {
      await push.close();
    }
    expect(await queryRows(t.deps.database.db, sql`SELECT 1 FROM push_subscriptions`)).toEqual([]);
  });
});

describe('VAPID keys', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(path.join(tmpdir(), 'cp-push-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    const { rmSync } = await import('node:fs');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('are generated once into DATA_DIR, readable by the owner only, and kept across restarts', async () => {
    const { loadConfig } = await import('../../config.js');
    const dir = await tempDir();
    const first = loadConfig({ DATA_DIR: dir }).push!;
    expect(statSync(path.join(dir, 'push-keys.json')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).push).toEqual(first);
    expect(first.subject).toBe('mailto:no-reply@counterprint.local');
    expect(first.localEndpoints).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_BASE_URL: 'https://print.example.com/' }).push!.subject).toBe('https://print.example.com');
  });

  it('come from the environment when set, are both needed, and with a shared database are not made up per instance', async () => {
    const { loadConfig, ConfigError } = await import('../../config.js');
    const dir = await tempDir();
    const webPush = (await import('web-push')).default;
    const keys = webPush.generateVAPIDKeys();
    const env = {
      DATA_DIR: dir,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    };
    expect(loadConfig(env).push).toMatchObject({ ...keys, subject: 'mailto:ops@example.com' });
    expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
    const shared = {
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      JWT_SECRET: 'j'.repeat(32),
      FILE_URL_SECRET: 'f'.repeat(32),
      FILE_ENCRYPTION_KEY: 'a'.repeat(64),
      RECEIPT_SIGNING_KEY: 'b'.repeat(64),
    };
    expect(loadConfig(shared).push).toBeUndefined();
    expect(loadConfig({ ...shared, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).push?.publicKey).toBe(
      keys.publicKey,
    );
  });
});
