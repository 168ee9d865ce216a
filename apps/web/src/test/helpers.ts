import { vi } from 'vitest';

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token; the client only reads claims, the server verifies. */
export function makeToken(claims: { roles?: unknown; expiresInSeconds?: number; sub?: string } = {}): string {
  const { expiresInSeconds = 3600, roles = ['SHOP_OWNER'], sub = 'user-1' } = claims;
  const payload = { sub, roles, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + expiresInSeconds };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials?: RequestCredentials | undefined;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/**
 * Replaces fetch at the network boundary. Each answer is taken in order; the recorded calls
 * let a test check what the client sent.
 */
export function stubFetch(...answers: Handler[]) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = init.body;
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof body === 'string' ? JSON.parse(body) : body,
      credentials: init.credentials,
    };
    calls.push(call);
    const answer = answers.shift();
    if (!answer) throw new Error(`Unexpected fetch ${call.method} ${call.url}`);
    return answer(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A server that never answers: only the client's own abort (its timeout) ends the call. */
export function stubSilentServer() {
  const fetchMock = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
