import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './index.js';

/**
 * PGlite has no autovacuum, so nothing ever ANALYZEs its tables: with no statistics the
 * planner guesses a shop has ~26 jobs, and listing 100 of 10,000 became a bitmap scan and
 * sort of all of them, with a sequential scan of job_files (~300 ms each, blocking the event
 * loop; bench/). Like autovacuum, this analyzes a table once it has grown by a tenth since
 * its last ANALYZE (measured in pages, which needs no statistics collector).
 */
export async function analyzeGrownTables(db: Db): Promise<string[]> {
  const grown = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c
        WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
          AND pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(c.relpages, 0) * 1.1 + 4`,
  );
  for (const { name } of grown) await db.execute(sql`ANALYZE ${sql.identifier(name)}`);
  return grown.map((g) => g.name);
}
