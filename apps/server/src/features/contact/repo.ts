import type { TContactMessage } from '@counterprint/contract';
import { OWNER_LIST_LIMIT } from '@counterprint/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { contactMessages } from '../../db/schema.js';

export type ContactRow = typeof contactMessages.$inferSelect;

export async function insertMessage(db: Db, row: Omit<typeof contactMessages.$inferInsert, 'id'>): Promise<ContactRow> {
  const [created] = await db.insert(contactMessages).values(row).returning();
  return created!;
}

export async function markMailed(db: Db, id: string, at: Date): Promise<void> {
  await db.update(contactMessages).set({ mailedAt: at }).where(eq(contactMessages.id, id));
}

export async function listMessages(db: Db): Promise<TContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(OWNER_LIST_LIMIT);
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    company: m.company,
    phone: m.phone,
    subject: m.subject,
    message: m.message,
    mailedAt: m.mailedAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
  }));
}
