import { hostname } from 'node:os';
import { ZPairRequest } from '@counterprint/contract';
import { type AgentConfig, writeConfig } from './config.js';
import { pairDevice, serverAddress } from './server.js';

export type PairOptions = { code: string; server: string; name?: string; configFile: string };

/**
 * Trades a pairing code from the shop's Settings → Printers for a device token, and keeps both in the
 * settings file. A code or name the server would refuse is refused here first, without a round trip.
 */
export async function pairAgent(o: PairOptions): Promise<AgentConfig> {
  const server = serverAddress(o.server);
  const request = ZPairRequest.safeParse({ code: o.code, name: o.name ?? defaultName() });
  if (!request.success) throw new RangeError(request.error.issues[0]?.message ?? 'Check the pairing code');
  const paired = await pairDevice(server, request.data.code, request.data.name);
  const config: AgentConfig = { server, ...paired };
  await writeConfig(o.configFile, config);
  return config;
}

/** The PC's name, which staff see beside its printers. */
function defaultName(): string {
  return hostname().trim().slice(0, 60) || 'Counter PC';
}
