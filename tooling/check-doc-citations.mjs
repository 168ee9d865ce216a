#!/usr/bin/env node
/**
 * Fails when code cites a document a reader of the repository cannot open:
 * (a) a path in the repo (`docs/….md`, optionally `#anchor`; `docs/decisions/NNN`; "decision NNN")
 *     whose file does not exist, or whose anchor is not the GitHub slug of a heading in that file;
 * (b) a document outside the repository: the product specification ("spec 01 §2"), the design
 *     notes (DECISIONS.md, STACK.md, ARCHITECTURE.md, EXAMPLES.md) or a path into ../shared/.
 * (c) in docs/ and README.md, a relative Markdown link to a file (or heading) that does not exist;
 * (d) anywhere, an "issue N" (or "issues N and M") whose number has no row in docs/history.md, the
 *     index of the project's issues: the tracker is not in the repository, the index is.
 * Scans apps/, packages/, e2e/, bench/, tooling/, docs/ and README.md, skipping node_modules and dist.
 * (e) README.md longer than README_MAX_LINES: it is the front door; details go to pages in docs/.
 * (b) is checked in code only: the decision records tell how the design documents were followed.
 * tooling/cite-product-docs.mjs rewrites (b) to docs in the repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// CHECK_DOCS_ROOT: another tree to check, for this script's own test.
const ROOT = process.env.CHECK_DOCS_ROOT ?? path.resolve(import.meta.dirname, '..');
const SCAN = ['apps', 'packages', 'e2e', 'bench', 'tooling', 'docs', 'README.md'];
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|css|sh|html|md)$/;
const HISTORY = 'docs/history.md';
const README_MAX_LINES = 120;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'results', 'data']);
// These two name the outside documents on purpose: one rewrites them, the other looks for them.
const NAMES_OUTSIDE_DOCS = new Set(['tooling/cite-product-docs.mjs', 'tooling/check-doc-citations.mjs']);
// Its test writes each kind of fault into a tree of its own, on purpose.
const NOT_SCANNED = new Set(['tooling/check-doc-citations.test.mjs']);

const DOC_PATH = /\bdocs\/[\w./-]*?\.md(?:#[\w-]+)?/g;
/** "issue 19", "Issue 20", "issues 15 and 16", "issues 19, 20 and 22"; a date after a comma is not a number. */
const ISSUE = /\b[Ii]ssues? #?(\d{1,3}(?![\d-])(?:(?:, and |, | and |–)\d{1,3}(?![\d-]))*)/g;
/** Another project's tracker, named before the number: not ours to index. */
const OTHER_TRACKER = /\b(?:pdf-lib|fastify|node|tus|libreoffice|chromium|pglite|drizzle|vite|react)\s+issues?\s+#?\d+/gi;
/** A relative Markdown link: `[text](target)`, not a URL, not a bare anchor. */
const MD_LINK = /\]\((?![a-z][\w+.-]*:|#|<)([^)\s]+)\)/g;
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

/** The issue numbers docs/history.md has a row for: a table row that starts with the number. */
const indexed = new Set(
  existsSync(path.join(ROOT, HISTORY))
    ? [...readFileSync(path.join(ROOT, HISTORY), 'utf8').matchAll(/^\|\s*(\d+)\s*\|/gm)].map((m) => m[1])
    : [],
);

/** A Markdown link's target as a path from the root, with its anchor; undefined when it leaves the repository. */
function linkTarget(fromFile, target) {
  const [file, anchor] = target.split('#');
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), decodeURI(file)));
  if (resolved.startsWith('..')) return undefined;
  return anchor === undefined ? resolved : `${resolved}#${anchor}`;
}

function problemWithLink(citation) {
  const [file, anchor] = citation.split('#');
  const full = path.join(ROOT, file);
  if (!existsSync(full)) return 'no such file';
  if (anchor === undefined || !file.endsWith('.md')) return undefined;
  return problemWith(citation);
}

function* files(dir) {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) {
    yield dir;
    return;
  }
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
    if (NOT_SCANNED.has(rel)) continue;
    let fenced = false;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (rel.endsWith('.md') && /^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return;
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
      for (const m of line.replace(OTHER_TRACKER, '').matchAll(ISSUE)) {
        cited++;
        const missing = m[1].split(/\D+/).filter((n) => !indexed.has(n));
        if (missing.length > 0) broken.push(`${where}: ${m[0]} (no row for ${missing.join(', ')} in ${HISTORY})`);
      }
      if (!rel.endsWith('.md')) {
        if (NAMES_OUTSIDE_DOCS.has(rel)) return;
        if (OUTSIDE.some((re) => re.test(line))) outside.push(`${where}: ${line.trim()}`);
        return;
      }
      for (const [, target] of line.matchAll(MD_LINK)) {
        const citation = linkTarget(rel, target);
        if (citation === undefined) {
          broken.push(`${where}: ${target} (leaves the repository)`);
          continue;
        }
        cited++;
        const problem = problemWithLink(citation);
        if (problem) broken.push(`${where}: ${target} (${problem})`);
      }
    });
  }
}

const readmeLines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
if (readmeLines > README_MAX_LINES) {
  broken.push(`README.md: ${readmeLines} lines, more than ${README_MAX_LINES} (move the detail to a page in docs/ and link it)`);
}

if (broken.length > 0) {
  console.error(
    `To fix (${broken.length}): a cited file or heading that does not exist, an issue number without its row, a README too long:`,
  );
  for (const b of broken) console.error(`  ${b}`);
}
if (outside.length > 0) {
  console.error(
    `Citations of documents outside the repository (${outside.length}); cite docs/product/ or docs/decisions/ instead (node tooling/cite-product-docs.mjs rewrites the known ones):`,
  );
  for (const o of outside) console.error(`  ${o}`);
}
if (broken.length > 0 || outside.length > 0) process.exit(1);
console.log(`check:docs: ${cited} citations of documents and issues in code and docs, all found`);
