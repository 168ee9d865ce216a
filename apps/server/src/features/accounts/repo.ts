import type { TRole } from '@counterprint/contract';
import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/index.js';
import { emailVerifications, passwordResets, refreshTokens, shops, userRoles, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type PasswordResetRow = typeof passwordResets.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
/** Raises the user's token version inside the transaction it is given (TokenVersions.bumpIn). */
export type BumpIn = (tx: Tx, userId: string) => Promise<number>;

export const findUserByEmail = async (db: Db, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

export const findUserById = async (db: Db, id: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

export async function rolesOf(db: Db, userId: string): Promise<TRole[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  const order: TRole[] = ['OWNER', 'SHOP_OWNER', 'ROLE_USER'];
  return order.filter((r) => rows.some((row) => row.role === r));
}

export async function grantRole(db: Db, userId: string, role: TRole): Promise<void> {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

export async function shopsOf(db: Db, userId: string) {
  return db
    .select({ id: shops.id, slug: shops.slug, name: shops.name })
    .from(shops)
    .where(eq(shops.ownerId, userId))
    .orderBy(asc(shops.createdAt));
}

export async function insertRefreshToken(
  db: Db,
  row: { userId: string; familyId: string; familyStartedAt: Date; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

export const findRefreshToken = async (db: Db, tokenHash: string) =>
  (await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1))[0];

/** Marks the token rotated only if nobody else did first: a lost race is treated as reuse. */
export async function markRotated(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: at })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Db, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllOfUser(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * A new user with the plain role and a pending email verification, in one transaction; undefined when the
 * email was taken meanwhile.
 */
export async function createUser(
  db: Db,
  user: { email: string; name: string; passwordHash: string },
  verification: { tokenHash: string; expiresAt: Date },
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(user).onConflictDoNothing().returning();
    if (!row) return undefined;
    await tx.insert(userRoles).values({ userId: row.id, role: 'ROLE_USER' });
    await tx.insert(emailVerifications).values({ ...verification, userId: row.id });
    return row;
  });
}

/** Uses a verification token still unused and unexpired; answers its user's id. */
export async function useEmailVerification(db: Db, tokenHash: string, at: Date): Promise<string | undefined> {
  const rows = await db
    .update(emailVerifications)
    .set({ usedAt: at })
    .where(and(eq(emailVerifications.tokenHash, tokenHash), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, at)))
    .returning({ userId: emailVerifications.userId });
  return rows[0]?.userId;
}

export async function markEmailVerified(db: Db, userId: string, at: Date): Promise<UserRow | undefined> {
  const [user] = await db.update(users).set({ emailVerifiedAt: at }).where(eq(users.id, userId)).returning();
  return user;
}

export async function renameUser(db: Db, userId: string, name: string): Promise<void> {
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

/** Sets a new password hash, revokes every refresh token and bumps the token version, in one transaction. */
export async function setPassword(db: Db, userId: string, passwordHash: string, at: Date, bumpIn: BumpIn): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: at }).where(eq(users.id, userId));
    await revokeAllOfUser(tx, userId, at);
    return bumpIn(tx, userId);
  });
}

/** Only the newest code counts: older ones stop working when a new one is stored. */
export async function replaceResetCode(db: Db, userId: string, codeHash: string, expiresAt: Date, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ userId, codeHash, expiresAt });
  });
}

/** The user's newest reset code still unused and unexpired. */
export async function pendingReset(db: Db, userId: string, at: Date): Promise<PasswordResetRow | undefined> {
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, at)))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  return reset;
}

/** Counts one try on an unused code in one statement, so parallel guesses cannot pass `maxTries`; false past it. */
export async function countResetTry(db: Db, resetId: string, maxTries: number): Promise<boolean> {
  const counted = await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(and(eq(passwordResets.id, resetId), lt(passwordResets.attempts, maxTries), isNull(passwordResets.usedAt)))
    .returning({ attempts: passwordResets.attempts });
  return counted.length > 0;
}

/**
 * Uses the reset code and sets the new password (revoking every refresh token, bumping the token version), in
 * one transaction; undefined, with nothing changed, when the code was used meanwhile.
 */
export async function completeReset(
  db: Db,
  reset: { id: string; userId: string },
  passwordHash: string,
  at: Date,
  bumpIn: BumpIn,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (used.length === 0) return undefined;
    await tx.update(users).set({ passwordHash, passwordChangedAt: at }).where(eq(users.id, reset.userId));
    await revokeAllOfUser(tx, reset.userId, at);
    return bumpIn(tx, reset.userId);
  });
}

/** The user's token version (auth/token-versions.ts); undefined for a user who no longer exists. */
export async function tokenVersionOf(db: Db, userId: string): Promise<number | undefined> {
  return (await db.select({ v: users.tokenVersion }).from(users).where(eq(users.id, userId)).limit(1))[0]?.v;
}

/** Raises the user's token version, inside the caller's transaction when given one, so it commits with the change that caused it. */
export async function bumpTokenVersion(tx: Db, userId: string): Promise<number> {
  const rows = await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ v: users.tokenVersion });
  return rows[0]?.v ?? 0;
}
