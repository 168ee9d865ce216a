import { deviceTopic, type TDeviceMessage, ZPrintCommand } from '@counterprint/contract';
import { Client, type IMessage, ReconnectionTimeMode } from '@stomp/stompjs';
import WebSocket from 'ws';

export type ConnectionOptions = {
  server: string;
  token: string;
  deviceId: string;
  log: (line: string) => void;
  /** Connected and subscribed: anything sent while the agent was away is now worth fetching. */
  onConnected: () => void;
  /** The connection dropped; it is being made again. */
  onDisconnected?: () => void;
  onMessage: (message: TDeviceMessage) => void;
  onRevoked: () => void;
  /** First wait before reconnecting; it doubles each time, up to a minute. */
  reconnectDelayMs?: number;
};

export type Connection = { stop(): Promise<void> };

// Our broker's words when it turns a device token away (apps/server/src/realtime/session.ts).
const REVOKED = /revoked|authentication failed/i;

/**
 * The agent's STOMP connection over a plain WebSocket (the `ws` package: Node 20 has no WebSocket of its
 * own without a flag), reconnecting with a growing wait while the network or the server is away.
 */
export function connect(o: ConnectionOptions): Connection {
  let online = false;
  let subscriptionSeq = 0;
  const client = new Client({
    webSocketFactory: () => new WebSocket(endpoint(o.server), ['v12.stomp', 'v11.stomp', 'v10.stomp']),
    connectHeaders: { Authorization: `Bearer ${o.token}` },
    heartbeatIncoming: 20_000,
    heartbeatOutgoing: 20_000,
    reconnectDelay: o.reconnectDelayMs ?? 1_000,
    maxReconnectDelay: 60_000,
    reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
    debug: () => {},
  });
  client.onConnect = () => {
    // The list is fetched only once the subscription is in place, so nothing falls between the two.
    const receipt = `subscribed-${++subscriptionSeq}`;
    client.watchForReceipt(receipt, () => {
      if (!online) o.log(`Connected to ${o.server}`);
      online = true;
      o.onConnected();
    });
    client.subscribe(deviceTopic(o.deviceId), (frame) => received(frame, o), { receipt });
  };
  client.onStompError = (frame) => {
    const message = frame.headers.message ?? '';
    if (REVOKED.test(message)) return o.onRevoked();
    o.log(`The server closed the connection (${message || 'no reason given'}); connecting again`);
  };
  client.onWebSocketClose = () => {
    if (online) o.log(`Lost the connection to ${o.server}; connecting again`);
    online = false;
    o.onDisconnected?.();
  };
  client.onWebSocketError = () => {};
  client.activate();
  return { stop: () => client.deactivate() };
}

function received(frame: IMessage, o: ConnectionOptions): void {
  const body = parse(frame.body);
  const command = body?.action === 'print' ? ZPrintCommand.safeParse(body.command) : null;
  if (body?.action === 'revoked') o.onRevoked();
  else if (command?.success) o.onMessage({ action: 'print', command: command.data });
  else o.log('Ignored a message from the server that this agent cannot read');
}

function parse(text: string): { action?: unknown; command?: unknown } | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' ? (value as { action?: unknown; command?: unknown }) : null;
  } catch {
    return null;
  }
}

/** https://host/base → wss://host/base/ws-endpoint/websocket: the broker's raw WebSocket, without SockJS. */
export function endpoint(server: string): string {
  return `${server.replace(/^http/, 'ws')}/ws-endpoint/websocket`;
}
