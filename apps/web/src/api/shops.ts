import type { TOnboardingResult, TOnboardingShop, TPublicShopDetails } from '@counterprint/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, request } from './client';
import { LOCAL, readStoredUser, SESSION } from './storage';

// Banners can be 4 × 5 MB on a shop's mobile data; the default 8 s would cut them off.
const ONBOARDING_TIMEOUT_MS = 120_000;

const shopPath = (slug: string) => `/public/shops/${encodeURIComponent(slug)}`;

export const shopKeys = {
  publicDetails: (slug: string) => ['public-shop', slug] as const,
};

export function fetchPublicShop(slug: string): Promise<TPublicShopDetails> {
  return apiGet<TPublicShopDetails>(`${shopPath(slug)}/details`, { public: true });
}

export function usePublicShop(slug: string | undefined) {
  return useQuery({
    queryKey: shopKeys.publicDetails(slug ?? ''),
    queryFn: () => fetchPublicShop(slug ?? ''),
    enabled: Boolean(slug),
    // A customer at the counter may keep the page open; the open/closed badge should not go stale for long.
    staleTime: 60_000,
  });
}

const visitedKey = (slug: string) => `visited:${slug}`;

/**
 * Counts one visit per browser session (docs/product/rules.md#traffic). The flag is set before the call so a
 * double-run effect or a reload cannot count twice; a failed report is not worth bothering a customer.
 */
export function reportVisit(slug: string, src: 'qr' | 'online'): void {
  if (sessionStorage.getItem(visitedKey(slug))) return;
  sessionStorage.setItem(visitedKey(slug), src);
  apiPost(`${shopPath(slug)}/visits`, { src }, { public: true }).catch(() => {});
}

/**
 * Creates a shop (docs/product/rules.md#shops). A signed-in owner proves the account with the bearer token;
 * someone fresh from sign-up uses the onboarding token it returned.
 */
export function createShop(shop: TOnboardingShop, banners: File[], signedIn: boolean): Promise<TOnboardingResult> {
  const form = new FormData();
  form.append('shop', new Blob([JSON.stringify(shop)], { type: 'application/json' }));
  for (const banner of banners) form.append('banners', banner, banner.name);
  if (signedIn) return apiPost<TOnboardingResult>('/public/onboarding-shops/create', form, { timeoutMs: ONBOARDING_TIMEOUT_MS });
  const token = sessionStorage.getItem(SESSION.onboardingToken);
  return request<TOnboardingResult>('/public/onboarding-shops/create', {
    method: 'POST',
    body: form,
    public: true,
    timeoutMs: ONBOARDING_TIMEOUT_MS,
    headers: token ? { 'X-Onboarding-Token': token } : {},
  }).then((res) => res.data);
}

/** The shop switcher reads the stored sign-in answer; a new shop joins it without a fresh sign-in. */
export function rememberOwnedShop(shop: TOnboardingResult): void {
  const user = readStoredUser();
  if (!user || user.shops.some((s) => s.id === shop.id)) return;
  const shops = [...user.shops, { id: shop.id, slug: shop.slug, name: shop.shopName }];
  localStorage.setItem(LOCAL.user, JSON.stringify({ ...user, shopName: user.shopName ?? shop.shopName, shops }));
  if (!localStorage.getItem(LOCAL.shopName)) localStorage.setItem(LOCAL.shopName, shop.shopName);
}
