import type { TRole } from '@counterprint/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { refreshTokens, shops, userRoles, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

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

export async function usersWithEmails(db: Db, emails: string[]) {
  if (emails.length === 0) return [];
  return db.select().from(users).where(inArray(users.email, emails));
}

export const countUsers = async (db: Db) =>
  Number((await db.select({ n: sql<number>`count(*)` }).from(users))[0]?.n ?? 0);
