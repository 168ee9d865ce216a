/**
 * Print agents' messages across instances (issue 22): an agent holds its STOMP session on one
 * instance, while staff may press Send or revoke it on another. The NOTIFY payload carries ids only;
 * every instance loads what to send and delivers to the agents connected to it.
 */
import type { RealtimeLogger } from './broker.js';
import { DEVICE_KEY_PREFIX } from './session.js';

export const DEVICE_EVENTS_CHANNEL = 'device_events';

export type DeviceEvent = { deviceId: string; kind: 'command'; commandId: string } | { deviceId: string; kind: 'revoked' };

export interface DeviceChannelOptions {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  loadMessage(commandId: string): Promise<object | null>;
  broker: { publish(key: string, body: object): number; revokeUser(userId: string, version: number): number };
  logger?: RealtimeLogger;
}

export interface DeviceChannel {
  send(event: DeviceEvent): Promise<void>;
  close(): Promise<void>;
}

const ID = /^[0-9a-f-]{36}$/i;

function parse(payload: string): DeviceEvent | undefined {
  try {
    const e = JSON.parse(payload) as Partial<DeviceEvent> & { commandId?: unknown };
    if (typeof e.deviceId !== 'string' || !ID.test(e.deviceId)) return undefined;
    if (e.kind === 'revoked') return { deviceId: e.deviceId, kind: 'revoked' };
    if (e.kind === 'command' && typeof e.commandId === 'string' && ID.test(e.commandId))
      return { deviceId: e.deviceId, kind: 'command', commandId: e.commandId };
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}

export async function createDeviceChannel(o: DeviceChannelOptions): Promise<DeviceChannel> {
  const deliver = async (e: DeviceEvent) => {
    const key = `${DEVICE_KEY_PREFIX}${e.deviceId}`;
    if (e.kind === 'revoked') {
      o.broker.publish(key, { action: 'revoked' });
      // Device sessions open at version 0: any higher version ends them.
      o.broker.revokeUser(key, 1);
      return;
    }
    const message = await o.loadMessage(e.commandId);
    if (message) o.broker.publish(key, message);
  };
  const unlisten = await o.listen(DEVICE_EVENTS_CHANNEL, (payload) => {
    const event = parse(payload);
    if (event) deliver(event).catch((err) => o.logger?.warn({ err: String(err) }, 'device message not delivered'));
  });
  return {
    // Through NOTIFY even for this instance's own agents: one path, and a print command can wait a round trip.
    send: (event) => o.notify(DEVICE_EVENTS_CHANNEL, JSON.stringify(event)),
    close: () => unlisten(),
  };
}
