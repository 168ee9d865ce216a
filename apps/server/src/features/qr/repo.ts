import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';

/** What is stored per shop: the PNG and each poster size. */
export type DrawingKind = 'png' | `poster-${string}`;

/** The shop's stored drawing of this kind, if it was drawn from what `fingerprint` names. */
export async function storedDrawing(db: Db, shopId: string, kind: DrawingKind, fingerprint: string): Promise<Uint8Array | undefined> {
  const rows = await queryRows<{ data: Uint8Array }>(
    db,
    sql`SELECT data FROM qr_drawings WHERE shop_id = ${shopId} AND kind = ${kind} AND fingerprint = ${fingerprint}`,
  );
  return rows[0]?.data;
}

/** Keeps the drawing, replacing the shop's earlier one of that kind; a shop deleted meanwhile keeps nothing. */
export async function storeDrawing(db: Db, shopId: string, kind: DrawingKind, fingerprint: string, data: Uint8Array): Promise<void> {
  await queryRows(
    db,
    sql`
    INSERT INTO qr_drawings (shop_id, kind, fingerprint, data)
    SELECT id, ${kind}, ${fingerprint}, ${Buffer.from(data.buffer, data.byteOffset, data.byteLength)} FROM shops WHERE id = ${shopId}
    ON CONFLICT (shop_id, kind) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, data = EXCLUDED.data, drawn_at = now()`,
  );
}
