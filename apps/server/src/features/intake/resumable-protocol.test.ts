import { Readable } from 'node:stream';
import { UPLOAD_LIMITS } from '@counterprint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithShop, pdfBytes } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** The parts of tus 1.0 a client may ask for that this server does not take: each a 4xx in our words, never a 500. */
describe('tus requests this server does not take', () => {
  let t: TestApp;
  let shop: { id: string; slug: string };
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite' });
    shop = (await ownerWithShop(t.app, 'tus-protocol@example.com', { shopName: 'Protocol Prints' })).shop;
  });
  afterAll(async () => t?.close());

  const collection = () => `/api/public/shops/${shop.slug}/uploads`;
  const post = (headers: Record<string, string>, payload?: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: collection(),
      headers: { 'tus-resumable': '1.0.0', 'upload-metadata': `filename ${b64('a.pdf')}`, ...headers },
      payload,
    });
  const patch = (location: string, payload: Buffer | Readable) =>
    t.app.inject({
      method: 'PATCH',
      url: location,
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload,
    });
  const offsetOf = async (location: string) =>
    (await t.app.inject({ method: 'HEAD', url: location, headers: { 'tus-resumable': '1.0.0' } })).headers['upload-offset'];

  it('refuses a creation whose length comes later (Upload-Defer-Length) with 400 in our words', async () => {
    const res = await post({ 'upload-defer-length': '1' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(json(res)).toMatchObject({ code: 'UPLOAD_LENGTH', error: expect.stringMatching(/Upload-Length/) });
  });

  it('refuses a partial upload to be joined later (Upload-Concat) with 400 in our words', async () => {
    const res = await post({ 'upload-length': '100', 'upload-concat': 'partial' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'UPLOAD_CONCAT', error: expect.stringMatching(/one upload/) });
  });

  it('refuses a PATCH longer than the Upload-Length it declared with 413, keeping none of it', async () => {
    const file = await pdfBytes(1, 'past-length');
    const created = await post({ 'upload-length': String(file.length - 10) });
    const location = String(created.headers.location);
    const told = await patch(location, file);
    expect(told.statusCode).toBe(413);
    expect(json(told)).toMatchObject({ code: 'UPLOAD_PAST_LENGTH', error: expect.stringMatching(/more bytes than the file has left/) });
    // Without a Content-Length the store finds out as the bytes pass the length.
    const untold = await patch(location, Readable.from([file]));
    expect(untold.statusCode).toBe(413);
    expect(json(untold).code).toBe('UPLOAD_PAST_LENGTH');
    expect(await offsetOf(location)).toBe('0');
  });

  it('answers OPTIONS on the upload collection with what tus 1.0 requires, and no CORS grant', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: collection() });
    expect(res.statusCode).toBe(204);
    expect(res.headers['tus-resumable']).toBe('1.0.0');
    expect(res.headers['tus-version']).toBe('1.0.0');
    expect(String(res.headers['tus-extension']).split(',')).toEqual(['creation', 'creation-with-upload', 'termination', 'expiration']);
    expect(res.headers['tus-max-size']).toBe(String(UPLOAD_LIMITS.maxFileBytes));
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
