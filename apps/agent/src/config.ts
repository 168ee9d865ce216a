import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { ZPairResponse } from '@counterprint/contract';
import { z } from 'zod';

/** What pairing gave this agent: the server it belongs to, and the device token that proves it. */
export type AgentConfig = { server: string; deviceId: string; token: string; shopId: string; shopName: string };

const ZAgentConfig = ZPairResponse.extend({ server: z.url({ protocol: /^https?$/ }) });

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** --config, else COUNTERPRINT_AGENT_CONFIG, else ~/.config/counterprint-agent/config.json. */
export function configPath(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (option) return path.resolve(option);
  if (env.COUNTERPRINT_AGENT_CONFIG) return path.resolve(env.COUNTERPRINT_AGENT_CONFIG);
  const base = env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return path.join(base, 'counterprint-agent', 'config.json');
}

export async function readConfig(file: string): Promise<AgentConfig> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new ConfigError(`This agent is not paired yet (no ${file}): run counterprint-agent pair CODE --server URL`);
    }
    throw new ConfigError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const config = ZAgentConfig.safeParse(parsed);
  if (!config.success) throw new ConfigError(`${file} is not an agent's settings file: pair this agent again`);
  return config.data;
}

/**
 * The token is a password to the shop's print jobs: the file is created readable by its owner only, in
 * full beside the old one, then renamed over it, so a crash never leaves half a file.
 */
export async function writeConfig(file: string, config: AgentConfig): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(config, null, 2)}\n`);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
}
