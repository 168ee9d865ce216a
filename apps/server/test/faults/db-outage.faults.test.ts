import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { type ServerProcess, sharedSecrets, startServerProcess } from '../support/processes.js';
import { downloadHashes, listJobs, type Owner, ownerOn, sha256, slowUpload, tcpProxy, uniqueImage } from '../support/server-client.js';
import { liveView, until } from '../support/stomp-client.js';

/**
 * PostgreSQL unreachable for 10 s (the server reaches it through a TCP proxy that this test cuts:
 * open connections reset, new ones refused): every call answers 503 with a clear message, health
 * says which dependency is down, the process stays up, and it recovers by itself.
 * (PGlite runs inside the server process, so it cannot become unreachable on its own.)
 */
const OUTAGE_MS = 10_000;

describe.runIf(process.env.COUNTERPRINT_FAULTS === '1' && !!process.env.TEST_DATABASE_URL)('PostgreSQL unreachable for 10 s', () => {
  let pg: TestDatabase;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let server: ServerProcess;
  let owner: Owner;
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await pg?.drop();
  });

  it('answers 503 with a clear message while it is down, and recovers by itself', async () => {
    pg = await createTestDatabase('postgres');
    const real = new URL(pg.url!);
    proxy = await tcpProxy(Number(real.port || 5432), real.hostname);
    const viaProxy = new URL(pg.url!);
    viaProxy.port = String(proxy.port);
    server = await startServerProcess({
      LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? 'error',
      DATABASE_URL: viaProxy.toString(),
      ...sharedSecrets(),
    });
    owner = await ownerOn(server.base, 'outage@example.com', 'Outage Prints');
    // A member of staff watching the live queue through it all.
    const view = liveView(server.base, owner.token, owner.shop.id, async () => (await listJobs(server.base, owner)).map((j) => j.id));
    await until(() => view.reloads > 0, 10_000, 'the live queue to load');
    const first = await slowUpload(server.base, owner.shop.slug, [{ name: 'files', filename: 'before.png', data: uniqueImage(4096) }]);
    expect('status' in first && first.status).toBe(201);
    const beforeId = 'status' in first ? first.body.jobId! : '';
    await until(() => view.ids.has(beforeId), 5_000, 'the first job to be announced');

    const calls: [string, () => Promise<Response>][] = [
      ['health', () => fetch(`${server.base}/api/health`)],
      ['job list', () => fetch(`${server.base}/api/shops/${owner.shop.id}/print-jobs`, { headers: owner.auth })],
      [
        'sign-in',
        () =>
          fetch(`${server.base}/api/auth/signin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'outage@example.com', password: 'passw0rd-ok' }),
          }),
      ],
      ['public page', () => fetch(`${server.base}/api/public/shops/${owner.shop.slug}/details`)],
      ['settings', () => fetch(`${server.base}/api/settings`, { headers: owner.auth })],
    ];
    await proxy.cut();
    const cutAt = Date.now();
    const seen: string[] = [];
    let slowest = 0;
    let uploadsRefused = 0;
    while (Date.now() - cutAt < OUTAGE_MS) {
      for (const [label, call] of calls) {
        const started = Date.now();
        const res = await call();
        slowest = Math.max(slowest, Date.now() - started);
        const body = (await res.json()) as { error?: string; code?: string; status?: string; database?: { ok: boolean } };
        expect(res.status, `${label} during the outage: ${JSON.stringify(body)}`).toBe(503);
        if (label === 'health') expect(body).toMatchObject({ status: 'degraded', database: { ok: false } });
        else
          expect(body).toEqual({
            error: 'The service is temporarily unavailable. Please try again shortly.',
            code: 'DATABASE_UNAVAILABLE',
          });
        seen.push(label);
      }
      const up = await slowUpload(server.base, owner.shop.slug, [{ name: 'files', filename: 'during.png', data: uniqueImage(4096) }]);
      expect('status' in up && up.status, JSON.stringify(up)).toBe(503);
      uploadsRefused++;
      expect(server.child.exitCode, 'the server process is still running').toBeNull();
    }
    expect(slowest, 'no call hangs on the dead database').toBeLessThan(6_000);

    await proxy.restore();
    const restoredAt = Date.now();
    let healthy = false;
    while (!healthy && Date.now() - restoredAt < 15_000) {
      healthy = (await fetch(`${server.base}/api/health`)).status === 200;
      if (!healthy) await new Promise((r) => setTimeout(r, 100));
    }
    const recoveryMs = Date.now() - restoredAt;
    expect(healthy, 'health is 200 again within 15 s').toBe(true);
    for (const [label, call] of calls) expect((await call()).status, `${label} after recovery`).toBe(200);

    // An upload right after recovery, likely before the LISTEN connection is back: the live queue must still
    // show it (announced, or reloaded when the server closes sessions that may have missed events).
    const after = uniqueImage(4096);
    const upAt = Date.now();
    const res = await slowUpload(server.base, owner.shop.slug, [{ name: 'files', filename: 'after.png', data: after }]);
    expect('status' in res && res.status).toBe(201);
    const jobId = 'status' in res ? res.body.jobId! : '';
    await until(() => view.ids.has(jobId), 15_000, 'the live queue to show the job uploaded after recovery');
    const shownMs = Date.now() - upAt;
    await view.stop();

    const jobs = await listJobs(server.base, owner);
    expect(jobs).toHaveLength(2);
    expect(await downloadHashes(server.base, owner, jobId)).toEqual([sha256(after)]);
    console.log(
      `[faults] PostgreSQL outage ${OUTAGE_MS / 1000} s: ${seen.length} calls and ${uploadsRefused} uploads answered 503 ` +
        `(slowest ${slowest} ms); healthy ${recoveryMs} ms after the database came back; live queue showed the next upload ${shownMs} ms after it (${view.reloads} list reloads)`,
    );
  });
});
