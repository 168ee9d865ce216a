import type { TCheckoutEntry } from '@counterprint/contract';
import { OWNER_LIST_LIMIT } from '@counterprint/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { checkoutRequests, users } from '../../db/schema.js';

export async function insertRequest(db: Db, row: Omit<typeof checkoutRequests.$inferInsert, 'id'>): Promise<string> {
  const [created] = await db.insert(checkoutRequests).values(row).returning({ id: checkoutRequests.id });
  return created!.id;
}

export async function listRequests(db: Db): Promise<TCheckoutEntry[]> {
  const rows = await db
    .select({ c: checkoutRequests, userEmail: users.email })
    .from(checkoutRequests)
    .leftJoin(users, eq(users.id, checkoutRequests.userId))
    .orderBy(desc(checkoutRequests.createdAt), desc(checkoutRequests.id))
    .limit(OWNER_LIST_LIMIT);
  return rows.map(({ c, userEmail }) => ({
    id: c.id,
    userId: c.userId,
    userEmail: userEmail ?? null,
    plan: c.plan,
    billing: c.billing,
    name: c.name,
    email: c.email,
    phone: c.phone,
    message: c.message,
    createdAt: c.createdAt.toISOString(),
  }));
}
