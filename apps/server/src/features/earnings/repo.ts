import { paiseToRupees, type TEarningsOrder } from '@counterprint/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';
import type { Period } from '../../reports/period.js';
import { dayOf, escapeLike, inIds, inPeriod } from '../../reports/period-sql.js';

export type OrderFilter = { shopIds: string[]; period: Period; paymentMethod?: string | undefined; query?: string | undefined };

type OrderRow = {
  id: string;
  shop_id: string;
  shop_name: string;
  customer_name: string | null;
  amount_paise: number | string;
  payment_method: string | null;
  status: string;
  created_at: string;
  refunded_at: string | null;
  job_number: number | null;
  service_name: string | null;
};

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Orders joined with what the table shows; `where` narrows them. */
const FROM = sql`FROM orders o JOIN shops s ON s.id = o.shop_id
  LEFT JOIN customers c ON c.id = o.customer_id
  LEFT JOIN jobs j ON j.id = o.job_id`;

function where(f: OrderFilter): SQL {
  const parts = [inIds(sql`o.shop_id`, f.shopIds), inPeriod(sql`o.created_at`, f.period)];
  if (f.paymentMethod) parts.push(sql`o.payment_method = ${f.paymentMethod}`);
  if (f.query) {
    const like = escapeLike(f.query);
    parts.push(
      sql`(o.customer_name ILIKE ${like} OR c.phone ILIKE ${like} OR o.id::text ILIKE ${like} OR o.service_name ILIKE ${like} OR j.number::text = ${f.query.replace(/^#/, '')})`,
    );
  }
  return sql`WHERE ${sql.join(parts, sql` AND `)}`;
}

export const toOrder = (r: OrderRow): TEarningsOrder => ({
  id: r.id,
  date: r.created_at,
  customer: r.customer_name ?? '',
  amount: paiseToRupees(r.amount_paise),
  paymentMethod: (r.payment_method as TEarningsOrder['paymentMethod']) ?? null,
  status: r.status as TEarningsOrder['status'],
  shopId: r.shop_id,
  shopName: r.shop_name,
  jobNumber: r.job_number === null ? null : Number(r.job_number),
  serviceName: r.service_name,
  refundedAt: r.refunded_at,
});

const ORDER_COLUMNS = sql`o.id, o.shop_id, s.name AS shop_name, o.customer_name, o.amount_paise, o.payment_method, o.status,
  ${iso(sql`o.created_at`)} AS created_at, ${iso(sql`o.refunded_at`)} AS refunded_at, j.number AS job_number, o.service_name`;

export const listOrders = (db: Db, f: OrderFilter, limit: number) =>
  queryRows<OrderRow>(db, sql`SELECT ${ORDER_COLUMNS} ${FROM} ${where(f)} ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit}`);

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return (await queryRows<OrderRow>(db, sql`SELECT ${ORDER_COLUMNS} ${FROM} WHERE o.id = ${id}`))[0];
}

/** Count and paise per status and method. */
export const totalsBy = (db: Db, f: OrderFilter) =>
  queryRows<{ status: string; payment_method: string | null; n: number | string; paise: number | string }>(
    db,
    sql`SELECT o.status, o.payment_method, count(*) AS n, coalesce(sum(o.amount_paise), 0) AS paise ${FROM} ${where(f)}
        GROUP BY o.status, o.payment_method`,
  );

export const paidByDay = (db: Db, f: OrderFilter) =>
  queryRows<{ day: string; paise: number | string }>(
    db,
    sql`SELECT ${dayOf(sql`o.created_at`, f.period.tz)} AS day, sum(o.amount_paise) AS paise ${FROM} ${where(f)} AND o.status = 'paid'
        GROUP BY 1`,
  );

/** Paid orders grouped by the rate-card service sold, named as the rate card names it now (else as sold). */
export const topServices = (db: Db, f: OrderFilter, limit: number) =>
  queryRows<{ service_id: string | null; name: string | null; n: number | string; paise: number | string }>(
    db,
    sql`SELECT o.service_id, coalesce(max(r.service_name), max(o.service_name)) AS name, count(*) AS n, sum(o.amount_paise) AS paise
        ${FROM} LEFT JOIN rate_card_services r ON r.id = o.service_id
        ${where(f)} AND o.status = 'paid'
        GROUP BY o.service_id ORDER BY sum(o.amount_paise) DESC, count(*) DESC, name LIMIT ${limit}`,
  );

/** Marks a paid order refunded; false when it was not paid any more (refunded meanwhile). */
export async function refund(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE orders SET status = 'refunded', refunded_at = ${at.toISOString()} WHERE id = ${id} AND status = 'paid' RETURNING id`,
  );
  return rows.length > 0;
}
