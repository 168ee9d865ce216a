import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { AGENT_VERSION } from './version.js';

it("is package.json's version", async () => {
  const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(AGENT_VERSION).toBe(pkg.version);
});
