import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';

describe('the print agent download', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'counterprint-agent-downloads-'));
    t = await createTestApp({ kind: 'pglite', config: { agentDownloadsDir: dir } });
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('says how to build it, with a clear 404, while it is not built', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/public/agent' });
    expect(list.statusCode).toBe(200);
    expect(json(list)).toEqual({
      windows: {
        available: false,
        url: '/api/public/agent/windows',
        fileName: 'counterprint-agent-windows.zip',
        bytes: null,
        builtAt: null,
        howToBuild: expect.stringContaining('npm run package:windows -w apps/agent'),
      },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/public/agent/windows' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 'AGENT_NOT_BUILT', error: expect.stringContaining('npm run package:windows -w apps/agent') });
  });

  it('serves the build as a zip attachment, without a token, as soon as it is there', async () => {
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(70_000, 7)]);
    await writeFile(path.join(dir, 'counterprint-agent-windows.zip'), zip);
    const list = json(await t.app.inject({ method: 'GET', url: '/api/public/agent' })) as { windows: Record<string, unknown> };
    expect(list.windows).toMatchObject({ available: true, bytes: zip.length, builtAt: expect.any(String) });
    const res = await t.app.inject({ method: 'GET', url: '/api/public/agent/windows' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="counterprint-agent-windows.zip"');
    expect(res.rawPayload.equals(zip)).toBe(true);
  });

  it('answers 429 past 10 downloads from one address in an hour, and holds no other address back', async () => {
    const get = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/public/agent/windows', remoteAddress });
    for (let i = 0; i < 10; i++) expect((await get('10.3.0.1')).statusCode).toBe(200);
    const refused = await get('10.3.0.1');
    expect(refused.statusCode).toBe(429);
    expect(json(refused).code).toBe('RATE_LIMITED');
    expect(refused.rawPayload.length).toBeLessThan(1_000);
    expect((await get('10.3.0.2')).statusCode).toBe(200);
    // The list of downloads is not counted: Settings reads it on every visit.
    expect((await t.app.inject({ method: 'GET', url: '/api/public/agent', remoteAddress: '10.3.0.1' })).statusCode).toBe(200);
  });
});
