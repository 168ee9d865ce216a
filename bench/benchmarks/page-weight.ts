/**
 * Gzipped JS and CSS each route downloads: the entry chunk and what it imports
 * statically, plus the route's lazy page chunk and its static imports (plus the
 * signed-in shell for guarded routes, and the query client's chunk for pages declared with
 * lazyWithQueries). Routes are read from apps/web/src/app/routes.tsx,
 * chunks from the Vite manifest (apps/web/dist/.vite/manifest.json).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_DIR } from '../lib/driver.js';
import type { Benchmark, Row } from '../lib/report.js';

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

const WEB = path.join(REPO_DIR, 'apps/web');
const KB = 1000;

function resolveModule(fromDir: string, spec: string, manifest: Manifest): string | undefined {
  const base = path.relative(WEB, path.resolve(fromDir, spec)).split(path.sep).join('/');
  return [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`].find((k) => manifest[k]);
}

type LazyPage = { key: string; withQueries: boolean };

/**
 * `const X = lazy(() => import('…'))` in a file → X → manifest key; `lazyWithQueries(…)` also loads the
 * query client's chunk (apps/web/src/app/lazyWithQueries.ts), which the route then counts.
 */
function lazyImports(file: string, manifest: Manifest): Map<string, LazyPage> {
  const text = readFileSync(file, 'utf8');
  const out = new Map<string, LazyPage>();
  for (const m of text.matchAll(/const\s+(\w+)\s*=\s*(lazy|lazyWithQueries)\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const key = resolveModule(path.dirname(file), m[3]!, manifest);
    if (key) out.set(m[1]!, { key, withQueries: m[2] === 'lazyWithQueries' });
  }
  return out;
}

type RouteDef = { path: string; component: string; guarded: boolean };

/** `<Route path="…" element={<X />} />` lines, and whether they sit inside a RequireRole group. */
function routesOf(file: string): RouteDef[] {
  const out: RouteDef[] = [];
  const stack: boolean[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const open = /<Route\s+element=\{<(\w+)[^>]*\/>\}\s*>/.exec(line);
    if (open) {
      stack.push(open[1] === 'RequireRole');
      continue;
    }
    if (/<\/Route>/.test(line)) {
      stack.pop();
      continue;
    }
    const route = /<Route\s+(?:path="([^"]*)"|(index))[^>]*element=\{<(\w+)/.exec(line);
    if (route) out.push({ path: route[2] ? '/' : `/${route[1]}`, component: route[3]!, guarded: stack.some(Boolean) });
  }
  return out;
}

export const pageWeight: Benchmark = {
  name: 'page-weight',
  dbIndependent: true,
  describe: 'gzipped JS and CSS of each route after vite build',
  async run({ log }) {
    const manifestFile = path.join(WEB, 'dist/.vite/manifest.json');
    if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build apps/web with build.manifest: true`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const gz = new Map<string, number>();
    const sizeOf = (file: string) => {
      let n = gz.get(file);
      if (n === undefined) {
        n = gzipSync(readFileSync(path.join(WEB, 'dist', file)), { level: 9 }).length;
        gz.set(file, n);
      }
      return n;
    };
    const closure = (key: string, into: Set<string>) => {
      if (into.has(key)) return;
      into.add(key);
      for (const k of manifest[key]?.imports ?? []) closure(k, into);
    };
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
    if (!entry) throw new Error('no entry chunk in the manifest');
    const lazies = new Map([
      ...lazyImports(path.join(WEB, 'src/app/routes.tsx'), manifest),
      ...lazyImports(path.join(WEB, 'src/app/AppLayout.tsx'), manifest),
    ]);
    const queries = 'src/api/queries.tsx';
    if (!manifest[queries]) throw new Error(`${queries} is not in the manifest`);
    const withPage = (page: LazyPage | undefined, into: Set<string>) => {
      if (!page) return;
      closure(page.key, into);
      if (page.withQueries) closure(queries, into);
    };
    const shell = lazies.get('Shell');
    const routes = routesOf(path.join(WEB, 'src/app/routes.tsx'));
    const shellKeys = new Set<string>();
    closure(entry, shellKeys);
    const shellJs = new Set([...shellKeys].map((k) => manifest[k]!.file));
    const results = routes.map((r) => {
      const keys = new Set<string>();
      closure(entry, keys);
      const page = lazies.get(r.component);
      withPage(page, keys);
      if (r.guarded) withPage(shell, keys);
      const js = new Set<string>();
      const css = new Set<string>();
      for (const k of keys) {
        js.add(manifest[k]!.file);
        for (const c of manifest[k]!.css ?? []) css.add(c);
      }
      const jsBytes = [...js].reduce((n, f) => n + sizeOf(f), 0);
      // What the route loads beyond the app shell every page loads first.
      const ownJsBytes = [...js].filter((f) => !shellJs.has(f)).reduce((n, f) => n + sizeOf(f), 0);
      const cssBytes = [...css].reduce((n, f) => n + sizeOf(f), 0);
      return {
        route: r.path,
        component: r.component,
        lazy: Boolean(page),
        guarded: r.guarded,
        jsKB: jsBytes / KB,
        ownJsKB: ownJsBytes / KB,
        cssKB: cssBytes / KB,
        totalKB: (jsBytes + cssBytes) / KB,
        files: [...js, ...css],
      };
    });
    const shopPage = results.find((r) => r.route === '/public/:slug');
    if (!shopPage) throw new Error('no /public/:slug route in routes.tsx');
    const statusPage = results.find((r) => r.route === '/j/:token');
    if (!statusPage) throw new Error('no /j/:token route in routes.tsx');
    const heaviest = results.reduce((a, b) => (b.totalKB > a.totalKB ? b : a));
    for (const r of [...results].sort((a, b) => b.totalKB - a.totalKB)) {
      log(`  ${r.route.padEnd(32)} JS ${r.jsKB.toFixed(1).padStart(6)} KB  CSS ${r.cssKB.toFixed(1).padStart(5)} KB`);
    }
    const rows: Row[] = [
      {
        what: 'page weight',
        measure: '/public/{slug} JS (gzip)',
        value: shopPage.jsKB,
        format: 'kb',
        target: '< 120 KB',
        pass: shopPage.jsKB < 120,
      },
      { what: 'page weight', measure: '/public/{slug} CSS (gzip)', value: shopPage.cssKB, format: 'kb' },
      {
        what: 'page weight',
        measure: '/j/{token} own JS beyond the app shell (gzip)',
        value: statusPage.ownJsKB,
        format: 'kb',
        target: '≤ 30 KB',
        pass: statusPage.ownJsKB <= 30,
      },
      { what: 'page weight', measure: '/j/{token} JS with the app shell (gzip)', value: statusPage.jsKB, format: 'kb' },
      {
        what: 'page weight',
        measure: `heaviest route JS+CSS (gzip): ${heaviest.route}`,
        value: heaviest.totalKB,
        format: 'kb',
        target: '< 300 KB every route',
        pass: results.every((r) => r.totalKB < 300),
      },
    ];
    return {
      rows,
      notes: [
        `${results.length} routes; KB = 1000 bytes, gzip -9; a route counts the entry chunk, its lazy page chunk, their static imports and CSS (guarded routes also the shell, lazyWithQueries pages the query client).`,
      ],
      data: { routes: results },
    };
  },
};
