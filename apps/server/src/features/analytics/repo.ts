import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';
import type { Period } from '../../reports/period.js';
import { dayOf, escapeLike, inIds, inPeriod } from '../../reports/period-sql.js';

/** Which shops a report covers: a list of ids, or every shop (the OWNER's platform view). */
export type ShopScope = { ids: string[] } | 'all';
const inScope = (column: SQL, scope: ShopScope): SQL => (scope === 'all' ? sql`TRUE` : inIds(column, scope.ids));
const n = (v: unknown) => Number(v ?? 0);

export type PaperRow = {
  shop_id: string;
  sku: string;
  name: string;
  stock: number;
  sheets_per_ream: number | null;
  low_stock_threshold: number;
};

export const paperItems = (db: Db, scope: ShopScope, sku?: string) =>
  queryRows<PaperRow>(
    db,
    sql`SELECT shop_id, sku, name, stock, sheets_per_ream, low_stock_threshold FROM inventory_items
        WHERE category = 'paper' AND ${inScope(sql`shop_id`, scope)} ${sku === undefined ? sql`` : sql`AND sku = ${sku}`}
        ORDER BY shop_id, position, created_at LIMIT 500`,
  );

/**
 * Sheets printed per shop and paper: what Mark Printed kept on each job marked done in the period
 * (src/pricing/paper.ts); jobs printed before it was kept are legacyPrinted's.
 */
export async function usedByPaper(db: Db, scope: ShopScope, p: Period) {
  const rows = await queryRows<{ shop_id: string; sku: string | null; used: unknown }>(
    db,
    sql`SELECT j.shop_id, j.paper_sku AS sku, coalesce(sum(j.printed_sheets), 0) AS used FROM jobs j
        WHERE j.status = 'done' AND j.printed_sheets IS NOT NULL AND ${inScope(sql`j.shop_id`, scope)} AND ${inPeriod(sql`j.printed_at`, p)}
        GROUP BY 1, 2`,
  );
  return new Map(rows.map((r) => [`${r.shop_id}/${r.sku}`, n(r.used)]));
}

/** Jobs marked done in the period before Mark Printed kept their sheets: their files (asked of their owner) count them. */
export const legacyPrinted = (db: Db, scope: ShopScope, p: Period) =>
  queryRows<{ id: string; shop_id: string; sku: string | null; day: string }>(
    db,
    sql`SELECT j.id, j.shop_id, j.paper_sku AS sku, ${dayOf(sql`j.printed_at`, p.tz)} AS day FROM jobs j
        WHERE j.status = 'done' AND j.printed_sheets IS NULL AND ${inScope(sql`j.shop_id`, scope)} AND ${inPeriod(sql`j.printed_at`, p)}
        LIMIT 10000`,
  );

/** The last day (in the period's time zone) each paper was used by a printed job, over all time. */
export async function lastUsedByPaper(db: Db, scope: ShopScope, tz: string) {
  const rows = await queryRows<{ shop_id: string; sku: string | null; day: string }>(
    db,
    sql`SELECT shop_id, paper_sku AS sku, ${dayOf(sql`max(printed_at)`, tz)} AS day
        FROM jobs WHERE status = 'done' AND printed_at IS NOT NULL AND ${inScope(sql`shop_id`, scope)}
        GROUP BY 1, 2`,
  );
  return new Map(rows.map((r) => [`${r.shop_id}/${r.sku}`, r.day]));
}

export async function usedByDay(db: Db, scope: ShopScope, p: Period) {
  const rows = await queryRows<{ day: string; used: unknown }>(
    db,
    sql`SELECT ${dayOf(sql`j.printed_at`, p.tz)} AS day, coalesce(sum(j.printed_sheets), 0) AS used FROM jobs j
        WHERE j.status = 'done' AND j.printed_sheets IS NOT NULL AND ${inScope(sql`j.shop_id`, scope)} AND ${inPeriod(sql`j.printed_at`, p)}
        GROUP BY 1`,
  );
  return new Map(rows.map((r) => [r.day, n(r.used)]));
}

export async function jobCounts(db: Db, scope: ShopScope, p: Period) {
  const rows = await queryRows<{ total: unknown; printed: unknown }>(
    db,
    sql`SELECT count(*) AS total, count(*) FILTER (WHERE status = 'done') AS printed
        FROM jobs WHERE ${inScope(sql`shop_id`, scope)} AND ${inPeriod(sql`created_at`, p)}`,
  );
  return { total: n(rows[0]?.total), printed: n(rows[0]?.printed) };
}

/** Walk-in = visits from the QR code (`src=qr`), online = the rest (docs/product/rules.md#traffic). */
export async function visitsByDay(db: Db, scope: ShopScope, p: Period) {
  const rows = await queryRows<{ day: string; walkin: unknown; online: unknown }>(
    db,
    sql`SELECT ${dayOf(sql`created_at`, p.tz)} AS day,
               count(*) FILTER (WHERE src = 'qr') AS walkin, count(*) FILTER (WHERE src <> 'qr') AS online
        FROM shop_visits WHERE ${inScope(sql`shop_id`, scope)} AND ${inPeriod(sql`created_at`, p)}
        GROUP BY 1`,
  );
  return new Map(rows.map((r) => [r.day, { walkin: n(r.walkin), online: n(r.online) }]));
}

const RECENT_FROM = sql`FROM jobs j LEFT JOIN inventory_items i ON i.shop_id = j.shop_id AND i.sku = j.paper_sku`;
function recentWhere(scope: ShopScope, p: Period, query: string | undefined): SQL {
  const base = sql`WHERE ${inScope(sql`j.shop_id`, scope)} AND ${inPeriod(sql`j.created_at`, p)}`;
  if (!query) return base;
  const like = escapeLike(query);
  return sql`${base} AND (j.customer_name ILIKE ${like} OR j.customer_phone ILIKE ${like} OR j.paper_sku ILIKE ${like}
    OR i.name ILIKE ${like} OR j.number::text = ${query.replace(/^#/, '')})`;
}

export async function countRecentJobs(db: Db, scope: ShopScope, p: Period, query: string | undefined): Promise<number> {
  const rows = await queryRows<{ total: unknown }>(db, sql`SELECT count(*) AS total ${RECENT_FROM} ${recentWhere(scope, p, query)}`);
  return n(rows[0]?.total);
}

/** Jobs received in the period, newest first, with their paper's name and what Mark Printed kept of their sheets. */
export async function recentJobs(db: Db, scope: ShopScope, p: Period, query: string | undefined, limit: number, offset: number) {
  const rows = await queryRows<{
    id: string;
    number: unknown;
    shop_id: string;
    customer_name: string | null;
    created_at: string;
    status: string;
    printed_sheets: number | null;
    printed_sides: number | null;
    paper: string | null;
  }>(
    db,
    sql`SELECT j.id, j.number, j.shop_id, j.customer_name, j.status, coalesce(i.name, j.paper_sku) AS paper,
               to_char(j.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
               j.printed_sheets, j.printed_sides
        ${RECENT_FROM} ${recentWhere(scope, p, query)}
        ORDER BY j.created_at DESC, j.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((r) => ({
    id: r.id,
    number: n(r.number),
    shopId: r.shop_id,
    customerName: r.customer_name,
    createdAt: r.created_at,
    status: r.status as 'queued' | 'done' | 'cancelled',
    printedSheets: r.printed_sheets === null ? null : n(r.printed_sheets),
    printedSides: r.printed_sides === null ? null : n(r.printed_sides),
    paper: r.paper,
  }));
}

export const allShops = (db: Db) =>
  queryRows<{ id: string; name: string }>(db, sql`SELECT id, name FROM shops ORDER BY created_at, id LIMIT 1000`);

/** Adds sheets to a paper item and records who did it, in one transaction; answers false for no such paper. */
export async function restock(db: Db, shopId: string, sku: string, sheets: number, userId: string, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE inventory_items SET stock = stock + ${sheets}, updated_at = ${at.toISOString()}
          WHERE shop_id = ${shopId} AND sku = ${sku} AND category = 'paper' RETURNING id`,
    );
    if (updated.length === 0) return false;
    await queryRows(
      tx,
      sql`INSERT INTO restocks (shop_id, sku, sheets, user_id, created_at) VALUES (${shopId}, ${sku}, ${sheets}, ${userId}, ${at.toISOString()})`,
    );
    return true;
  });
}
