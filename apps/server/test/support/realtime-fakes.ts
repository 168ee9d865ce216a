/** Shared fakes for the realtime tests (not imported by production code). */
import type { AuthResult, BrokerConnection, BrokerOptions } from '../../src/realtime/broker.js';
import { FrameParser, type StompFrame } from '../../src/realtime/frame.js';

/**
 * Tokens: 'good-<user>' valid for an hour, 'short-<user>-<ms>' valid for ms,
 * 'expired-<user>' already expired, anything else invalid.
 */
export async function fakeAuthenticate(token: string): Promise<AuthResult> {
  const now = Date.now();
  const good = /^good-(\w+)$/.exec(token);
  if (good?.[1]) return { userId: good[1], expiresAt: now + 3_600_000 };
  const short = /^short-(\w+)-(\d+)$/.exec(token);
  if (short?.[1]) return { userId: short[1], expiresAt: now + Number(short[2]) };
  const expired = /^expired-(\w+)$/.exec(token);
  if (expired?.[1]) return { userId: expired[1], expiresAt: now - 1000 };
  return null;
}

/** userId → shops; mutate it to revoke access. */
export function accessTable(entries: Record<string, string[]>) {
  const table = new Map(Object.entries(entries).map(([u, shops]) => [u, new Set(shops)]));
  const canSubscribe = async (userId: string, shopId: string) => table.get(userId)?.has(shopId) ?? false;
  return { table, canSubscribe };
}

export function brokerOptions(extra: Partial<BrokerOptions> = {}): BrokerOptions {
  const { canSubscribe } = accessTable({ alice: ['shop1', 'shop2'], bob: ['shop2'] });
  return { authenticate: fakeAuthenticate, canSubscribe, recheckIntervalMs: 0, ...extra };
}

/** An in-memory BrokerConnection that decodes what the broker sends. */
export function fakeConnection() {
  const parser = new FrameParser();
  const state = {
    frames: [] as StompFrame[],
    raw: [] as string[],
    closed: false,
    terminated: false,
    buffered: 0,
  };
  const conn: BrokerConnection = {
    send: (text) => {
      state.raw.push(text);
      const r = parser.feed(text);
      state.frames.push(...r.frames);
      if (r.error) throw r.error;
    },
    close: () => {
      state.closed = true;
    },
    terminate: () => {
      state.terminated = true;
    },
    bufferedBytes: () => state.buffered,
  };
  return { conn, state, last: () => state.frames.at(-1) };
}

export const frameText = (command: string, headers: Record<string, string> = {}, body = '') =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}\n`)
    .join('')}\n${body}\0`;

export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export async function waitFor(cond: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
