/** A real @stomp/stompjs subscriber over the raw WebSocket, recording what the broker sends it. */
import { Client, type IFrame } from '@stomp/stompjs';
import WebSocket from 'ws';

export type Subscriber = {
  client: Client;
  errors: IFrame[];
  /** message bodies, in arrival order, and when each arrived (ms since the epoch) */
  messages: string[];
  arrivals: number[];
  closedAt: number | undefined;
  /** resolves once the SUBSCRIBE receipt arrives; rejects on an ERROR frame */
  subscribed: Promise<void>;
  stop(): Promise<void>;
};

/** `destination`: a shop's job topic by default; a print agent's own topic for its device token. */
export function subscribe(base: string, token: string, shopId: string, destination = `/topic/shops/${shopId}/jobs`): Subscriber {
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${base.replace(/^http/, 'ws')}/ws-endpoint/websocket`, ['v12.stomp']) as never,
    connectHeaders: { Authorization: `Bearer ${token}` },
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    reconnectDelay: 0,
  });
  const sub: Subscriber = {
    client,
    errors: [],
    messages: [],
    arrivals: [],
    closedAt: undefined,
    subscribed: Promise.resolve(),
    stop: () => client.deactivate(),
  };
  sub.subscribed = new Promise<void>((resolve, reject) => {
    client.onConnect = () => {
      client.subscribe(
        destination,
        (m) => {
          sub.messages.push(m.body);
          sub.arrivals.push(Date.now());
        },
        { receipt: 'sub' },
      );
      client.watchForReceipt('sub', () => resolve());
    };
    client.onStompError = (f) => {
      sub.errors.push(f);
      reject(new Error(f.headers.message));
    };
    client.onWebSocketClose = () => {
      sub.closedAt = Date.now();
      reject(new Error('closed before subscribing'));
    };
  });
  sub.subscribed.catch(() => {});
  client.activate();
  return sub;
}

export async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * What the web app's live queue does: on every (re)connect, subscribe and then reload the list;
 * add each announced job. `ids` is what a member of staff would see.
 */
export function liveView(base: string, token: string, shopId: string, reload: () => Promise<string[]>) {
  const view = { ids: new Set<string>(), reloads: 0, errors: [] as string[], stop: () => client.deactivate() };
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${base.replace(/^http/, 'ws')}/ws-endpoint/websocket`, ['v12.stomp']) as never,
    connectHeaders: { Authorization: `Bearer ${token}` },
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    reconnectDelay: 500,
  });
  client.onConnect = () => {
    client.subscribe(`/topic/shops/${shopId}/jobs`, (m) => view.ids.add((JSON.parse(m.body) as { job: { id: string } }).job.id));
    reload().then(
      (ids) => {
        view.reloads++;
        for (const id of ids) view.ids.add(id);
      },
      () => {},
    );
  };
  client.onStompError = (f) => view.errors.push(f.headers.message ?? '');
  client.activate();
  return view;
}
