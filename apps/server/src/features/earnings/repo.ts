import { ADJUSTMENT_WORDS, paiseToRupees, type TEarningsOrder, type TOrderLine } from '@counterprint/contract';
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
  lines: LineRow[] | string;
};

type LineRow = {
  kind: TOrderLine['kind'];
  service_id: string | null;
  description: string;
  quantity: number;
  unit_price_paise: number | string | null;
  amount_paise: number | string;
};

/** An order taken before issue 19 has no lines: it is one line of the service it named. */
function linesOf(r: OrderRow): TOrderLine[] {
  const rows: LineRow[] = typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines;
  if (rows.length === 0) {
    const description = r.service_name ?? 'Print job';
    return [{ kind: 'service', serviceId: null, description, quantity: 1, unitPrice: null, amount: paiseToRupees(r.amount_paise) }];
  }
  return rows.map((l) => ({
    kind: l.kind,
    serviceId: l.service_id,
    description: l.description,
    quantity: Number(l.quantity),
    unitPrice: l.unit_price_paise === null ? null : paiseToRupees(l.unit_price_paise),
    amount: paiseToRupees(l.amount_paise),
  }));
}

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
  lines: linesOf(r),
});

const ORDER_COLUMNS = sql`o.id, o.shop_id, s.name AS shop_name, o.customer_name, o.amount_paise, o.payment_method, o.status,
  ${iso(sql`o.created_at`)} AS created_at, ${iso(sql`o.refunded_at`)} AS refunded_at, j.number AS job_number, o.service_name,
  (SELECT coalesce(json_agg(json_build_object('kind', l.kind, 'service_id', l.service_id, 'description', l.description,
     'quantity', l.quantity, 'unit_price_paise', l.unit_price_paise, 'amount_paise', l.amount_paise) ORDER BY l.position), '[]')
   FROM order_lines l WHERE l.order_id = o.id) AS lines`;

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

/**
 * What paid orders sold, by rate-card service and unit, named as the rate card names it now (else as
 * sold): the lines of orders that have them, and an older order without lines as one order of the
 * service it named. Units (issue 19): print lines count printed sides (src/pricing/paper.ts), add-ons
 * items, a service staff named for the whole job orders. The revenue is what was charged: an order's
 * discount or surcharge is shared among its lines in proportion to their amounts. What was priced at
 * the counter is sold by no service (unassigned).
 */
export const topServices = (db: Db, f: OrderFilter, limit: number) =>
  queryRows<{
    service_id: string | null;
    name: string | null;
    unit: 'sides' | 'items' | 'orders';
    n: number | string;
    paise: number | string;
  }>(
    db,
    sql`WITH lines AS (
          SELECT l.order_id, l.kind, l.service_id, l.description, l.quantity, l.amount_paise
          ${FROM} JOIN order_lines l ON l.order_id = o.id
          ${where(f)} AND o.status = 'paid'
        ),
        share AS (
          SELECT order_id,
            coalesce(sum(amount_paise) FILTER (WHERE kind = 'adjustment' AND description <> ${ADJUSTMENT_WORDS.atCounter}), 0) AS adjust,
            coalesce(sum(amount_paise) FILTER (WHERE kind <> 'adjustment'), 0) AS priced
          FROM lines GROUP BY order_id
        ),
        sold AS (
          SELECT l.service_id, CASE WHEN l.service_id IS NULL THEN NULL ELSE l.description END AS sold_as, l.quantity AS n,
            CASE l.kind WHEN 'print' THEN 'sides' WHEN 'extra' THEN 'items' ELSE 'orders' END AS unit,
            l.amount_paise + CASE WHEN l.kind <> 'adjustment' AND s.priced > 0 THEN s.adjust::numeric * l.amount_paise / s.priced ELSE 0 END
              AS paise
          FROM lines l JOIN share s ON s.order_id = l.order_id
          WHERE l.kind <> 'adjustment' AND l.service_id IS NOT NULL OR l.kind = 'adjustment' AND l.description = ${ADJUSTMENT_WORDS.atCounter}
          UNION ALL
          SELECT o.service_id, o.service_name, 1, 'orders', o.amount_paise
          ${FROM} ${where(f)} AND o.status = 'paid' AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)
        )
        SELECT sold.service_id, coalesce(max(r.service_name), max(sold.sold_as)) AS name, sold.unit, sum(sold.n) AS n,
          round(sum(sold.paise)) AS paise
        FROM sold LEFT JOIN rate_card_services r ON r.id = sold.service_id
        GROUP BY sold.service_id, sold.unit ORDER BY sum(sold.paise) DESC, sum(sold.n) DESC, name LIMIT ${limit}`,
  );

/** Marks a paid order refunded; false when it was not paid any more (refunded meanwhile). */
export async function refund(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE orders SET status = 'refunded', refunded_at = ${at.toISOString()} WHERE id = ${id} AND status = 'paid' RETURNING id`,
  );
  return rows.length > 0;
}
