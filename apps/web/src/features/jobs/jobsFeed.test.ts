import { jobTopic } from '@counterprint/contract';
import type { IFrame, IMessage, StompConfig } from '@stomp/stompjs';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FeedClient, type LiveStatus, startJobsFeed, useShopJobsFeed } from '../../api/stomp';
import { LOCAL } from '../../api/storage';
import { jsonResponse, makeToken, stubFetch } from '../../test/helpers';

/** Stands in for stompjs' Client: records the config and what the feed asked of it. */
class FakeClient implements FeedClient {
  connectHeaders: StompConfig['connectHeaders'] = {};
  activated = 0;
  deactivated = 0;
  subscriptions: { destination: string; callback: (m: IMessage) => void; unsubscribed: boolean }[] = [];
  constructor(readonly config: StompConfig) {}
  activate() {
    this.activated++;
  }
  async deactivate() {
    this.deactivated++;
  }
  subscribe(destination: string, callback: (m: IMessage) => void) {
    const sub = { destination, callback, unsubscribed: false };
    this.subscriptions.push(sub);
    return {
      id: `sub-${this.subscriptions.length}`,
      unsubscribe: () => {
        sub.unsubscribed = true;
      },
    };
  }
  /** What stompjs does on a (re)connect attempt: beforeConnect, then CONNECTED. */
  async connect() {
    await this.config.beforeConnect?.(this as never);
    if (this.deactivated === 0) this.config.onConnect?.({} as IFrame);
  }
  deliver(body: string) {
    for (const s of this.subscriptions) s.callback({ body } as IMessage);
  }
}

function setup(shopId = 'shop-1') {
  const clients: FakeClient[] = [];
  const statuses: LiveStatus[] = [];
  const messages: unknown[] = [];
  const onConnected = vi.fn();
  const stop = startJobsFeed(shopId, { onStatus: (s) => statuses.push(s), onMessage: (m) => messages.push(m), onConnected }, (config) => {
    const client = new FakeClient(config);
    clients.push(client);
    return client;
  });
  return { client: clients[0]!, statuses, messages, onConnected, stop };
}

describe('live jobs STOMP client (docs/product/rules.md#realtime)', () => {
  it('reconnects after 5 s, beats every 20 s outgoing, expects none incoming, over SockJS', () => {
    const { client } = setup();
    expect(client.config.reconnectDelay).toBe(5000);
    expect(client.config.heartbeatOutgoing).toBe(20000);
    expect(client.config.heartbeatIncoming).toBe(0);
    expect(client.config.webSocketFactory).toBeTypeOf('function');
    expect(client.config.brokerURL).toBeUndefined();
    expect(client.activated).toBe(1);
  });

  it('sends the stored token as an Authorization Bearer connect header', async () => {
    const token = makeToken({ expiresInSeconds: 3600 });
    localStorage.setItem(LOCAL.token, token);
    const { client, statuses } = setup();
    await client.connect();
    expect(client.connectHeaders).toEqual({ Authorization: `Bearer ${token}` });
    expect(statuses.at(-1)).toBe('connected');
  });

  it('renews a token about to expire before connecting, and sends the new one', async () => {
    localStorage.setItem(LOCAL.token, makeToken({ expiresInSeconds: 60 }));
    const renewed = makeToken({ expiresInSeconds: 3600, sub: 'renewed' });
    const { calls } = stubFetch(() => jsonResponse(200, { token: renewed }));
    const { client } = setup();
    await client.connect();
    expect(calls[0]?.url).toBe('/api/auth/refresh-token');
    expect(client.connectHeaders).toEqual({ Authorization: `Bearer ${renewed}` });
  });

  it("renews the token before reconnecting when the server said 'JWT revoked'", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(LOCAL.token, makeToken({ expiresInSeconds: 3600 }));
    const renewed = makeToken({ expiresInSeconds: 3600, sub: 'renewed' });
    const { calls } = stubFetch(() => jsonResponse(200, { token: renewed }));
    const { client } = setup();
    client.config.onStompError?.({ headers: { message: 'JWT revoked' } } as unknown as IFrame);
    await client.connect();
    expect(calls[0]?.url).toBe('/api/auth/refresh-token');
    expect(client.connectHeaders).toEqual({ Authorization: `Bearer ${renewed}` });
    warn.mockRestore();
  });

  it('logs and does not connect without a token', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, statuses } = setup();
    await client.connect();
    expect(client.deactivated).toBe(1);
    expect(client.subscriptions).toHaveLength(0);
    expect(statuses.at(-1)).toBe('disconnected');
    expect(warn).toHaveBeenCalled();
  });

  it("subscribes to the shop's topic on connect and hands on parsed bodies; bad JSON is dropped", async () => {
    localStorage.setItem(LOCAL.token, makeToken());
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, messages, onConnected } = setup('shop-9');
    await client.connect();
    expect(client.subscriptions.map((s) => s.destination)).toEqual([jobTopic('shop-9')]);
    expect(onConnected).toHaveBeenCalledTimes(1);
    client.deliver('{"action":"created","job":{"id":"j1"}}');
    client.deliver('not json');
    expect(messages).toEqual([{ action: 'created', job: { id: 'j1' } }]);
  });

  it('reports the truth: an ERROR frame or a closed socket is disconnected, a reconnect attempt is connecting', async () => {
    localStorage.setItem(LOCAL.token, makeToken());
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, statuses } = setup();
    expect(statuses).toEqual(['connecting']);
    await client.connect();
    client.config.onStompError?.({ headers: { message: 'Token expired' }, body: '' } as unknown as IFrame);
    client.config.onWebSocketClose?.({} as CloseEvent);
    await client.connect();
    expect(statuses).toEqual(['connecting', 'connecting', 'connected', 'disconnected', 'disconnected', 'connecting', 'connected']);
  });

  it('unsubscribes and deactivates when stopped, and says nothing afterwards', async () => {
    localStorage.setItem(LOCAL.token, makeToken());
    const { client, statuses, messages, stop } = setup();
    await client.connect();
    const before = statuses.length;
    stop();
    expect(client.subscriptions[0]?.unsubscribed).toBe(true);
    expect(client.deactivated).toBe(1);
    client.config.onWebSocketClose?.({} as CloseEvent);
    client.deliver('{"action":"created","job":{"id":"late"}}');
    expect(statuses).toHaveLength(before);
    expect(messages).toEqual([]);
  });

  it('the hook tears down the old shop and subscribes to the new one when the shop changes', async () => {
    localStorage.setItem(LOCAL.token, makeToken());
    const clients: FakeClient[] = [];
    const factory = (config: StompConfig) => {
      const c = new FakeClient(config);
      clients.push(c);
      return c;
    };
    const { result, rerender, unmount } = renderHook(({ shop }) => useShopJobsFeed(shop, { onMessage: () => {} }, factory), {
      initialProps: { shop: 'shop-1' },
    });
    await act(() => clients[0]!.connect());
    expect(result.current).toEqual({ status: 'connected', everConnected: true });
    rerender({ shop: 'shop-2' });
    expect(clients[0]!.deactivated).toBe(1);
    expect(result.current.status).toBe('connecting');
    await act(() => clients[1]!.connect());
    expect(clients[1]!.subscriptions[0]?.destination).toBe(jobTopic('shop-2'));
    unmount();
    expect(clients[1]!.deactivated).toBe(1);
  });
});
