#!/usr/bin/env node
/**
 * Fails when code cites a document a reader of the repository cannot open:
 * (a) a path in the repo (`docs/….md`, optionally `#anchor`; `docs/decisions/NNN`; "decision NNN")
 *     whose file does not exist, or whose anchor is not the GitHub slug of a heading in that file;
 * (b) a document outside the repository: the product specification ("spec 01 §2"), the design
 *     notes (DECISIONS.md, STACK.md, ARCHITECTURE.md, EXAMPLES.md) or a path into ../shared/.
 * Scans apps/, packages/, e2e/, bench/ and tooling/, skipping node_modules and dist.
 * tooling/cite-product-docs.mjs rewrites (b) to docs in the repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCAN = ['apps', 'packages', 'e2e', 'bench', 'tooling'];
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|css|sh|html)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'results', 'data']);
// These two name the outside documents on purpose: one rewrites them, the other looks for them.
const NAMES_OUTSIDE_DOCS = new Set(['tooling/cite-product-docs.mjs', 'tooling/check-doc-citations.mjs']);

const DOC_PATH = /\bdocs\/[\w./-]*?\.md(?:#[\w-]+)?/g;
const DECISION_NUMBER = /\bdocs\/decisions\/(\d{3})\b(?![\w-]*\.md)|\b[Dd]ecision (\d{3})\b/g;
const OUTSIDE = [
  /\bspec 0[12]\b/i,
  /\bspec §/i,
  /\bDECISIONS\b/,
  /\bSTACK\.md\b/,
  /\bARCHITECTURE\.md\b/,
  /\bEXAMPLES\.md\b/,
  /\.\.\/shared\/|\/work\/shared\/|\bshared\/(?:spec|design)\//,
];

/** GitHub's heading anchors: lowercase, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown) {
  const seen = new Map();
  const anchors = new Set();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]
      .replace(/<[^>]+>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const anchorCache = new Map();
function problemWith(citation) {
  const [file, anchor] = citation.split('#');
  const full = path.join(ROOT, file);
  if (!existsSync(full)) return 'no such file';
  if (anchor === undefined) return undefined;
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(full, 'utf8')));
  return anchorCache.get(file).has(anchor) ? undefined : `no heading with the anchor #${anchor}`;
}

const decisionFiles = readdirSync(path.join(ROOT, 'docs/decisions'));
const decisionExists = (n) => decisionFiles.some((f) => f.startsWith(`${n}-`) && f.endsWith('.md'));

function* files(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (EXTENSIONS.test(name)) yield full;
  }
}

const broken = [];
const outside = [];
let cited = 0;
for (const top of SCAN) {
  for (const file of files(path.join(ROOT, top))) {
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      const where = `${rel}:${i + 1}`;
      for (const [citation] of line.matchAll(DOC_PATH)) {
        cited++;
        const problem = problemWith(citation);
        if (problem) broken.push(`${where}: ${citation} (${problem})`);
      }
      for (const m of line.matchAll(DECISION_NUMBER)) {
        cited++;
        const n = m[1] ?? m[2];
        if (!decisionExists(n)) broken.push(`${where}: ${m[0]} (no docs/decisions/${n}-*.md)`);
      }
      if (NAMES_OUTSIDE_DOCS.has(rel)) return;
      if (OUTSIDE.some((re) => re.test(line))) outside.push(`${where}: ${line.trim()}`);
    });
  }
}

if (broken.length > 0) {
  console.error(`Citations of documents that do not exist (${broken.length}):`);
  for (const b of broken) console.error(`  ${b}`);
}
if (outside.length > 0) {
  console.error(
    `Citations of documents outside the repository (${outside.length}); cite docs/product/ or docs/decisions/ instead (node tooling/cite-product-docs.mjs rewrites the known ones):`,
  );
  for (const o of outside) console.error(`  ${o}`);
}
if (broken.length > 0 || outside.length > 0) process.exit(1);
console.log(`check:docs: ${cited} document citations in code, all found`);
