import type { TOnboardingResult, TOnboardingShop, TPublicShopDetails } from '@counterprint/contract';
import { useEffect, useState } from 'react';
import { ApiError, apiGet, apiPost, request } from './client';
import { LOCAL, readStoredUser, SESSION } from './storage';

// Banners can be 4 × 5 MB on a shop's mobile data; the default 8 s would cut them off.
const ONBOARDING_TIMEOUT_MS = 120_000;

const shopPath = (slug: string) => `/public/shops/${encodeURIComponent(slug)}`;

export function fetchPublicShop(slug: string): Promise<TPublicShopDetails> {
  return apiGet<TPublicShopDetails>(`${shopPath(slug)}/details`, { public: true });
}

/** Tries after the first, and the wait before each: a phone at the counter may lose a request or two. */
const RETRY_AFTER_MS = [1_000, 2_000];

export type PublicShopState = { data: TPublicShopDetails | undefined; isError: boolean; error: unknown };

/**
 * A shop's public details, fetched once per page: the shop page reads only this, so it does without
 * TanStack Query and its bytes (docs/decisions/050-query-client-off-the-shop-page.md). A 4xx is final
 * (the shop does not exist); anything else is tried twice more, as the app's queries are, and while
 * the phone is offline it waits for the network first.
 */
export function usePublicShop(slug: string | undefined): PublicShopState {
  const [state, setState] = useState<PublicShopState & { slug?: string }>({ data: undefined, isError: false, error: null });
  useEffect(() => {
    if (!slug) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let online: (() => void) | undefined;
    const attempt = (tried: number) => {
      fetchPublicShop(slug).then(
        (data) => {
          if (live) setState({ slug, data, isError: false, error: null });
        },
        (error: unknown) => {
          if (!live) return;
          const final = error instanceof ApiError && error.status >= 400 && error.status < 500;
          if (!final && !navigator.onLine) {
            // A phone with no network waits for it, as a query does, rather than spending its tries.
            online = () => attempt(tried);
            window.addEventListener('online', online, { once: true });
            return;
          }
          const wait = RETRY_AFTER_MS[tried];
          if (final || wait === undefined) setState({ slug, data: undefined, isError: true, error });
          else timer = setTimeout(() => attempt(tried + 1), wait);
        },
      );
    };
    attempt(0);
    return () => {
      live = false;
      clearTimeout(timer);
      if (online) window.removeEventListener('online', online);
    };
  }, [slug]);
  // Another shop's answer is never shown while this one's is on its way.
  return state.slug === slug ? state : { data: undefined, isError: false, error: null };
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
