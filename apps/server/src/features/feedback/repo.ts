import type { TFeedbackEntry } from '@counterprint/contract';
import { OWNER_LIST_LIMIT } from '@counterprint/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { featureFeedback, users } from '../../db/schema.js';

export async function insertFeedback(
  db: Db,
  row: { userId: string; feature: string; wantFeature: boolean; message: string | null; shopSlug: string | null; timestamp: string | null },
  at: Date,
): Promise<string> {
  const [created] = await db
    .insert(featureFeedback)
    .values({ ...row, clientTimestamp: row.timestamp, createdAt: at })
    .returning({ id: featureFeedback.id });
  return created!.id;
}

/** Newest first, with the sender's email (null once their account is gone). */
export async function listFeedback(db: Db): Promise<TFeedbackEntry[]> {
  const rows = await db
    .select({ f: featureFeedback, email: users.email })
    .from(featureFeedback)
    .leftJoin(users, eq(users.id, featureFeedback.userId))
    .orderBy(desc(featureFeedback.createdAt), desc(featureFeedback.id))
    .limit(OWNER_LIST_LIMIT);
  return rows.map(({ f, email }) => ({
    id: f.id,
    userId: f.userId,
    userEmail: email ?? null,
    feature: f.feature,
    wantFeature: f.wantFeature,
    message: f.message,
    shopSlug: f.shopSlug,
    timestamp: f.clientTimestamp,
    createdAt: f.createdAt.toISOString(),
  }));
}
