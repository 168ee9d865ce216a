import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive as alive, descendants } from '../../test/support/processes.js';

const CHILD = fileURLToPath(new URL('../../test/support/converting-child.ts', import.meta.url));
let root: string;
let child: ChildProcess | undefined;
let left: number[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'orphan-test-'));
});

afterAll(async () => {
  child?.kill('SIGKILL');
  for (const pid of left.filter(alive)) process.kill(pid, 'SIGKILL');
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a soffice whose server died', () => {
  it('exits at once, even in the middle of a long conversion', async () => {
    const long = join(root, 'long.csv');
    await writeFile(long, Array.from({ length: 250_000 }, (_, i) => `${i},row ${i},${i * 7},${i % 13}\n`).join(''));
    const warm = join(root, 'warm.csv');
    await writeFile(warm, 'a,b\n1,2\n');
    const work = join(root, 'work');
    await mkdir(work);
    // The stand-in server runs our TypeScript through tsx's loader, in this one node process.
    child = spawn(process.execPath, ['--import', 'tsx', CHILD, long, warm, work], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.setEncoding('utf8').on('data', (t: string) => t.includes('converting') && resolve());
      child!.once('exit', (code) => reject(new Error(`the child ended (${code}) before converting`)));
      child!.once('error', reject);
    });
    const below = descendants(child.pid!);
    left = below;
    expect(below.some((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('soffice'))).toBe(true);
    child.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while (below.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(below.filter(alive)).toEqual([]);
    expect(existsSync(long)).toBe(true);
  }, 90_000);
});
