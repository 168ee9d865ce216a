import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.js';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The tables a run of migrations leaves behind, replayed in order: created, renamed, dropped. */
function tablesAfter(migrations: string[]): Set<string> {
  const tables = new Set<string>();
  for (const migration of migrations) {
    const text = migration.replace(/--[^\n]*/g, '');
    const statements =
      /\b(CREATE TABLE(?: IF NOT EXISTS)?|DROP TABLE(?: IF EXISTS)?|ALTER TABLE(?: IF EXISTS)?)\s+(\w+)(?:\s+RENAME TO\s+(\w+))?/gi;
    for (const m of text.matchAll(statements)) {
      const [, verb = '', name = '', renamed] = m;
      const table = name.toLowerCase();
      if (/^create/i.test(verb)) tables.add(table);
      else if (/^drop/i.test(verb)) tables.delete(table);
      else if (renamed) {
        tables.delete(table);
        tables.add(renamed.toLowerCase());
      }
    }
  }
  return tables;
}

const migrationFiles = () =>
  readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => readFileSync(migrationsDir + f, 'utf8'));

const schemaTables = () =>
  new Set(
    Object.values(schema as Record<string, unknown>)
      .filter((v): v is PgTable => is(v, PgTable))
      .map((t) => getTableConfig(t).name),
  );

describe('db/schema.ts', () => {
  it('declares exactly the tables the migrations create', () => {
    const migrated = [...tablesAfter(migrationFiles())].sort();
    expect(migrated.length).toBeGreaterThan(30);
    expect([...schemaTables()].sort()).toEqual(migrated);
  });

  it('follows renames and drops, so a table renamed or dropped later is not expected', () => {
    const after = tablesAfter([
      'CREATE TABLE a (id int);\n-- CREATE TABLE commented (id int);\nCREATE TABLE IF NOT EXISTS b (id int);',
      'ALTER TABLE a RENAME TO c;\nALTER TABLE b ADD COLUMN x int;',
      'DROP TABLE IF EXISTS b;',
    ]);
    expect([...after]).toEqual(['c']);
  });
});
