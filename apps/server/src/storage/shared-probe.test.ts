import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { type PutLimits, type PutResult, StorageUnavailableError } from './blob-store.js';
import { DiskObjectStore } from './disk.js';
import { EncryptedBlobStore } from './encrypted.js';
import { SharedProbe } from './shared-probe.js';

/** A probe whose answers the test gives, one at a time, and which counts how often it was asked. */
function manualProbe() {
  const waiting: Array<(ok: boolean) => void> = [];
  return {
    calls: 0,
    fn(): Promise<boolean> {
      this.calls++;
      return new Promise<boolean>((resolve) => waiting.push(resolve));
    },
    answer(ok: boolean) {
      const next = waiting.shift();
      if (!next) throw new Error('no probe is running');
      next(ok);
    },
    get running() {
      return waiting.length;
    },
  };
}

/** Lets a probe's answer reach the SharedProbe before the test goes on. */
const settle = () => new Promise((r) => setImmediate(r));

describe('SharedProbe', () => {
  let now = 0;
  const clock = () => now;
  const setup = () => {
    now = 0;
    const p = manualProbe();
    return { p, shared: new SharedProbe(() => p.fn(), { trustMs: 1000, now: clock }) };
  };

  it('gives callers who ask while a probe runs that probe’s answer: one probe for all', async () => {
    const { p, shared } = setup();
    const answers = Promise.all([shared.check(), shared.check(), shared.check()]);
    p.answer(true);
    expect(await answers).toEqual([true, true, true]);
    expect(p.calls).toBe(1);
  });

  it('trusts a success for its window: no probe in the first half, one in the background in the second, a fresh one after', async () => {
    const { p, shared } = setup();
    const first = shared.check();
    p.answer(true);
    await first;

    now = 499;
    expect(await shared.check()).toBe(true);
    expect(p.calls).toBe(1);

    now = 500;
    expect(await shared.check()).toBe(true); // answered at once, from the trusted success
    expect(await shared.check()).toBe(true);
    expect(p.calls).toBe(2); // one background probe, shared
    now = 900;
    p.answer(true); // began at 500: trusted until 1500
    await settle();

    now = 1499;
    const stillTrusted = shared.check(); // past half of the new window: another background probe
    expect(await stillTrusted).toBe(true);
    expect(p.calls).toBe(3);
    p.answer(false); // the disk failed: the trust ends with this answer
    await settle();

    now = 1500;
    const fresh = shared.check();
    expect(p.running).toBe(1);
    p.answer(false);
    expect(await fresh).toBe(false);
    expect(p.calls).toBe(4);
  });

  it('never reuses a failure: the next caller probes again, and sees the store back at once', async () => {
    const { p, shared } = setup();
    const first = shared.check();
    p.answer(false);
    expect(await first).toBe(false);
    const second = shared.check();
    p.answer(true);
    expect(await second).toBe(true);
    expect(p.calls).toBe(2);
  });

  it('takes a probe that throws as a failure', async () => {
    const shared = new SharedProbe(async () => Promise.reject(new Error('EROFS')), { trustMs: 1000, now: clock });
    expect(await shared.check()).toBe(false);
  });

  it('forgets a success when told, and a probe begun before that restores no trust and answers no later caller', async () => {
    const { p, shared } = setup();
    const first = shared.check();
    p.answer(true);
    await first;
    now = 600;
    await shared.check(); // starts a background probe, still running
    expect(p.running).toBe(1);

    shared.forget();
    const after = shared.check(); // not the old probe's answer: a new probe
    expect(p.calls).toBe(3);
    p.answer(true); // the old one, begun before forget()
    p.answer(false);
    expect(await after).toBe(false);
    now = 700;
    const next = shared.check();
    expect(p.calls).toBe(4); // no trust came back from the old probe's success
    p.answer(false);
    expect(await next).toBe(false);
  });
});

/** A disk store whose writes the test can make fail as a read-only disk does, and whose probes it counts. */
class FlakyDisk extends DiskObjectStore {
  unwritable = false;
  probes = 0;
  override async put(key: string, body: Readable, limits?: PutLimits): Promise<PutResult> {
    if (this.unwritable) {
      body.resume();
      throw new StorageUnavailableError('EROFS');
    }
    return super.put(key, body, limits);
  }
  override async healthy(): Promise<boolean> {
    this.probes++;
    return !this.unwritable && super.healthy();
  }
}

describe('EncryptedBlobStore.healthy', () => {
  let dir: string | undefined;
  let store: EncryptedBlobStore | undefined;
  afterEach(async () => {
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shares one probe among many callers, and a write the disk refuses makes the next call probe and say so', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cp-probe-'));
    const disk = new FlakyDisk({ root: dir });
    store = new EncryptedBlobStore(disk, {
      masterKey: randomBytes(32).toString('hex'),
      fileUrlSecret: 'x'.repeat(32),
      probeTrustMs: 60_000,
    });
    expect(await Promise.all(Array.from({ length: 20 }, () => store!.healthy()))).toEqual(Array(20).fill(true));
    expect(await store.healthy()).toBe(true);
    expect(disk.probes).toBe(1);

    disk.unwritable = true;
    await expect(store.put('shops/a/b', Readable.from([Buffer.from('hello')]))).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(await store.healthy()).toBe(false);
    expect(disk.probes).toBe(2);

    disk.unwritable = false;
    expect(await store.healthy()).toBe(true);
  });
});
