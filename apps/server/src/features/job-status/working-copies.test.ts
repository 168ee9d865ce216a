import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, pdfBytes, pngBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';

/** What a crash in the middle of preparing a file leaves: its decrypted original, in plain text. */
function leftByACrash(workDir: string, fileId: string): string {
  const dir = path.join(workDir, `${fileId}.prepare-Ab12Cd`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'original'), 'Account 1234 5678, Meera, the whole statement in plain text\n'.repeat(100));
  return dir;
}

describe.each(DATABASE_KINDS)('working copies of customers’ files on %s', (kind) => {
  let t: TestApp;
  let workDir: string;
  let crashed: string;
  let owner: Awaited<ReturnType<typeof ownerWithShop>>;

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'cp-work-'));
    crashed = leftByACrash(workDir, randomUUID());
    writeFileSync(path.join(workDir, 'counterprint-convert-x'), 'a converter’s copy');
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off', WORK_DIR: workDir } });
    owner = await ownerWithShop(t.app, `work-${kind}@example.com`, { shopName: 'Work Prints' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('a working folder a crashed run left behind is gone once the server is built, before it serves anything', () => {
    expect(existsSync(crashed)).toBe(false);
    expect(readdirSync(workDir)).toEqual([]);
  });

  it('prepares files in the working folder and leaves nothing there', async () => {
    const res = await upload(t.app, owner.shop.slug, [
      { name: 'name', value: 'Meera' },
      { name: 'files', filename: 'form.pdf', data: await pdfBytes(1) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    await t.app.services.preparer.idle();
    expect(readdirSync(workDir)).toEqual([]);
  });

  it('signs no deletion receipt while a working copy of one of the files is on disk, and signs it once it is gone', async () => {
    const res = await upload(t.app, owner.shop.slug, [
      { name: 'name', value: 'Meera' },
      { name: 'files', filename: 'statement.pdf', data: await pdfBytes(2) },
      { name: 'files', filename: 'photo.png', data: pngBytes(50, 30) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { jobId, token } = json(res) as { jobId: string; token: string };
    await t.app.services.preparer.idle();
    await t.app.services.pageCounter.idle();
    const printed = await t.app.inject({ method: 'POST', url: `/api/shops/print-jobs/${jobId}/mark-printed`, headers: owner.auth });
    expect(printed.statusCode, printed.body).toBe(200);
    const [first, second] = (json(printed).files as { id: string }[]).map((f) => f.id);
    // A preparation of the second file still holds its decrypted copy.
    const copy = leftByACrash(workDir, second!);
    for (const id of [first, second]) {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/recycle/${id}`, headers: owner.auth })).statusCode).toBe(200);
    }
    const receipt = () => t.app.inject({ method: 'GET', url: `/api/public/jobs/${token}/receipt` });
    expect((await receipt()).statusCode).toBe(404);
    expect((await t.app.services.sweeper.sweep()).receipts).toBe(0);

    rmSync(copy, { recursive: true });
    expect((await t.app.services.sweeper.sweep()).receipts).toBe(1);
    expect((await receipt()).statusCode).toBe(200);
  });
});
