import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { OrphanReaper } from '../../src/background/orphan-reaper.js';
import { loadConfig } from '../../src/config.js';
import { queryRows } from '../../src/db/index.js';
import { createBlobStore } from '../../src/storage/index.js';
import { DATABASE_KINDS, testLogger } from '../support/database.js';
import { blobKeys } from '../support/fixtures.js';
import { type ServerProcess, serverOnOwnData } from '../support/processes.js';
import { downloadHashes, listJobs, ownerOn, sha256, slowUpload, type UploadResult, uniqueImage } from '../support/server-client.js';

/**
 * SIGKILL the built server while 10 uploads stream in, restart it on the same data: every
 * acknowledged upload is complete and downloadable with its sha256, nothing unacknowledged is
 * half there, and the blobs the crash orphaned are removed by one reaper sweep.
 */
const UPLOADS = 10;
const BIG = 1536 * 1024;
const PNG_HEAD = uniqueImage(0);

describe.runIf(process.env.COUNTERPRINT_FAULTS === '1').each(DATABASE_KINDS)('SIGKILL during uploads on %s', (kind) => {
  const site = serverOnOwnData(kind, 'cp-kill-');
  let server: ServerProcess | undefined;
  afterAll(() => site.close());

  it('keeps every acknowledged upload, no half job, and one reaper sweep removes the orphans', async () => {
    server = await site.start();
    const owner = await ownerOn(server.base, `kill-${kind}@example.com`, `Kill ${kind}`);

    // Each upload: a small file (stored at once) then a big one streamed slowly, so a kill mid-way leaves the
    // small file's blob without a job row. Upload i takes about (i + 1) × 0.3 s.
    const sent = Array.from({ length: UPLOADS }, () => ({ small: uniqueImage(16 * 1024), big: uniqueImage(BIG) }));
    const results: (UploadResult | undefined)[] = new Array(UPLOADS).fill(undefined);
    const inFlight = sent.map((s, i) =>
      slowUpload(
        server!.base,
        owner.shop.slug,
        [
          { name: 'name', value: `Customer ${i}` },
          { name: 'files', filename: `small-${i}.png`, data: s.small },
          { name: 'files', filename: `big-${i}.png`, data: s.big },
        ],
        { chunk: 64 * 1024, delayMs: 12 * (i + 1) },
      ).then((r) => {
        results[i] = r;
      }),
    );
    const done = () => results.filter((r) => r !== undefined).length;
    for (const deadline = Date.now() + 30_000; done() < 3 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 10));
    expect(done(), 'some uploads finished before the kill').toBeGreaterThanOrEqual(3);
    expect(done(), 'some uploads were still in flight at the kill').toBeLessThanOrEqual(UPLOADS - 3);
    await server.stop('SIGKILL');
    await Promise.all(inFlight);

    const acked = new Map<string, number>();
    results.forEach((r, i) => {
      if (r && 'status' in r && r.status === 201 && r.body.jobId) acked.set(r.body.jobId, i);
      else if (r && 'status' in r) throw new Error(`upload ${i} answered ${r.status} ${JSON.stringify(r.body)}`);
    });
    const broken = UPLOADS - acked.size;

    server = await site.start();
    const jobs = await listJobs(server.base, owner);
    const byHash = new Map(sent.flatMap((s, i) => [[sha256(s.small), i] as const, [sha256(s.big), i] as const]));
    for (const [jobId] of acked)
      expect(
        jobs.map((j) => j.id),
        `acknowledged job ${jobId}`,
      ).toContain(jobId);
    // A job whose 201 was lost with the process (committed just before the kill) is still a complete upload.
    const unacked = jobs.filter((j) => !acked.has(j.id));
    for (const job of jobs) {
      expect(job.files).toHaveLength(2);
      const hashes = await downloadHashes(server.base, owner, job.id);
      const i = byHash.get(hashes[0]!);
      expect(i, `job ${job.id} holds files we sent`).toBeDefined();
      expect(hashes.sort()).toEqual([sha256(sent[i!]!.small), sha256(sent[i!]!.big)].sort());
      if (acked.has(job.id)) expect(acked.get(job.id)).toBe(i);
    }
    await server.stop();
    server = undefined;

    // The server's own data, opened in this process: rows, blobs and one reaper sweep.
    const dataDir = site.dataDir;
    const config = loadConfig({ DATA_DIR: dataDir, ...site.env });
    const { database, close } = await site.openDatabase();
    const blobs = await createBlobStore(config);
    try {
      const rows = await queryRows<{ n: number | string }>(database.db, sql`SELECT count(*) AS n FROM jobs`);
      expect(Number(rows[0]!.n)).toBe(jobs.length);
      const live = async () =>
        new Set(
          (await queryRows<{ k: string }>(database.db, sql`SELECT blob_key AS k FROM job_files WHERE state <> 'purged'`)).map((r) => r.k),
        );
      const referenced = await live();
      const before = await blobKeys(blobs);
      const orphans = before.filter((k) => !referenced.has(k));
      // Whatever the crash left half-written is ciphertext: no file under blobs/ holds a byte run we sent.
      const leftovers = walk(path.join(dataDir, 'blobs'));
      for (const file of leftovers) expect(readFileSync(file).includes(PNG_HEAD), file).toBe(false);
      const temps = leftovers.filter((f) => f.includes(`${path.sep}.tmp${path.sep}`)).length;
      const reaper = (offsetMs: number) =>
        new OrphanReaper({ db: database.db, blobs, logger: testLogger, clock: { now: () => new Date(Date.now() + offsetMs) } });
      expect(await reaper(0).reap(), 'young blobs are kept: they may belong to an upload in progress').toBe(0);
      expect(await reaper(61 * 60_000).reap()).toBe(orphans.length);
      const after = await blobKeys(blobs);
      expect(after.sort()).toEqual([...referenced].sort());
      expect(await reaper(61 * 60_000).reap()).toBe(0);

      const isTemp = (f: string) => f.includes(`${path.sep}.tmp${path.sep}`);
      expect(walk(path.join(dataDir, 'blobs')).filter(isTemp), 'the sweep also removed the temp files the crash left').toEqual([]);
      console.log(
        `[faults] SIGKILL on ${kind}: ${acked.size} acknowledged, ${broken} cut off, ${unacked.length} committed but unacknowledged; ` +
          `${orphans.length} orphan blobs and ${temps} temp files removed in one sweep`,
      );
    } finally {
      await blobs.close?.();
      await close();
    }
  });
});

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}
