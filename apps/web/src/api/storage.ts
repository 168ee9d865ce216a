import type { TRole, TSigninResponse } from '@counterprint/contract';

/**
 * Storage keys of docs/product/rules.md#client-storage, onboardingToken included. Other features read these names.
 * Not the refresh token: it lives in an HttpOnly cookie that script cannot read (docs/decisions/012).
 */
export const LOCAL = {
  token: 'token',
  user: 'user',
  activeRole: 'activeRole',
  userId: 'userId',
  shopName: 'shopName',
  activeShopId: 'activeShopId',
  activeShopSlug: 'activeShopSlug',
} as const;

export const SESSION = {
  onboardingEmail: 'onboardingEmail',
  onboardingToken: 'onboardingToken',
  logoutReason: 'logoutReason',
} as const;

/** Where earlier versions kept the refresh token; removed wherever the session is stored or cleared. */
export const LEGACY_REFRESH_TOKEN_KEY = 'refreshToken';

export const AUTH_CHANGED = 'authChanged';
export const ACTIVE_SHOP_CHANGED = 'activeShopChanged';
export const SESSION_EXPIRED_REASON = 'sessionExpired';

/** What we keep of the sign-in answer: everything but the refresh token, which stays in its cookie. */
export type StoredUser = Omit<TSigninResponse, 'refreshToken'>;

export function readLocal(key: (typeof LOCAL)[keyof typeof LOCAL]): string | null {
  return localStorage.getItem(key);
}

export function readStoredUser(): StoredUser | null {
  const raw = localStorage.getItem(LOCAL.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  localStorage.setItem(LOCAL.token, token);
  localStorage.removeItem(LEGACY_REFRESH_TOKEN_KEY);
}

/** Keeps the sign-in answer where the rest of the app reads it; the first shop becomes active. */
export function storeSignIn(token: string, answer: TSigninResponse): void {
  const { refreshToken: _inItsCookie, ...user } = answer;
  storeToken(token);
  localStorage.setItem(LOCAL.user, JSON.stringify(user));
  localStorage.setItem(LOCAL.userId, user.id);
  if (user.shopName) localStorage.setItem(LOCAL.shopName, user.shopName);
  else localStorage.removeItem(LOCAL.shopName);
  const first = user.shops[0];
  if (first) setActiveShop(first.id, first.slug, false);
  else {
    localStorage.removeItem(LOCAL.activeShopId);
    localStorage.removeItem(LOCAL.activeShopSlug);
  }
}

export function setActiveShop(id: string, slug: string, notify = true): void {
  localStorage.setItem(LOCAL.activeShopId, id);
  localStorage.setItem(LOCAL.activeShopSlug, slug);
  if (notify) window.dispatchEvent(new Event(ACTIVE_SHOP_CHANGED));
}

export function readActiveRole(): TRole | null {
  return localStorage.getItem(LOCAL.activeRole) as TRole | null;
}

export function setActiveRole(role: TRole | null): void {
  if (role) localStorage.setItem(LOCAL.activeRole, role);
  else localStorage.removeItem(LOCAL.activeRole);
}

/**
 * The workspace each account on this browser last used, by user id. Not in LOCAL: it outlives
 * sign-out, so the next sign-in opens where the person left off (docs/decisions/023).
 */
export const LAST_WORKSPACE_KEY = 'lastWorkspace';
const REMEMBERED_ACCOUNTS = 10;

function readLastWorkspaces(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LAST_WORKSPACE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function readLastWorkspace(userId: string): string | null {
  return readLastWorkspaces()[userId] ?? null;
}

export function rememberWorkspace(userId: string, role: TRole): void {
  const { [userId]: _old, ...others } = readLastWorkspaces();
  // Newest last; a shared counter computer keeps only the most recent few accounts.
  const kept = Object.entries(others).slice(-(REMEMBERED_ACCOUNTS - 1));
  localStorage.setItem(LAST_WORKSPACE_KEY, JSON.stringify(Object.fromEntries([...kept, [userId, role]])));
}

export function notifyAuthChanged(): void {
  window.dispatchEvent(new Event(AUTH_CHANGED));
}

/** Session expiry (docs/product/rules.md#session-expiry): the token and user go, and the reason survives the redirect. */
export function clearExpiredSession(): void {
  localStorage.removeItem(LOCAL.token);
  localStorage.removeItem(LOCAL.user);
  localStorage.removeItem(LEGACY_REFRESH_TOKEN_KEY);
  sessionStorage.setItem(SESSION.logoutReason, SESSION_EXPIRED_REASON);
}

/** Forgets the signed-in account but keeps session-scoped onboarding progress. */
export function clearAccountKeys(): void {
  for (const key of Object.values(LOCAL)) localStorage.removeItem(key);
  localStorage.removeItem(LEGACY_REFRESH_TOKEN_KEY);
}

/** The profile-menu logout clears everything this app stores. */
export function clearAllStorage(): void {
  clearAccountKeys();
  for (const key of Object.values(SESSION)) sessionStorage.removeItem(key);
}
