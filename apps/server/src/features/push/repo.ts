import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { pushSubscriptions, shops } from '../../db/schema.js';
import type { Subscriber } from './sender.js';

/** Devices one user may have told of one shop's jobs; a newer one pushes out the oldest. */
export const DEVICES_PER_USER_AND_SHOP = 10;

export type NewSubscription = Subscriber & { userId: string; shopId: string };

/** Saves a device's subscription (again: a browser may renew its keys) and keeps the user's newest few for the shop. */
export async function saveSubscription(db: Db, sub: NewSubscription, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ ...sub, createdAt: now })
      .onConflictDoUpdate({
        target: [pushSubscriptions.userId, pushSubscriptions.shopId, pushSubscriptions.endpoint],
        set: { p256dh: sub.p256dh, auth: sub.auth, createdAt: now },
      });
    const ofUserAndShop = and(eq(pushSubscriptions.userId, sub.userId), eq(pushSubscriptions.shopId, sub.shopId));
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(ofUserAndShop)
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(DEVICES_PER_USER_AND_SHOP);
    await tx.delete(pushSubscriptions).where(and(ofUserAndShop, notInArray(pushSubscriptions.id, newest)));
  });
}

export async function deleteSubscription(db: Db, userId: string, shopId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.shopId, shopId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function deleteSubscriptionsOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** The push service said the endpoint is gone: it is gone for every user and shop that used it. */
export async function deleteEndpoint(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

/** The shop's staff's devices: only a user who still runs the shop hears of its jobs. */
export async function subscribersOfShop(db: Db, shopId: string): Promise<Subscriber[]> {
  return db
    .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .innerJoin(shops, and(eq(shops.id, pushSubscriptions.shopId), eq(shops.ownerId, pushSubscriptions.userId)))
    .where(eq(pushSubscriptions.shopId, shopId))
    .limit(DEVICES_PER_USER_AND_SHOP * 5);
}
