/**
 * Seeds a shop with many jobs straight through SQL, using the server's own built
 * database layer (`openDatabase` from apps/server/dist) on the same PGlite folder or
 * PostgreSQL database. The server must be stopped first on PGlite: it owns the folder.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { REPO_DIR, serveDriver } from '../lib/driver.js';

type DbModule = {
  openDatabase(opts: {
    databaseUrl?: string;
    pgliteDir?: string;
    logger: unknown;
  }): Promise<{ db: { execute(q: unknown): Promise<unknown> }; close(): Promise<void> }>;
};

const quiet = { info() {}, warn() {}, error() {}, debug() {}, child: () => quiet };

serveDriver({
  async seed(a: { dataDir: string; databaseUrl?: string; shopId: string; jobs: number }) {
    const mod = (await import(pathToFileURL(path.join(REPO_DIR, 'apps/server/dist/db/index.js')).href)) as DbModule;
    const database = await mod.openDatabase({
      databaseUrl: a.databaseUrl,
      pgliteDir: a.databaseUrl ? undefined : path.join(a.dataDir, 'pglite'),
      logger: quiet,
    });
    const t0 = Date.now();
    try {
      const shop = a.shopId;
      // Newest job 1 minute ago, one every 3 s before it (within the 24 h retention): 1–3 files each;
      // every third job printed, its files in the recycle bin for the next hour.
      await database.db.execute(sql`
        WITH j AS (
          INSERT INTO jobs (shop_id, number, customer_name, customer_phone, status, created_at, printed_at)
          SELECT ${shop}::uuid, n, 'Customer ' || n, '98765' || lpad((n % 100000)::text, 5, '0'),
                 CASE WHEN n % 3 = 0 THEN 'done' ELSE 'queued' END,
                 now() - interval '1 minute' - (${a.jobs} - n) * interval '3 seconds',
                 CASE WHEN n % 3 = 0 THEN now() - interval '30 seconds' END
          FROM generate_series(1, ${a.jobs}::int) AS n
          RETURNING id, number, status, created_at
        )
        INSERT INTO job_files (job_id, shop_id, position, blob_key, original_name, stored_name, extension, content_type,
                               size, sha256, pages, state, recycled_at, expires_at, created_at)
        SELECT j.id, ${shop}::uuid, p, 'shops/' || ${shop} || '/jobs/' || j.id || '/' || gen_random_uuid(),
               'Document ' || j.number || '-' || (p + 1) || '.pdf', 'document-' || j.number || '-' || (p + 1) || '.pdf',
               'pdf', 'application/pdf', 250000 + (j.number * 7919) % 2000000, md5(j.id::text || p) || md5(p || j.id::text),
               1 + j.number % 12,
               CASE WHEN j.status = 'done' THEN 'recycled' ELSE 'active' END,
               CASE WHEN j.status = 'done' THEN now() END,
               CASE WHEN j.status = 'done' THEN now() + interval '1 hour' END,
               j.created_at
        FROM j, generate_series(0, j.number % 3) AS p`);
      await database.db.execute(sql`UPDATE shops SET next_job_number = ${a.jobs}::int WHERE id = ${shop}::uuid`);
      // PostgreSQL's autovacuum would analyze these tables within a minute of such a burst; stand in for it.
      // PGlite has no autovacuum: the server itself must keep its statistics fresh, so nothing is done for it here.
      if (a.databaseUrl) await database.db.execute(sql`ANALYZE jobs, job_files`);
    } finally {
      await database.close();
    }
    return { ms: Date.now() - t0 };
  },
});
