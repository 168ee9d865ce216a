import { SESSION_EXPIRY_MARGIN_SECONDS, type TRefreshResponse } from '@counterprint/contract';
import { clearExpiredSession, LOCAL, notifyAuthChanged, storeToken } from './storage';
import { bearerFrom, decodeToken, secondsLeft } from './token';

export const API_BASE = '/api';
export const DEFAULT_TIMEOUT_MS = 8_000;
export const SESSION_EXPIRED_URL = '/login?sessionExpired=true';

/** A failed call. `message` is the server's `error` when it sent one (kept in `serverMessage` too). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** True when no answer came back at all (offline, refused, timed out). */
  get noResponse(): boolean {
    return this.status === 0;
  }
}

/** The server's own words when it sent any, otherwise the screen's fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as-is when it is FormData (multipart). */
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Calls docs/product/rules.md#public-calls lists as public: no bearer and none of the session-expiry rules. */
  public?: boolean;
  signal?: AbortSignal;
  /** A successful answer is read as bytes (a PDF), not as JSON or text; errors still read as JSON. */
  blob?: boolean;
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

/** Where the browser goes when a session ends; a full load also drops every cached answer. */
export const sessionExit = {
  redirect(url: string): void {
    window.location.assign(url);
  },
};

async function send(path: string, options: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort('timeout'), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = options.public ? null : localStorage.getItem(LOCAL.token);
  // An unreadable stored token is treated as no token at all (docs/product/rules.md#session-expiry).
  if (token && decodeToken(token)) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: isForm ? (options.body as FormData) : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      // The refresh cookie (HttpOnly, SameSite=Strict, Path=/api/auth) goes to our own origin only.
      credentials: 'same-origin',
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    const timedOut = controller.signal.aborted;
    throw new ApiError(0, timedOut ? 'TIMEOUT' : 'NETWORK', timedOut ? 'Request timed out' : 'Network error');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  if (!(res.headers.get('Content-Type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// The one reader of the server's error answer, `{ error, code }` (the contract's TErrorBody), for every way
// a body arrives: fetch, XMLHttpRequest (upload.ts), a PNG's failure (qr.ts), tus (tusSend.ts).

export interface ServerError {
  /** The server's own words, when it sent any. */
  message: string | undefined;
  code: string | undefined;
}

/** A parsed body: anything that is not the server's error object reads as no message and no code. */
export function serverErrorOf(body: unknown): ServerError {
  const b = (body && typeof body === 'object' ? body : {}) as { error?: unknown; code?: unknown };
  return {
    message: typeof b.error === 'string' && b.error ? b.error : undefined,
    code: typeof b.code === 'string' ? b.code : undefined,
  };
}

/** A body as text: a proxy's HTML page, or no answer at all, reads as no message. */
export function serverErrorOfText(text: string | null | undefined): ServerError {
  try {
    return serverErrorOf(JSON.parse(text ?? ''));
  } catch {
    return serverErrorOf(undefined);
  }
}

function errorFrom(status: number, body: unknown): ApiError {
  const { message, code } = serverErrorOf(body);
  return new ApiError(status, code ?? `HTTP_${status}`, message ?? `Request failed with status ${status}`, message);
}

let refreshing: Promise<boolean> | null = null;

/** Trades the refresh cookie for a new access token (and cookie). Concurrent callers share one attempt. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= tryRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function tryRefresh(): Promise<boolean> {
  // Nobody signed in on this browser: there is no session to renew.
  if (!localStorage.getItem(LOCAL.token) && !localStorage.getItem(LOCAL.user)) return false;
  try {
    const res = await send('/auth/refresh-token', { method: 'POST', public: true });
    if (!res.ok) return false;
    const body = (await readBody(res)) as Partial<TRefreshResponse> | undefined;
    const token = bearerFrom(res.headers.get('Authorization')) ?? body?.token;
    if (!token || !decodeToken(token)) return false;
    storeToken(token);
    return true;
  } catch {
    return false;
  }
}

/** Ends the session as docs/product/rules.md#session-expiry says: clear, remember why, go to the login page. */
export function expireSession(): ApiError {
  clearExpiredSession();
  notifyAuthChanged();
  if (`${window.location.pathname}${window.location.search}` !== SESSION_EXPIRED_URL) {
    sessionExit.redirect(SESSION_EXPIRED_URL);
  }
  return new ApiError(401, 'TOKEN_EXPIRED', 'Session expired');
}

/** Before a call: a token that is expired or about to be is renewed, or the session ends. */
export async function ensureFreshToken(): Promise<void> {
  const claims = decodeToken(localStorage.getItem(LOCAL.token));
  if (!claims || secondsLeft(claims) > SESSION_EXPIRY_MARGIN_SECONDS) return;
  if (await refreshSession()) return;
  throw expireSession();
}

const looksExpired = (message: string) => /expired|jwt/i.test(message);

/** One call to the API with the session rules applied; answers status, headers and parsed body. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  if (!options.public) await ensureFreshToken();
  const read = (r: Response) => (options.blob && r.ok ? r.blob() : readBody(r));
  let res = await send(path, options);
  let body = await read(res);
  if (res.status === 401 && !options.public) {
    const error = errorFrom(401, body);
    if (!looksExpired(error.message)) throw new ApiError(401, error.code, 'Authentication failed', error.serverMessage);
    if (!(await refreshSession())) throw expireSession();
    res = await send(path, options);
    body = await read(res);
    if (res.status === 401) throw expireSession();
  }
  if (!res.ok) throw errorFrom(res.status, body);
  return { status: res.status, headers: res.headers, data: body as T };
}

export async function apiGet<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T> {
  return (await request<T>(path, { ...options, method: 'GET' })).data;
}

/** A file the API makes for a signed-in user (a print-ready PDF), with the session rules applied. */
export async function apiBlob(path: string, options?: Omit<RequestOptions, 'method' | 'body' | 'blob'>): Promise<Blob> {
  return (await request<Blob>(path, { ...options, blob: true })).data;
}

export async function apiPost<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T> {
  return (await request<T>(path, { ...options, method: 'POST', body })).data;
}

export async function apiPut<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T> {
  return (await request<T>(path, { ...options, method: 'PUT', body })).data;
}

export async function apiDelete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T> {
  return (await request<T>(path, { ...options, method: 'DELETE' })).data;
}
