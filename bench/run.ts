/**
 * `npm run bench` — builds, then runs each benchmark against the real built server on
 * PGlite and on PostgreSQL, prints one table and writes the same figures to
 * bench/results/<timestamp>.json.
 *
 *   npm run bench                         everything, both databases
 *   npm run bench -- --quick              fewer rounds, smaller uploads, shorter runs
 *   npm run bench -- realtime api-reads   only these benchmarks
 *   npm run bench -- --db=pglite          one database (pglite | postgres)
 *
 * PostgreSQL: a fresh database per benchmark is created through BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test) and dropped afterwards.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiReads } from './benchmarks/api-reads.js';
import { conversion } from './benchmarks/conversion.js';
import { pageWeight } from './benchmarks/page-weight.js';
import { phone } from './benchmarks/phone.js';
import { printReady } from './benchmarks/print-ready.js';
import { realtimeDelivery } from './benchmarks/realtime.js';
import { resumableUploads } from './benchmarks/resumable.js';
import { uploadLatency, uploadMemory, uploadThroughput } from './benchmarks/upload.js';
import { uploadUnderConversion } from './benchmarks/upload-conversion.js';
import { BENCH_DIR } from './lib/driver.js';
import { adminUrl, postgresReachable } from './lib/postgres.js';
import { type Benchmark, ratioOf, type Section, table } from './lib/report.js';
import { type DbKind, SERVER_ENV } from './lib/server.js';

const ALL: Benchmark[] = [
  uploadThroughput,
  uploadMemory,
  uploadLatency,
  resumableUploads,
  printReady,
  realtimeDelivery,
  apiReads,
  pageWeight,
  phone,
  conversion,
  uploadUnderConversion,
];

// `npm run bench -- --quick x` reaches this script as `x` plus npm_config_quick=true, so read both.
const argv = process.argv.slice(2);
const flag = (name: string) => {
  const hit = argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (hit) return hit.includes('=') ? hit.slice(hit.indexOf('=') + 1) : 'true';
  return process.env[`npm_config_${name}`];
};
const quick = ['true', '1', ''].includes(flag('quick') ?? 'no');
const dbFlag = flag('db');
const names = argv.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !ALL.some((b) => b.name === n));
if (unknown.length > 0 || flag('help')) {
  console.log(`usage: npm run bench -- [--quick] [--db=pglite|postgres] [${ALL.map((b) => b.name).join('|')} ...]`);
  for (const b of ALL) console.log(`  ${b.name.padEnd(18)} ${b.describe}`);
  process.exit(unknown.length > 0 ? 1 : 0);
}
const selected = names.length > 0 ? ALL.filter((b) => names.includes(b.name)) : ALL;
let dbs: DbKind[] = dbFlag === 'pglite' || dbFlag === 'postgres' ? [dbFlag] : ['pglite', 'postgres'];

const started = new Date();
const log = (line: string) => console.log(line);
const cores = os.cpus().length;
log(
  `Counterprint benchmarks${quick ? ' (quick)' : ''} — ${started.toISOString()}, ${cores} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`,
);
log(
  `Server: node apps/server/dist/main.js with ${Object.entries(SERVER_ENV)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')}`,
);
log('RATE_LIMIT=off: the rate limiter is switched off so that it does not shape the figures.');

const notes: string[] = [];
if (dbs.includes('postgres') && selected.some((b) => !b.dbIndependent)) {
  const problem = await postgresReachable();
  if (problem) {
    const line = `PostgreSQL skipped: cannot reach ${adminUrl().replace(/:[^:@/]*@/, ':***@')} (${problem}); set BENCH_DATABASE_URL to an admin URL.`;
    log(line);
    notes.push(line);
    dbs = dbs.filter((d) => d !== 'postgres');
  }
}

const sections: Section[] = [];
const failures: string[] = [];
const plan: { bench: Benchmark; db: DbKind | 'none' }[] = [];
for (const bench of selected) {
  if (bench.dbIndependent) plan.push({ bench, db: 'none' });
  else for (const db of dbs) plan.push({ bench, db });
}
for (const { bench, db } of plan) {
  const t0 = Date.now();
  log(`\n▶ ${bench.name}${db === 'none' ? '' : ` on ${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}`}: ${bench.describe}`);
  try {
    const result = await bench.run({ db: db === 'none' ? 'pglite' : db, quick, log: (l) => log(l) });
    const section: Section = { benchmark: bench.name, db, seconds: (Date.now() - t0) / 1000, ...result };
    sections.push(section);
    for (const n of result.notes) log(`  note: ${n}`);
    log(`  (${section.seconds.toFixed(0)} s)`);
  } catch (err) {
    const msg = `${bench.name} on ${db}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
    failures.push(msg);
    log(`  FAILED: ${msg}`);
  }
}

const finished = new Date();
log(
  `\n## Results — ${finished.toISOString().slice(0, 10)}, ${cores} cores, ${quick ? 'quick run' : 'full run'}, ${((finished.getTime() - started.getTime()) / 60000).toFixed(1)} min\n`,
);
log(table(sections));
const details = sections.flatMap((s) => s.rows.filter((r) => r.detail).map((r) => `- ${r.what} / ${r.measure} (${s.db}): ${r.detail}`));
if (details.length) log(`\nRounds:\n${details.join('\n')}`);
const misses = sections.flatMap((s) =>
  s.rows.filter((r) => r.pass === false).map((r) => `${r.what} / ${r.measure}${s.db === 'none' ? '' : ` (${s.db})`}`),
);
log(
  `\nTargets: ${misses.length === 0 && failures.length === 0 ? 'all met' : `${misses.length} missed${failures.length ? `, ${failures.length} benchmark(s) failed` : ''}`}`,
);
for (const m of misses) log(`  missed: ${m}`);
for (const f of failures) log(`  failed: ${f.split('\n')[0]}`);

const dir = path.join(BENCH_DIR, 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `${started.toISOString().replace(/[:.]/g, '-')}${quick ? '-quick' : ''}.json`);
writeFileSync(
  file,
  `${JSON.stringify(
    {
      started: started.toISOString(),
      finished: finished.toISOString(),
      quick,
      machine: {
        cores,
        cpu: os.cpus()[0]?.model,
        memoryGB: os.totalmem() / 1e9,
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
        loadAverage: os.loadavg(),
      },
      serverEnv: SERVER_ENV,
      notes,
      failures,
      sections: sections.map((s) => ({ ...s, rows: s.rows.map((r) => ({ ...r, ratio: ratioOf(r) })) })),
    },
    null,
    2,
  )}\n`,
);
const md = file.replace(/\.json$/, '.md');
writeFileSync(
  md,
  `Figures from one ${quick ? 'quick ' : ''}run of \`npm run bench\` on ${finished.toISOString().slice(0, 10)}, ${cores} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
    `one shared machine; RATE_LIMIT=off. Ratios are against a baseline measured in the same run.\n\n${table(sections)}\n`,
);
log(`\nJSON: ${path.relative(process.cwd(), file)}\nMarkdown table: ${path.relative(process.cwd(), md)}`);
process.exit(failures.length > 0 ? 1 : 0);
