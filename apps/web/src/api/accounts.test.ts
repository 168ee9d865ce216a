import { describe, expect, it } from 'vitest';
import { jsonResponse, makeToken, stubFetch } from '../test/helpers';
import { logout, signIn, updateMe } from './accounts';
import { LOCAL } from './storage';

const answer = {
  refreshToken: 'refresh-secret',
  id: 'u1',
  name: 'Asha',
  email: 'asha@shop.in',
  roles: ['ROLE_USER'],
  shopName: null,
  shops: [],
};

const stored = () => Array.from({ length: localStorage.length }, (_, i) => localStorage.getItem(localStorage.key(i)!) ?? '').join('\n');

describe('the refresh token stays in its HttpOnly cookie', () => {
  it('keeps no refresh token anywhere in storage after sign-in', async () => {
    const token = makeToken();
    stubFetch(() => jsonResponse(200, answer, { Authorization: `Bearer ${token}` }));
    await signIn({ email: 'asha@shop.in', password: 'secret123' });
    expect(localStorage.getItem(LOCAL.token)).toBe(token);
    expect(stored()).not.toContain('refresh-secret');
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('logs out through the cookie: no token in the body, credentials sent, storage cleared', async () => {
    localStorage.setItem(LOCAL.token, makeToken());
    localStorage.setItem('refreshToken', 'left-by-an-old-version');
    const { calls } = stubFetch(() => jsonResponse(200, { ok: true }));
    await logout();
    expect(calls[0]).toMatchObject({ url: '/api/auth/logout', method: 'POST', body: undefined, credentials: 'same-origin' });
    expect(localStorage.length).toBe(0);
  });

  it('keeps the session going with the bearer a password change answers', async () => {
    localStorage.setItem(LOCAL.token, makeToken());
    const renewed = makeToken({ sub: 'after-change' });
    stubFetch(() => jsonResponse(200, { ...answer, emailVerified: true }, { Authorization: `Bearer ${renewed}` }));
    await updateMe({ currentPassword: 'old-pass1', newPassword: 'new-pass1' });
    expect(localStorage.getItem(LOCAL.token)).toBe(renewed);
  });
});
