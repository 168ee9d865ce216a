import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JOB_CHANGED_EVENT } from '@counterprint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithShop, pdfBytes, upload } from '../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../test/support/harness.js';
import { JobPipeline } from './events.js';

describe('the job pipeline', () => {
  it('runs follow-ups in order, answering ones before emit returns, and a failing one stops no other', async () => {
    const warned: string[] = [];
    const pipeline = new JobPipeline({ warn: (_obj: object, msg: string) => void warned.push(msg) } as never);
    const heard: string[] = [];
    pipeline.wire({
      ...Object.fromEntries(
        ['created', 'filesStored', 'pagesCounted', 'prepared', 'optionsChanged', 'purged', 'receiptIssued', 'changedElsewhere'].map((e) => [
          e,
          [],
        ]),
      ),
      changed: [
        () => void heard.push('status page'),
        () => {
          throw new Error('staff fan-out down');
        },
        async () => {
          await Promise.resolve();
          heard.push('later');
        },
        () => void heard.push('last'),
      ],
    } as never);
    const done = pipeline.emit('changed', { shopId: 's', jobId: 'j', change: 'updated' });
    expect(heard).toEqual(['status page']);
    await done;
    expect(heard).toEqual(['status page', 'later', 'last']);
    expect(warned).toEqual(['job event follow-up failed']);
  });
});

describe('a status page with no staff subscribed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', env: { RATE_LIMIT: 'off' } });
  });
  afterAll(async () => t?.close());

  it("hears of its job's change while the staff fan-out publishes nothing and loads nothing", async () => {
    const owner = await ownerWithShop(t.app, 'status-alone@example.com');
    const res = await upload(t.app, owner.shop.slug, [{ name: 'files', filename: 'alone.pdf', data: await pdfBytes(1, 'alone') }]);
    expect(res.statusCode, res.body).toBe(201);
    const { jobId, token } = json(res) as { jobId: string; token: string };
    await t.app.services.preparer.idle();
    await t.app.services.pageCounter.idle();
    // No staff screen anywhere: the fan-out to staff is silenced, so nothing of the staff side runs.
    const staffAnnounced: string[] = [];
    t.app.services.realtime.fanout.announce = async (_shopId, id) => void staffAnnounced.push(id);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await openStream(`http://127.0.0.1:${port}/api/public/jobs/${token}/events`);
    try {
      const printing = await t.app.inject({ method: 'POST', url: `/api/shops/print-jobs/${jobId}/printing`, headers: owner.auth });
      expect(printing.statusCode, printing.body).toBe(200);
      await stream.heard(`event: ${JOB_CHANGED_EVENT}`);
      expect(staffAnnounced).toEqual([jobId]);
    } finally {
      stream.close();
    }
  });
});

/** The status page's event stream, read as text until it says what the test waits for. */
function openStream(url: string): Promise<{ heard(line: string): Promise<void>; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = get(url, (res) => {
      let text = '';
      let waiting: (() => void) | undefined;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        waiting?.();
      });
      resolve({
        heard: (line) =>
          new Promise<void>((done, fail) => {
            // A deadline on the condition, so a stream that never hears fails with what it did say.
            const timer = setTimeout(() => fail(new Error(`the stream said only: ${JSON.stringify(text)}`)), 5000);
            waiting = () => {
              if (!text.includes(line)) return;
              clearTimeout(timer);
              done();
            };
            waiting();
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}
