/**
 * Lighthouse (mobile, simulated slow 4G and 4x CPU: its defaults) against pages of a server
 * that is already running, e.g. `cd apps/web && npx vite preview --port 4174` after a build.
 *
 *   npx tsx bench/lighthouse.ts                                   /public/home and /public/price on :4174
 *   npx tsx bench/lighthouse.ts --base=http://localhost:8080 /public/home /public/my-shop
 *   npx tsx bench/lighthouse.ts --min=95                          exit 1 when a score is below 95
 *   npx tsx bench/lighthouse.ts --runs=5                          the median of five runs per page
 *
 * Prints Performance and Accessibility per page, the Web Vitals behind the performance score,
 * and every accessibility audit that failed, so the fix is in the output rather than a report file.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const base = (option('base') ?? 'http://localhost:4174').replace(/\/$/, '');
const min = Number(option('min') ?? 0);
// Simulated throttling multiplies the CPU time it observes, so a busy machine lowers the score; the median steadies it.
const runs = Math.max(1, Number(option('runs') ?? 1));
const paths = args.filter((a) => !a.startsWith('--'));
const targets = paths.length > 0 ? paths : ['/public/home', '/public/price'];

interface Row {
  path: string;
  performance: number;
  accessibility: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  runs?: string;
}

type AuditItems = { items?: { node?: { snippet?: string } }[] } | undefined;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
});

/** One Lighthouse run; with `explain`, the failed accessibility audits and their elements are printed. */
async function measure(path: string, explain: boolean): Promise<Row | null> {
  const result = await lighthouse(`${base}${path}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { categories, audits, runtimeError } = result.lhr;
  // A run that could not load the page (e.g. NO_FCP on a starved machine) is noise, not a score of 0.
  if (runtimeError) {
    console.warn(`  ${path}  run failed: ${runtimeError.code}`);
    return null;
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const shown = (id: string) => audits[id]?.displayValue ?? '-';
  if (explain) {
    for (const ref of categories.accessibility?.auditRefs ?? []) {
      const audit = audits[ref.id];
      if (audit?.scoreDisplayMode !== 'binary' || audit.score === null || audit.score >= 1) continue;
      console.log(`  ${path}  accessibility: ${audit.title}`);
      for (const item of ((audit.details as AuditItems)?.items ?? []).slice(0, 5)) {
        if (item.node?.snippet) console.log(`      ${item.node.snippet}`);
      }
    }
  }
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: shown('first-contentful-paint'),
    lcp: shown('largest-contentful-paint'),
    tbt: shown('total-blocking-time'),
    cls: shown('cumulative-layout-shift'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const rows: Row[] = [];
try {
  for (const path of targets) {
    const tries: Row[] = [];
    for (let run = 0; run < runs; run++) {
      const row = await measure(path, tries.length === 0);
      if (row) tries.push(row);
    }
    const performance = median(tries.map((r) => r.performance));
    const typical = tries.find((r) => r.performance === performance) ?? tries[0];
    if (!typical) continue;
    const row: Row = { ...typical, accessibility: median(tries.map((r) => r.accessibility)) };
    if (runs > 1) row.runs = tries.map((r) => r.performance).join(' ');
    rows.push(row);
  }
} finally {
  await chrome.kill();
}

console.table(rows);
const below = rows.filter((r) => r.performance < min || r.accessibility < min);
if (below.length > 0) {
  console.error(`Below ${min}: ${below.map((r) => r.path).join(', ')}`);
  process.exitCode = 1;
}
