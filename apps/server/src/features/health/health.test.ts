import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';

describe('GET /api/health', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('says the converter is available where LibreOffice is installed, and stays ok', async () => {
    t = await createTestApp({ kind: 'pglite' });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      status: 'ok',
      database: { ok: true, kind: 'pglite' },
      blobStore: { ok: true, kind: 'disk' },
      converter: { available: true },
    });
  });

  it('says the converter is off with DOCUMENT_CONVERSION=off, and is still ok', async () => {
    t = await createTestApp({ kind: 'pglite', env: { DOCUMENT_CONVERSION: 'off' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 'ok', converter: { available: false } });
  });
});
