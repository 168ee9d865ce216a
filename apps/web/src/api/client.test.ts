import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeToken, stubFetch, stubSilentServer } from '../test/helpers';
import { ApiError, apiGet, sessionExit } from './client';
import { LOCAL, SESSION } from './storage';

function signIn(token: string) {
  localStorage.setItem(LOCAL.token, token);
  // Where older versions kept the refresh token: a session from then must lose it.
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem(LOCAL.user, JSON.stringify({ id: 'user-1', name: 'Asha' }));
}

describe('API client session rules (docs/product/rules.md#session-expiry)', () => {
  let redirect: ReturnType<typeof vi.fn<(url: string) => void>>;
  beforeEach(() => {
    redirect = vi.fn<(url: string) => void>();
    vi.spyOn(sessionExit, 'redirect').mockImplementation(redirect);
  });

  it('sends a fresh token as a bearer header without refreshing', async () => {
    const token = makeToken({ expiresInSeconds: 3600 });
    signIn(token);
    const { calls } = stubFetch(() => jsonResponse(200, { ok: true }));
    await expect(apiGet('/auth/me')).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/auth/me');
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${token}`);
  });

  it('refreshes a token that expires within 300 s before the call through the refresh cookie, and uses the new one', async () => {
    signIn(makeToken({ expiresInSeconds: 200 }));
    const renewed = makeToken({ expiresInSeconds: 3600 });
    const { calls } = stubFetch(
      () => jsonResponse(200, { token: renewed }, { Authorization: `Bearer ${renewed}` }),
      () => jsonResponse(200, { ok: true }),
    );
    await apiGet('/auth/me');
    expect(calls[0]?.url).toBe('/api/auth/refresh-token');
    expect(calls[0]?.method).toBe('POST');
    // No refresh token in script's reach: the HttpOnly cookie goes with a same-origin request.
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[0]?.credentials).toBe('same-origin');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[1]?.headers.Authorization).toBe(`Bearer ${renewed}`);
    expect(localStorage.getItem(LOCAL.token)).toBe(renewed);
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('does not refresh a token with more than 300 s left', async () => {
    signIn(makeToken({ expiresInSeconds: 400 }));
    const { calls } = stubFetch(() => jsonResponse(200, {}));
    await apiGet('/auth/me');
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me']);
  });

  it('ends the session when the refresh fails: clears storage, stores the reason, redirects', async () => {
    signIn(makeToken({ expiresInSeconds: -10 }));
    const authChanged = vi.fn();
    window.addEventListener('authChanged', authChanged);
    const { calls } = stubFetch(() => jsonResponse(401, { error: 'Authentication failed', code: 'UNAUTHORIZED' }));
    const error = await apiGet('/auth/me').catch((e: unknown) => e);
    window.removeEventListener('authChanged', authChanged);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Session expired');
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh-token']);
    expect(localStorage.getItem(LOCAL.token)).toBeNull();
    expect(localStorage.getItem(LOCAL.user)).toBeNull();
    expect(sessionStorage.getItem(SESSION.logoutReason)).toBeTruthy();
    expect(redirect).toHaveBeenCalledWith('/login?sessionExpired=true');
    expect(authChanged).toHaveBeenCalled();
  });

  it("answers a 401 'JWT expired' with one refresh, then 'Session expired' when that fails", async () => {
    signIn(makeToken({ expiresInSeconds: 3600 }));
    const { calls } = stubFetch(
      () => jsonResponse(401, { error: 'JWT expired', code: 'TOKEN_EXPIRED' }),
      () => jsonResponse(401, { error: 'Authentication failed', code: 'UNAUTHORIZED' }),
    );
    await expect(apiGet('/owner/overview')).rejects.toThrow('Session expired');
    expect(calls.map((c) => c.url)).toEqual(['/api/owner/overview', '/api/auth/refresh-token']);
    expect(localStorage.getItem(LOCAL.token)).toBeNull();
    expect(redirect).toHaveBeenCalledWith('/login?sessionExpired=true');
  });

  it("retries once with the new token when a 401 'JWT expired' is followed by a good refresh", async () => {
    signIn(makeToken({ expiresInSeconds: 3600 }));
    const renewed = makeToken({ expiresInSeconds: 3600, sub: 'user-1-renewed' });
    const { calls } = stubFetch(
      () => jsonResponse(401, { error: 'JWT expired', code: 'TOKEN_EXPIRED' }),
      () => jsonResponse(200, { token: renewed }),
      () => jsonResponse(200, { shops: 3 }),
    );
    await expect(apiGet('/owner/overview')).resolves.toEqual({ shops: 3 });
    expect(calls[2]?.headers.Authorization).toBe(`Bearer ${renewed}`);
    expect(redirect).not.toHaveBeenCalled();
  });

  it("rejects any other 401 with 'Authentication failed' and keeps the session", async () => {
    const token = makeToken();
    signIn(token);
    const { calls } = stubFetch(() => jsonResponse(401, { error: 'Missing bearer token', code: 'UNAUTHORIZED' }));
    const error = (await apiGet('/auth/me').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Authentication failed');
    expect(error.status).toBe(401);
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem(LOCAL.token)).toBe(token);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('treats an unreadable stored token as no token', async () => {
    localStorage.setItem(LOCAL.token, 'not-a-jwt');
    const { calls } = stubFetch(() => jsonResponse(200, {}));
    await apiGet('/auth/me');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('exposes the server error body as status, code and message', async () => {
    stubFetch(() => jsonResponse(409, { error: 'That email is already registered', code: 'EMAIL_TAKEN' }));
    const error = (await apiGet('/anything', { public: true }).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 409, code: 'EMAIL_TAKEN', message: 'That email is already registered' });
  });

  it('gives up after the timeout with a no-response error', async () => {
    vi.useFakeTimers();
    stubSilentServer();
    const pending = apiGet('/slow', { public: true, timeoutMs: 1000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    const error = (await pending) as ApiError;
    expect(error.noResponse).toBe(true);
    expect(error.code).toBe('TIMEOUT');
  });
});
