/** SQL fragments the report repos filter and group by; `Period` comes from period.ts. */
import { type SQL, sql } from 'drizzle-orm';
import type { Period } from './period.js';

/** `column` (a timestamptz) falls within the period's days in its time zone; index-friendly bounds. */
export const inPeriod = (column: SQL, p: Period): SQL =>
  sql`${column} >= (${p.from}::date::timestamp AT TIME ZONE ${p.tz}) AND ${column} < ((${p.to}::date + 1)::timestamp AT TIME ZONE ${p.tz})`;

/** The calendar day of `column` in the period's time zone, as YYYY-MM-DD. */
export const dayOf = (column: SQL, tz: string): SQL => sql`to_char((${column} AT TIME ZONE ${tz})::date, 'YYYY-MM-DD')`;

/** `column IN (ids…)`; callers never pass an empty list. */
export const inIds = (column: SQL, ids: string[]): SQL =>
  sql`${column} IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** A LIKE pattern matching `s` anywhere, its wildcards taken literally. */
export const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
