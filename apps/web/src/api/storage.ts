import type { TRole, TSigninResponse } from '@counterprint/contract';

/** Storage keys of spec 01 §3, plus DECISIONS' onboardingToken. Other features read these names. */
export const LOCAL = {
  token: 'token',
  user: 'user',
  refreshToken: 'refreshToken',
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

export const AUTH_CHANGED = 'authChanged';
export const ACTIVE_SHOP_CHANGED = 'activeShopChanged';
export const SESSION_EXPIRED_REASON = 'sessionExpired';

/** What we keep of the sign-in answer: everything but the refresh token, which has its own key. */
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

export function storeTokens(token: string, refreshToken?: string): void {
  localStorage.setItem(LOCAL.token, token);
  if (refreshToken) localStorage.setItem(LOCAL.refreshToken, refreshToken);
}

/** Keeps the sign-in answer where the rest of the app reads it; the first shop becomes active. */
export function storeSignIn(token: string, answer: TSigninResponse): void {
  const { refreshToken, ...user } = answer;
  storeTokens(token, refreshToken);
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

export function notifyAuthChanged(): void {
  window.dispatchEvent(new Event(AUTH_CHANGED));
}

/** Session expiry (spec 01 §7): the token and user go, and the reason survives the redirect. */
export function clearExpiredSession(): void {
  localStorage.removeItem(LOCAL.token);
  localStorage.removeItem(LOCAL.user);
  localStorage.removeItem(LOCAL.refreshToken);
  sessionStorage.setItem(SESSION.logoutReason, SESSION_EXPIRED_REASON);
}

/** Forgets the signed-in account but keeps session-scoped onboarding progress. */
export function clearAccountKeys(): void {
  for (const key of Object.values(LOCAL)) localStorage.removeItem(key);
}

/** The profile-menu logout clears everything this app stores. */
export function clearAllStorage(): void {
  clearAccountKeys();
  for (const key of Object.values(SESSION)) sessionStorage.removeItem(key);
}
