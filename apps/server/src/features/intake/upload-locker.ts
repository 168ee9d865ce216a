import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { AdvisoryLocks } from '../../db/advisory-locks.js';

/** Where an instance asks the one holding an upload's lock to let it go. */
export const UPLOAD_RELEASE_CHANNEL = 'upload_release';
/** How long a request waits for an upload's lock by default (UPLOAD_LOCK_TIMEOUT): then HEAD, PATCH and DELETE answer 423. */
const ACQUIRE_TIMEOUT_MS = 30_000;
/** How often a waiting instance asks again, should the holder have missed the first NOTIFY. */
const ASK_AGAIN_MS = 1000;

export type UploadLockerDeps = {
  /** PostgreSQL's advisory locks; without them (PGlite: one instance) the lock is this instance's alone. */
  locks?: AdvisoryLocks | undefined;
  notify: (channel: string, payload: string) => Promise<void>;
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  acquireTimeoutMs?: number;
};

/**
 * tus's lock on an upload, held by a PATCH while it takes bytes and by a HEAD while it reads the offset
 * (docs/decisions/049-upload-locks-across-instances.md). On this instance it is a map of holders; on
 * PostgreSQL it is also an advisory lock, and an instance that cannot take it NOTIFYs the holder, whose
 * PATCH then stops and keeps what it got. So a phone that reconnects to another instance behind the
 * load balancer is told the bytes the first one really kept, not what it had committed before the cut.
 */
export class UploadLocker implements Locker {
  /** The locks this instance holds, by upload id: how to ask the holder to let go, and when it has. */
  private readonly local = new Map<string, { release: RequestRelease; freed: Promise<void>; free: () => void }>();
  /** The release callbacks of the locks this instance holds across instances, by upload id. */
  readonly held = new Map<string, RequestRelease>();
  readonly timeoutMs: number;

  constructor(readonly d: UploadLockerDeps) {
    this.timeoutMs = d.acquireTimeoutMs ?? ACQUIRE_TIMEOUT_MS;
  }

  /** Hears other instances asking for uploads this one holds; answers how to stop hearing. */
  async start(): Promise<() => Promise<void>> {
    if (!this.d.locks) return async () => {};
    return this.d.listen(UPLOAD_RELEASE_CHANNEL, (id) => {
      const release = this.held.get(id);
      if (release) ask(release);
    });
  }

  newLock(id: string): Lock {
    return new UploadLock(id, this);
  }

  /**
   * Takes the upload's lock on this instance, asking its holder once to let go and then waiting until it
   * has. (tus's MemoryLocker asks again on every turn of the event loop: a reconnecting phone's HEAD kept
   * the request thread spinning for as long as the old PATCH took to store what it had.)
   */
  async lockHere(id: string, stop: AbortSignal, release: RequestRelease, deadline: number): Promise<void> {
    for (;;) {
      const holder = this.local.get(id);
      if (!holder) {
        let free = () => {};
        const freed = new Promise<void>((resolve) => {
          free = resolve;
        });
        this.local.set(id, { release, freed, free });
        return;
      }
      ask(holder.release);
      if (!(await settlesBefore(holder.freed, deadline, stop))) throw ERRORS.ERR_LOCK_TIMEOUT;
    }
  }

  unlockHere(id: string): void {
    const holder = this.local.get(id);
    this.local.delete(id);
    holder?.free();
  }
}

/** Asks a holder to let go; what its callback does about it is its own affair. */
function ask(release: RequestRelease): void {
  try {
    void Promise.resolve(release()).catch(() => {});
  } catch {
    // A holder that cannot be asked is waited for until the deadline.
  }
}

/** Whether `p` settles before `deadline` and before `stop` aborts. */
async function settlesBefore(p: Promise<void>, deadline: number, stop: AbortSignal): Promise<boolean> {
  if (stop.aborted) return false;
  let timer: NodeJS.Timeout | undefined;
  let onStop = () => {};
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
    onStop = () => resolve(false);
    stop.addEventListener('abort', onStop, { once: true });
  });
  try {
    return await Promise.race([p.then(() => true), late]);
  } finally {
    clearTimeout(timer);
    stop.removeEventListener('abort', onStop);
  }
}

const lockName = (id: string) => `tus-upload:${id}`;

class UploadLock implements Lock {
  private locked = false;
  private acrossInstances = false;

  constructor(
    private readonly id: string,
    private readonly locker: UploadLocker,
  ) {}

  async lock(stop: AbortSignal, release: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.timeoutMs;
    await this.locker.lockHere(this.id, stop, release, deadline);
    this.locked = true;
    const locks = this.locker.d.locks;
    if (!locks) return;
    try {
      this.acrossInstances = await this.takeFromOthers(locks, stop, deadline);
    } catch (err) {
      this.locked = false;
      this.locker.unlockHere(this.id);
      throw err;
    }
    if (this.acrossInstances) this.locker.held.set(this.id, release);
  }

  /**
   * Waits for the advisory lock, asking whoever holds it to let go; tus's lock timeout past the
   * deadline. With the database out of reach it goes on with this instance's lock alone (false): the
   * row's offset check still keeps two instances from both storing the same bytes.
   */
  private async takeFromOthers(locks: AdvisoryLocks, stop: AbortSignal, deadline: number): Promise<boolean> {
    let askedAt = 0;
    let pause = 10;
    const tryLock = () => locks.tryLock(lockName(this.id)).catch(() => null);
    for (;;) {
      const taken = await tryLock();
      if (taken !== false) return taken === true;
      if (stop.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (Date.now() - askedAt >= ASK_AGAIN_MS) {
        askedAt = Date.now();
        await this.locker.d.notify(UPLOAD_RELEASE_CHANNEL, this.id).catch(() => {});
      }
      await sleep(pause);
      pause = Math.min(pause * 2, 200);
    }
  }

  async unlock(): Promise<void> {
    // The unlock is sent before the next holder here may send its own lock on the same connection, and
    // queries on it run in order: the answer need not be awaited (a lost connection released it anyway).
    let unlocked: Promise<void> | undefined;
    if (this.acrossInstances) {
      this.acrossInstances = false;
      this.locker.held.delete(this.id);
      unlocked = this.locker.d.locks?.unlock(lockName(this.id)).catch(() => {});
    }
    if (this.locked) {
      this.locked = false;
      this.locker.unlockHere(this.id);
    }
    await unlocked;
  }
}
