import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.js';

/**
 * One owner per table (docs/architecture.md#who-owns-each-table): the owners are read from that
 * document, and every product file under src/ is scanned for the tables it names in SQL or whose
 * Drizzle definition it imports.
 */
const src = fileURLToPath(new URL('../', import.meta.url));
const architecture = fileURLToPath(new URL('../../../../docs/architecture.md', import.meta.url));

/**
 * Uses not moved to their owner yet, by area: each is a table read or written by an area that does not own
 * it. The list only shrinks: an entry no longer true fails the test too, so it is deleted when the use moves.
 */
const NOT_MOVED_YET: Record<string, string[]> = {
  users: ['checkout', 'feedback', 'onboarding', 'owner', 'shops'],
  user_roles: ['onboarding'],
  shops: ['accounts', 'analytics', 'earnings', 'intake', 'job-status', 'jobs', 'onboarding', 'owner', 'push', 'qr', 'settings'],
  shop_banners: ['jobs', 'settings'],
  customers: ['earnings', 'intake'],
  jobs: ['analytics', 'earnings', 'job-status', 'owner', 'printers'],
  orders: ['earnings', 'job-status'],
  order_lines: ['earnings'],
  inventory_items: ['analytics', 'jobs', 'onboarding', 'shops'],
  rate_card_services: ['earnings', 'jobs', 'onboarding', 'printers', 'shops'],
  shop_visits: ['analytics'],
  print_commands: ['jobs'],
};

/** The owners docs/architecture.md gives each table: every backticked name in its row's owner column. */
function documentedOwners(): Map<string, string[]> {
  const text = readFileSync(architecture, 'utf8');
  const section = text.slice(text.indexOf('## Who owns each table'));
  const owners = new Map<string, string[]>();
  for (const line of section.split('\n').filter((l) => /^\|\s*`/.test(l))) {
    const [tables = '', owner = ''] = line.split('|').slice(1);
    const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
    for (const table of names(tables)) owners.set(table, names(owner));
  }
  return owners;
}

const tableNames = new Map(
  Object.entries(schema as Record<string, unknown>)
    .filter((e): e is [string, PgTable] => is(e[1], PgTable))
    .map(([exported, t]) => [exported, getTableConfig(t).name]),
);
const inSql = [...tableNames.values()].map((table) => ({
  table,
  re: new RegExp(`\\b(FROM|JOIN|UPDATE|INTO|TABLE|USING)\\s+"?${table}\\b`, 'i'),
}));

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : productFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && p !== path.join(src, 'db/schema.ts') ? [p] : [];
  });
}

/** The area a file is in: its feature under features/, else its top folder under src/ (auth, mail, background…). */
function areaOf(file: string): string {
  const [top = '', next = ''] = path.relative(src, file).split(path.sep);
  return top === 'features' ? next : top;
}

/** The tables a file's code names in SQL (FROM, JOIN, UPDATE, INTO…) or imports from db/schema.ts; comments do not count. */
function tablesTouched(code: string): Set<string> {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const touched = new Set<string>();
  for (const { table, re } of inSql) if (re.test(text)) touched.add(table);
  for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[./]*db\/schema\.js'/g)) {
    for (const name of (m[1] ?? '').split(',').map((s) => s.replace(/^\s*type\s+/, '').trim())) {
      const table = tableNames.get(name);
      if (table) touched.add(table);
    }
  }
  return touched;
}

/** Every (table, area) where an area touches a table it does not own, with the files. */
function usesOutsideOwners(): Map<string, string[]> {
  const owners = documentedOwners();
  const outside = new Map<string, string[]>();
  for (const file of productFiles(src)) {
    for (const table of tablesTouched(readFileSync(file, 'utf8'))) {
      if (owners.get(table)?.includes(areaOf(file))) continue;
      const key = `${table} ← ${areaOf(file)}`;
      outside.set(key, [...(outside.get(key) ?? []), path.relative(src, file)]);
    }
  }
  return outside;
}

describe('one owner per table', () => {
  it('docs/architecture.md names an owner for every table in db/schema.ts', () => {
    const owners = documentedOwners();
    expect([...tableNames.values()].filter((t) => !owners.get(t)?.length)).toEqual([]);
    expect([...owners.keys()].filter((t) => ![...tableNames.values()].includes(t))).toEqual([]);
  });

  it('only its owner names a table in SQL or imports its definition, job_files among them', () => {
    const allowed = new Set(Object.entries(NOT_MOVED_YET).flatMap(([table, areas]) => areas.map((a) => `${table} ← ${a}`)));
    const outside = usesOutsideOwners();
    const offenders = [...outside].filter(([key]) => !allowed.has(key)).map(([key, files]) => `${key}: ${files.join(', ')}`);
    expect(offenders).toEqual([]);
    // A use moved to its owner comes off the list, so the list says what is left.
    expect([...allowed].filter((key) => !outside.has(key))).toEqual([]);
    // The files of jobs are asked of the jobs feature by everyone else, with no exception left.
    expect(Object.keys(NOT_MOVED_YET).filter((t) => t === 'job_files' || t === 'file_derivatives')).toEqual([]);
  });

  it('sees a table in SQL, in a Drizzle import and not in a comment', () => {
    expect([...tablesTouched('sql`SELECT count(*) FROM job_files f WHERE f.job_id = j.id`')]).toEqual(['job_files']);
    expect([...tablesTouched("import { fileDerivatives, jobs } from '../../db/schema.js';")].sort()).toEqual(['file_derivatives', 'jobs']);
    expect([...tablesTouched('sql`UPDATE "print_devices" SET name = 1`')]).toEqual(['print_devices']);
    expect([...tablesTouched('// a sequential scan of job_files\n/* FROM job_files */ const x = 1;')]).toEqual([]);
    expect(areaOf(path.join(src, 'features/recycle/service.ts'))).toBe('recycle');
    expect(areaOf(path.join(src, 'background/orphan-reaper.ts'))).toBe('background');
  });

  it('no repo casts a transaction: db/index.ts gives one Tx type both drivers satisfy', () => {
    const casts = productFiles(src).filter((f) => /\b(tx|t|trx)\s+as\s+unknown\s+as\b/.test(readFileSync(f, 'utf8')));
    expect(casts.map((f) => path.relative(src, f))).toEqual([]);
  });
});
