/**
 * The token version each user's access and onboarding tokens must carry. Bumping it (logout,
 * password change or reset) ends every token signed before, on every instance: the bump is
 * NOTIFYed, and each instance forgets its cached version and closes that user's live sessions.
 *
 * Checked on every authenticated request, so versions are cached for CACHE_TTL_MS. A bump made
 * here is seen at once; one made on another instance as soon as its NOTIFY arrives (milliseconds),
 * and at worst after CACHE_TTL_MS if the notification is lost (a lost LISTEN connection also clears
 * the whole cache: see `forgetAll`).
 */
import type { Database, Db } from '../db/index.js';
import { bumpTokenVersion, tokenVersionOf } from '../features/accounts/repo.js';

export const TOKEN_VERSIONS_CHANNEL = 'token_versions';
const CACHE_TTL_MS = 10_000;
const CACHE_MAX_USERS = 50_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type BumpListener = (userId: string, version: number) => void;

export class TokenVersions {
  private readonly cache = new Map<string, { version: number; at: number }>();
  private readonly listeners: BumpListener[] = [];
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen' | 'notify' | 'onNotifyGap'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts hearing other instances' bumps. */
  async start(): Promise<void> {
    this.unlisten = await this.database.listen(TOKEN_VERSIONS_CHANNEL, (payload) => {
      const [userId, version] = payload.split(':');
      if (userId && UUID.test(userId) && Number.isSafeInteger(Number(version))) this.heard(userId, Number(version));
    });
    this.database.onNotifyGap?.(() => this.cache.clear());
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  onBump(listener: BumpListener): void {
    this.listeners.push(listener);
  }

  /** True when `version` is the user's current token version (false for a user who no longer exists). */
  async isCurrent(userId: string, version: number): Promise<boolean> {
    const hit = this.cache.get(userId);
    // Versions only go up: a token older than any version seen is dead, however old that sighting.
    if (hit && version < hit.version) return false;
    // A token newer than the cached version was signed after a bump this instance has not heard of yet.
    if (hit && this.now() - hit.at < CACHE_TTL_MS && version <= hit.version) return version === hit.version;
    if (!UUID.test(userId)) return false;
    const current = await tokenVersionOf(this.database.db, userId);
    if (current === undefined) return false;
    this.remember(userId, current);
    return version === current;
  }

  /** Raises the user's version inside `tx` (so it commits with the change that caused it); call `bumped` after commit. */
  bumpIn(tx: Db, userId: string): Promise<number> {
    return bumpTokenVersion(tx, userId);
  }

  /** Ends the user's older tokens here at once, and on the other instances when they hear of it. */
  async bumped(userId: string, version: number): Promise<void> {
    this.heard(userId, version);
    await this.database.notify(TOKEN_VERSIONS_CHANNEL, `${userId}:${version}`);
  }

  async bump(userId: string): Promise<void> {
    await this.bumped(userId, await this.bumpIn(this.database.db, userId));
  }

  private heard(userId: string, version: number): void {
    this.remember(userId, version);
    for (const listener of this.listeners) listener(userId, version);
  }

  /** Versions only go up: a read that raced a bump must not put the older version back. */
  private remember(userId: string, version: number): void {
    const hit = this.cache.get(userId);
    if (hit && hit.version > version) return;
    this.cache.delete(userId);
    if (this.cache.size >= CACHE_MAX_USERS) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(userId, { version, at: this.now() });
  }
}
