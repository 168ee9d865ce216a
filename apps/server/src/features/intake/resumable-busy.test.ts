import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithShop } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';

/**
 * An upload whose lock another instance holds and never lets go (a hung process, a half-open
 * connection): every tus call on it answers 423 once UPLOAD_LOCK_TIMEOUT has passed, never tus's 500.
 * Needs TEST_DATABASE_URL: the lock across instances is PostgreSQL's advisory lock.
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('an upload held by another instance past the lock wait', () => {
  let t: TestApp;
  let slug: string;
  let holder: pg.Client;

  beforeAll(async () => {
    t = await createTestApp({ kind: 'postgres', env: { RATE_LIMIT: 'off' }, config: { uploadLockTimeoutMs: 600 } });
    slug = (await ownerWithShop(t.app, 'busy-owner@example.com', { shopName: 'Busy Prints' })).shop.slug;
    holder = new pg.Client({ connectionString: t.testDb.url });
    await holder.connect();
  });
  afterAll(async () => {
    await holder?.end();
    await t?.close();
  });

  const tus = { 'tus-resumable': '1.0.0' };
  const call = (method: 'HEAD' | 'PATCH' | 'DELETE', url: string) =>
    t.app.inject({
      method,
      url,
      headers: method === 'PATCH' ? { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' } : tus,
      ...(method === 'PATCH' ? { payload: Buffer.from('%PDF-1.7\n') } : {}),
    });

  it('answers HEAD, PATCH and DELETE with 423 UPLOAD_BUSY, and the upload is whole once the holder lets go', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/public/shops/${slug}/uploads`,
      headers: { ...tus, 'upload-length': '9', 'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const name = `tus-upload:${location.split('/').pop()}`;
    await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);

    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      const started = Date.now();
      const busy = await call(method, location);
      expect(busy.statusCode, `${method}: ${busy.body}`).toBe(423);
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
      if (method !== 'HEAD') {
        expect(json(busy)).toEqual({
          code: 'UPLOAD_BUSY',
          error: 'This upload is being sent on another connection. Ask where it stands in a moment.',
        });
      }
    }

    await holder.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    const head = await call('HEAD', location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('0');
    const sent = await call('PATCH', location);
    expect(sent.statusCode, sent.body).toBe(204);
    expect(sent.headers['upload-offset']).toBe('9');
  });
});
