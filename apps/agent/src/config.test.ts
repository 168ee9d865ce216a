import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AgentConfig, ConfigError, configPath, readConfig, writeConfig } from './config.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'counterprint-config-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const config: AgentConfig = {
  server: 'https://counterprint.example.com',
  deviceId: '5b0c7a52-5a3b-4f0e-9a0e-1f0c3b7d9e21',
  token: 'cpd_secret',
  shopId: 'shop-1',
  shopName: 'Sharma Print Hub',
};

describe('agent settings file', () => {
  it('is found from --config, else COUNTERPRINT_AGENT_CONFIG, else under ~/.config', () => {
    expect(configPath('here.json', { COUNTERPRINT_AGENT_CONFIG: '/etc/cp.json' })).toBe(path.resolve('here.json'));
    expect(configPath(undefined, { COUNTERPRINT_AGENT_CONFIG: '/etc/cp.json' })).toBe('/etc/cp.json');
    expect(configPath(undefined, {})).toBe(path.join(homedir(), '.config', 'counterprint-agent', 'config.json'));
  });

  it('is written readable by its owner only, in a folder created for it, and read back', async () => {
    const file = path.join(dir, 'nested', 'config.json');
    await writeConfig(file, config);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(await readConfig(file)).toEqual(config);
  });

  it('replaces an earlier file by renaming a complete new one over it, leaving no temporary file', async () => {
    const file = path.join(dir, 'config.json');
    await writeFile(file, '{"old": true}', { mode: 0o644 });
    const before = await stat(file);
    await writeConfig(file, { ...config, shopName: 'Second Shop' });
    const after = await stat(file);
    expect(after.ino).not.toBe(before.ino);
    expect(after.mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['config.json']);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ shopName: 'Second Shop', token: 'cpd_secret' });
  });

  it('says plainly when the agent is not paired or the file is not its settings', async () => {
    const missing = path.join(dir, 'none.json');
    await expect(readConfig(missing)).rejects.toThrow(
      new ConfigError(`This agent is not paired yet (no ${missing}): run counterprint-agent pair CODE --server URL`),
    );
    const garbage = path.join(dir, 'garbage.json');
    await writeFile(garbage, '{"server": "ftp://x"');
    await expect(readConfig(garbage)).rejects.toThrow(`${garbage} is not an agent's settings file: pair this agent again`);
    await writeFile(garbage, JSON.stringify({ ...config, server: 'ftp://x' }));
    await expect(readConfig(garbage)).rejects.toThrow(ConfigError);
  });
});
