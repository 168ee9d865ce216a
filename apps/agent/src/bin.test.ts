import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_VERSION } from './version.js';

// The command as npm links it: bin/counterprint-agent.js running the build (npm test builds first).
const BIN = fileURLToPath(new URL('../bin/counterprint-agent.js', import.meta.url));

function run(bin: string, ...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr });
    });
  });
}

describe('the counterprint-agent command', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'counterprint-agent-bin-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('runs the built agent and lists its commands', async () => {
    const { code, out } = await run(BIN, '--help');
    expect(out).toContain('counterprint-agent pair <CODE> --server <URL>');
    expect(code).toBe(0);
  });

  it('prints its version', async () => {
    const { code, out } = await run(BIN, '--version');
    expect(out.trim()).toBe(`counterprint-agent ${AGENT_VERSION}`);
    expect(code).toBe(0);
  });

  it('refuses install away from Windows, saying what to do instead', async () => {
    const { code, out } = await run(BIN, 'install', '--printer', 'ipp://127.0.0.1/ipp/print');
    expect(out).toContain('install and uninstall are for Windows');
    expect(code).toBe(2);
  });

  it('says in one line what to build when there is no build beside it', async () => {
    const alone = path.join(dir, 'bin', 'counterprint-agent.js');
    await cp(BIN, alone, { recursive: true });
    const { code, out } = await run(alone, '--help');
    expect(code).toBe(1);
    expect(out.trim()).toBe('counterprint-agent is not built yet: run npm run build -w packages/contract -w apps/agent');
  });
});
