import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../../', import.meta.url));
const ROOT = path.resolve(SERVER, '../..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.name.endsWith('.test.ts')) continue; // tests are not built
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Vitest global setup for test:faults: the fault tests run dist/main.js, so build it when missing or older than src/. */
export default function setup(): void {
  const main = path.join(SERVER, 'dist/main.js');
  const sources = Math.max(newestMtime(path.join(SERVER, 'src')), newestMtime(path.join(ROOT, 'packages/contract/src')));
  if (existsSync(main) && statSync(main).mtimeMs >= sources) return;
  console.log('test:faults: building packages/contract and apps/server (dist/main.js is missing or stale)');
  execSync('npm run build -w packages/contract && npm run build -w apps/server', { cwd: ROOT, stdio: 'inherit' });
}
