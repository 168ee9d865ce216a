import type { TPublicJob } from '@counterprint/contract';
import { vi } from 'vitest';
import { jsonResponse } from './helpers';
import { PUBLIC_JOB_TOKEN } from './publicJob';

/** The browser's EventSource, as far as the status page uses it: named events, open, close. */
export class FakeEventSource {
  static readonly CLOSED = 2;
  static sources: FakeEventSource[] = [];
  readyState = 1;
  readonly listeners = new Map<string, Set<(e: Event) => void>>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.sources.push(this);
  }
  addEventListener(type: string, listener: (e: Event) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: (e: Event) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server refused the stream (a 429): the browser gives up on it and says so once. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    for (const listener of this.listeners.get('error') ?? []) listener(new Event('error'));
  }
  /** The connection dropped or never came up: the browser says so and tries again by itself. */
  fail() {
    this.readyState = 0;
    for (const listener of this.listeners.get('error') ?? []) listener(new Event('error'));
  }
  /** What the server sends: `changed`, or `open` when the stream (re)connects. */
  emit(type: string) {
    if (this.closed) return;
    for (const listener of this.listeners.get(type) ?? [])
      listener(type === 'open' ? new Event(type) : new MessageEvent(type, { data: '{}' }));
  }
}

export function stubEventSource(): FakeEventSource[] {
  FakeEventSource.sources = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource.sources;
}

export interface ServedCall {
  url: string;
  method: string;
  body: unknown;
}

type Route = (call: ServedCall) => Response | Promise<Response>;

/**
 * A server holding one job: GET /api/public/jobs/{token} answers it as it is now (`set` changes it);
 * other calls answer from `on('METHOD /url', …)`, anything else is a test failure.
 */
export function serveJob(job: TPublicJob | null, token = PUBLIC_JOB_TOKEN) {
  let current = job;
  const calls: ServedCall[] = [];
  const routes = new Map<string, Route>();
  const jobUrl = `/api/public/jobs/${token}`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = {
        url: String(input),
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      };
      calls.push(call);
      const route = routes.get(`${call.method} ${call.url}`);
      if (route) return route(call);
      if (call.method === 'GET' && call.url === jobUrl) {
        return current
          ? jsonResponse(200, current)
          : jsonResponse(404, { error: 'This job link is not valid. Check the link, or ask the shop.', code: 'JOB_NOT_FOUND' });
      }
      throw new Error(`Unexpected fetch ${call.method} ${call.url}`);
    }),
  );
  return {
    calls,
    set: (next: TPublicJob) => {
      current = next;
    },
    on: (key: string, route: Route) => routes.set(key, route),
    /** How many times the page looked at the job. */
    looks: () => calls.filter((c) => c.method === 'GET' && c.url === jobUrl).length,
  };
}

/** Just enough of XMLHttpRequest to see what an upload sent and to answer it. */
export class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

/** A screen that matches `(pointer: coarse)` (a phone) or not (a desktop). */
export function stubScreen(phone: boolean) {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: phone,
    media,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
