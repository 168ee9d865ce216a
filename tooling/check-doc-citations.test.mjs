/**
 * check-doc-citations.mjs on a small tree of its own: it passes a tree whose citations all resolve, and
 * fails on each kind of fault added to it (decision 071). Run by `npm run check:docs`.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';

const SCRIPT = path.join(import.meta.dirname, 'check-doc-citations.mjs');
const roots = [];
after(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A tree that passes, with `extra` files (path → text) written over it. */
function check(extra = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'check-docs-'));
  roots.push(root);
  const files = {
    'README.md': '# Tool\n\nSee [the rules](docs/product/rules.md#limits).\n',
    'docs/history.md': '| Issue | Title |\n| ----- | ----- |\n| 19    | Print order |\n| 20    | Status page |\n',
    'docs/decisions/001-one-choice.md': '# 001\n',
    'docs/product/rules.md': '# Rules\n\n## Limits\n\nAs issue 19 and issues 19 and 20 said; [why](../decisions/001-one-choice.md).\n',
    'apps/server/src/a.ts': '// docs/product/rules.md#limits, decision 001, issue 20, pdf-lib issue 785\n',
    ...extra,
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  const run = spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, CHECK_DOCS_ROOT: root }, encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
}

test('passes a tree whose citations and issue numbers all resolve', () => {
  const { status, out } = check();
  assert.equal(status, 0, out);
});

test('fails on an issue number without its row in docs/history.md, in code and in docs', () => {
  const code = check({ 'apps/web/b.tsx': '// As issue 12 asked.\n' });
  assert.equal(code.status, 1);
  assert.match(code.out, /apps\/web\/b\.tsx:1: issue 12 \(no row for 12/);
  const docs = check({ 'docs/deploy.md': 'Since issues 19 and 23.\n' });
  assert.equal(docs.status, 1);
  assert.match(docs.out, /docs\/deploy\.md:1: issues 19 and 23 \(no row for 23/);
});

test('fails on a link in docs to a missing file or heading, or out of the repository', () => {
  const { status, out } = check({
    'docs/architecture.md': '[a](product/routes.md) [b](product/rules.md#nowhere) [c](../../etc/passwd) [d](https://x.org)\n',
  });
  assert.equal(status, 1);
  assert.match(out, /docs\/architecture\.md:1: product\/routes\.md \(no such file\)/);
  assert.match(out, /product\/rules\.md#nowhere \(no heading/);
  assert.match(out, /\.\.\/\.\.\/etc\/passwd \(leaves the repository\)/);
  assert.doesNotMatch(out, /x\.org/);
});

test('fails on a README longer than 120 lines', () => {
  const { status, out } = check({ 'README.md': '# Tool\n'.repeat(121) });
  assert.equal(status, 1);
  assert.match(out, /README\.md: 121 lines, more than 120/);
  assert.equal(check({ 'README.md': '# Tool\n'.repeat(120) }).status, 0);
});

test('fails on code citing a document outside the repository, and ignores fenced examples in docs', () => {
  assert.equal(check({ 'apps/server/src/c.ts': '// see ../shared/spec/01.md\n' }).status, 1);
  assert.equal(check({ 'docs/x.md': '```\nissue 12, [a](missing.md)\n```\n' }).status, 0);
});
