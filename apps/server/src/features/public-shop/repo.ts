import type { Db } from '../../db/index.js';
import { shopVisits } from '../../db/schema.js';

/** One visit to a shop's page: from its QR poster, or from anywhere else. */
export async function insertVisit(db: Db, shopId: string, src: 'qr' | 'online'): Promise<void> {
  await db.insert(shopVisits).values({ shopId, src });
}
