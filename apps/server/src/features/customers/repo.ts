import type { TCustomer } from '@counterprint/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';
import { customers } from '../../db/schema.js';

export type CustomerRow = typeof customers.$inferSelect;

export const toCustomer = (c: CustomerRow): TCustomer => ({
  id: c.id,
  shopId: c.shopId,
  name: c.name,
  email: c.email,
  phone: c.phone,
  address: c.address,
  tags: c.tags,
  updatedAt: c.updatedAt.getTime(),
});

export type CustomerFields = { name: string; email: string | null; phone: string | null; address: string | null; tags: string[] };

export async function insertCustomer(db: Db, shopId: string, fields: CustomerFields, at: Date): Promise<CustomerRow | undefined> {
  const [row] = await db
    .insert(customers)
    .values({ shopId, ...fields, createdAt: at, updatedAt: at })
    .returning();
  return row;
}

/** A field left undefined stays as it is; undefined when there is no such customer. */
export async function updateCustomer(
  db: Db,
  id: string,
  fields: { [K in keyof CustomerFields]?: CustomerFields[K] | undefined },
  at: Date,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set({ ...fields, updatedAt: at })
    .where(eq(customers.id, id))
    .returning();
  return row;
}

export async function deleteCustomer(db: Db, id: string): Promise<void> {
  await db.delete(customers).where(eq(customers.id, id));
}

export const findCustomer = async (db: Db, id: string): Promise<CustomerRow | undefined> =>
  (await db.select().from(customers).where(eq(customers.id, id)).limit(1))[0];

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** docs/product/screens.md#customers: name, email or id, case-insensitively; phone too, also ignoring spaces and signs. */
function matches(query: string): SQL {
  const like = `%${escapeLike(query)}%`;
  const digits = query.replace(/\D/g, '');
  const byDigits = digits.length >= 3 ? sql` OR regexp_replace(coalesce(phone, ''), '\\D', '', 'g') LIKE ${`%${digits}%`}` : sql``;
  return sql`(name ILIKE ${like} OR email ILIKE ${like} OR phone ILIKE ${like} OR id::text ILIKE ${like}${byDigits})`;
}

const ORDER: Record<'recent' | 'az' | 'za', SQL> = {
  recent: sql`updated_at DESC, id`,
  az: sql`lower(name) ASC, id`,
  za: sql`lower(name) DESC, id`,
};

export function listCustomers(
  db: Db,
  shopId: string,
  q: { query?: string | undefined; sort: 'recent' | 'az' | 'za'; limit: number },
): Promise<CustomerRow[]> {
  return db
    .select()
    .from(customers)
    .where(and(eq(customers.shopId, shopId), q.query ? matches(q.query) : undefined))
    .orderBy(ORDER[q.sort])
    .limit(q.limit);
}
