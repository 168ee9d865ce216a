import { ERRORS } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testLogger } from '../../../test/support/database.js';
import { type Database, openDatabase } from '../../db/index.js';
import { UploadLocker } from './upload-locker.js';

const lockerOn = (database: Database, acquireTimeoutMs?: number) =>
  new UploadLocker({ locks: database.advisoryLocks, listen: database.listen, notify: database.notify, acquireTimeoutMs });

/** Two instances' lockers on one PostgreSQL database, each with its own connections, as two processes have. */
describe.runIf(!!process.env.TEST_DATABASE_URL)('upload locks across instances (PostgreSQL advisory locks)', () => {
  let pg: TestDatabase;
  let second: Database;
  let a: UploadLocker;
  let b: UploadLocker;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    pg = await createTestDatabase('postgres');
    second = await openDatabase({ databaseUrl: pg.url, logger: testLogger, poolSize: 2 });
    a = lockerOn(pg.database);
    b = lockerOn(second);
    stops.push(await a.start(), await b.start());
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await second?.close();
    await pg?.drop();
  });

  it('asks the holder on the other instance to let go, and takes the lock once it has', async () => {
    const held = a.newLock('upload-1');
    let asked = 0;
    await held.lock(new AbortController().signal, async () => {
      asked++;
      // The PATCH on A stops and keeps what it got, then lets go.
      setTimeout(() => void held.unlock(), 50);
    });
    const started = Date.now();
    const wanted = b.newLock('upload-1');
    await wanted.lock(new AbortController().signal, () => {});
    expect(asked).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
    await wanted.unlock();
  });

  it('keeps two uploads apart: a lock on one does not wait for the other', async () => {
    const one = a.newLock('upload-2');
    await one.lock(new AbortController().signal, () => {});
    const other = b.newLock('upload-3');
    await other.lock(new AbortController().signal, () => {});
    await Promise.all([one.unlock(), other.unlock()]);
  });

  it('gives up with tus’s lock timeout when the holder never lets go', async () => {
    const stubborn = a.newLock('upload-4');
    await stubborn.lock(new AbortController().signal, () => {});
    const impatient = lockerOn(second, 300).newLock('upload-4');
    await expect(impatient.lock(new AbortController().signal, () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await stubborn.unlock();
    const after = b.newLock('upload-4');
    await after.lock(new AbortController().signal, () => {});
    await after.unlock();
  });

  it('frees the locks of an instance whose lock connection dropped, and takes new ones on a fresh connection', async () => {
    const lost = a.newLock('upload-5');
    await lost.lock(new AbortController().signal, () => {});
    await pg.database.advisoryLocks!.killConnectionForTest();
    const taken = b.newLock('upload-5');
    await taken.lock(new AbortController().signal, () => {});
    await taken.unlock();
    await lost.unlock();
    const again = a.newLock('upload-6');
    await again.lock(new AbortController().signal, () => {});
    const blocked = lockerOn(second, 300).newLock('upload-6');
    await expect(blocked.lock(new AbortController().signal, () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await again.unlock();
  });
});

describe('upload locks on one instance (PGlite)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(async () => db?.drop());

  it('asks the PATCH holding an upload once to let go when a HEAD for it comes, and waits without spinning', async () => {
    const locker = lockerOn(db.database);
    const held = locker.newLock('upload-7');
    let asked = 0;
    await held.lock(new AbortController().signal, () => {
      asked++;
      // Storing what it got takes the PATCH a while.
      setTimeout(() => void held.unlock(), 100);
    });
    const head = locker.newLock('upload-7');
    await head.lock(new AbortController().signal, () => {});
    expect(asked).toBe(1);
    await head.unlock();
  });

  it('gives up with tus’s lock timeout, or when the request is gone, and lets the next one have it', async () => {
    const locker = lockerOn(db.database, 150);
    const stubborn = locker.newLock('upload-8');
    await stubborn.lock(new AbortController().signal, () => {});
    await expect(locker.newLock('upload-8').lock(new AbortController().signal, () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    const gone = new AbortController();
    const waiting = locker.newLock('upload-8').lock(gone.signal, () => {});
    gone.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await stubborn.unlock();
    const next = locker.newLock('upload-8');
    await next.lock(new AbortController().signal, () => {});
    await next.unlock();
  });
});
