import { jobTopic } from '@counterprint/contract';
import { Client, type IMessage, type IStompSocket, type StompConfig, type StompSubscription } from '@stomp/stompjs';
import { useEffect, useRef, useState } from 'react';
import { ensureFreshToken, refreshSession } from './client';
import { LOCAL } from './storage';
import { decodeToken } from './token';

/**
 * The live job feed (docs/product/rules.md#realtime). Only the /printJob page imports this module, so SockJS
 * and STOMP stay out of the entry chunk a customer's phone downloads.
 */
export type LiveStatus = 'connecting' | 'connected' | 'disconnected';

export const REALTIME = {
  endpoint: '/ws-endpoint',
  reconnectDelay: 5_000,
  heartbeatOutgoing: 20_000,
  heartbeatIncoming: 0,
} as const;

/** The part of stompjs' Client the feed uses, so tests can hand in a fake. */
export interface FeedClient {
  connectHeaders: StompConfig['connectHeaders'];
  activate(): void;
  deactivate(): Promise<void>;
  subscribe(destination: string, callback: (message: IMessage) => void): StompSubscription;
}
export type FeedClientFactory = (config: StompConfig) => FeedClient;

export interface FeedHandlers {
  onStatus(status: LiveStatus): void;
  /** The parsed body; the caller decides whether it is a message it understands. */
  onMessage(body: unknown): void;
  /** Every (re)connect: messages may have been missed while away, so the list reloads. */
  onConnected?(): void;
}

type SockJSClass = typeof import('sockjs-client');
let sockJS: Promise<SockJSClass> | undefined;
/**
 * SockJS (16 KB gzipped) comes as its own chunk, fetched as the feed starts: the queue paints without
 * waiting for it, which keeps /printJob within the staff routes' weight budget (docs/decisions/027).
 */
function loadSockJS(): Promise<SockJSClass> {
  // The package's `main` is CommonJS written for browserify, reading a bare `global` that Vite does
  // not provide; its own self-contained browser build works as-is. Types come from @types/sockjs-client.
  // @ts-expect-error -- the browser build ships without a declaration file
  sockJS ??= import('sockjs-client/dist/sockjs.min.js').then((m) => m.default as SockJSClass);
  // A failed fetch (a flaky connection) is not remembered: the next feed (a remount, a shop switch) fetches again.
  sockJS.catch(() => {
    sockJS = undefined;
  });
  return sockJS;
}

const defaultFactory: FeedClientFactory = (config) => new Client(config);

/**
 * A token that expires within the margin is renewed first (docs/product/rules.md#realtime). If that fails, or there is
 * no token, the failure is logged and no connection is made (docs/product/rules.md#realtime).
 */
async function authorise(client: FeedClient, renew: boolean): Promise<boolean> {
  try {
    // The server refused the last token (revoked by a logout or password change elsewhere): renew it first.
    if (renew && !(await refreshSession())) throw new Error('the refresh was refused');
    await ensureFreshToken();
  } catch (err) {
    console.warn('Live jobs: the session could not be renewed; not connecting.', err);
    return false;
  }
  const token = localStorage.getItem(LOCAL.token);
  if (!token || !decodeToken(token)) {
    console.warn('Live jobs: no valid token; not connecting.');
    return false;
  }
  client.connectHeaders = { Authorization: `Bearer ${token}` };
  return true;
}

/** Connects, subscribes to the shop's topic, and answers a stop function that unsubscribes and deactivates. */
export function startJobsFeed(shopId: string, handlers: FeedHandlers, createClient: FeedClientFactory = defaultFactory): () => void {
  let stopped = false;
  let subscription: StompSubscription | undefined;
  let renewToken = false;
  // A client being torn down still reports its socket closing; that must not overwrite a newer feed's status.
  const report = (status: LiveStatus) => {
    if (!stopped) handlers.onStatus(status);
  };

  let SockJS: SockJSClass | undefined;
  // Fetched now, alongside the first list, rather than when the first connect asks for it.
  loadSockJS().catch(() => {});

  const client: FeedClient = createClient({
    // beforeConnect has awaited the SockJS chunk, so it is here unless that fetch failed (and the connect was called off).
    webSocketFactory: () => new (SockJS as SockJSClass)(REALTIME.endpoint) as unknown as IStompSocket,
    reconnectDelay: REALTIME.reconnectDelay,
    heartbeatOutgoing: REALTIME.heartbeatOutgoing,
    heartbeatIncoming: REALTIME.heartbeatIncoming,
    debug: () => {},
    // Runs before the first connect and before every reconnect, so a renewed token is always sent.
    beforeConnect: async () => {
      report('connecting');
      const renew = renewToken;
      renewToken = false;
      SockJS ??= await loadSockJS().catch(() => undefined);
      if (!SockJS) console.warn('Live jobs: the realtime client could not be loaded.');
      else if (await authorise(client, renew)) return;
      await client.deactivate();
      report('disconnected');
    },
    onConnect: () => {
      if (stopped) return;
      subscription = client.subscribe(jobTopic(shopId), (message) => {
        if (stopped) return;
        try {
          handlers.onMessage(JSON.parse(message.body));
        } catch (err) {
          console.warn('Live jobs: a message was not JSON; ignored.', err);
        }
      });
      report('connected');
      handlers.onConnected?.();
    },
    onStompError: (frame) => {
      if (/jwt/i.test(frame.headers.message ?? '')) renewToken = true;
      console.warn('Live jobs: the server refused the connection:', frame.headers.message ?? frame.body);
      report('disconnected');
    },
    onWebSocketClose: () => {
      subscription = undefined;
      report('disconnected');
    },
  });

  report('connecting');
  client.activate();
  return () => {
    stopped = true;
    try {
      subscription?.unsubscribe();
    } catch {
      // The socket is already gone; there is nothing left to unsubscribe from.
    }
    void client.deactivate();
  };
}

/**
 * The live feed of one shop's jobs. A new shop id (the switcher) tears the old connection down
 * and subscribes afresh; unmounting does the same.
 */
export function useShopJobsFeed(
  shopId: string | null,
  handlers: Omit<FeedHandlers, 'onStatus'>,
  createClient?: FeedClientFactory,
): { status: LiveStatus; everConnected: boolean } {
  const [status, setStatus] = useState<LiveStatus>(shopId ? 'connecting' : 'disconnected');
  const [everConnected, setEverConnected] = useState(false);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    setEverConnected(false);
    if (!shopId) {
      setStatus('disconnected');
      return;
    }
    return startJobsFeed(
      shopId,
      {
        onStatus: (s) => {
          setStatus(s);
          if (s === 'connected') setEverConnected(true);
        },
        onMessage: (body) => latest.current.onMessage(body),
        onConnected: () => latest.current.onConnected?.(),
      },
      createClient,
    );
  }, [shopId, createClient]);

  return { status, everConnected };
}
