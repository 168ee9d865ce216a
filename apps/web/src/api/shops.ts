import type {
  TJobCreated,
  TOnboardingResult,
  TOnboardingShop,
  TPrintOptionsInput,
  TPublicJob,
  TPublicShopDetails,
} from '@counterprint/contract';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, ApiError, apiGet, apiPost, request } from './client';
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

export interface JobUpload {
  slug: string;
  files: File[];
  /** One per file, in the same order (the multipart field `options`); left out, every file takes the shop's defaults. */
  options?: TPrintOptionsInput[];
  name?: string;
  phone?: string;
  /** 0–100, as the browser reports bytes sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export type JobUploader = (upload: JobUpload) => Promise<TJobCreated>;

function failureFrom(xhr: XMLHttpRequest): ApiError {
  let body: { error?: unknown; code?: unknown } = {};
  try {
    body = JSON.parse(xhr.responseText) as typeof body;
  } catch {
    // A proxy's HTML error page: fall back to the status.
  }
  const message = typeof body.error === 'string' && body.error ? body.error : undefined;
  const code = typeof body.code === 'string' ? body.code : `HTTP_${xhr.status}`;
  return new ApiError(xhr.status, code, message ?? `Request failed with status ${xhr.status}`, message);
}

/**
 * Sends a customer's files as one job. XMLHttpRequest rather than fetch because only it reports
 * upload progress. No timeout: 50 files of 25 MB on a phone can take minutes.
 */
export const uploadJob: JobUploader = ({ slug, files, options, name, phone, onProgress, signal }) =>
  new Promise((resolve, reject) => {
    const form = new FormData();
    // Small fields first, so the server can refuse a bad phone or bad print options before any file streams in.
    if (name?.trim()) form.append('name', name.trim());
    if (phone?.trim()) form.append('phone', phone.trim());
    if (options) form.append('options', JSON.stringify(options));
    for (const file of files) form.append('files', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${shopPath(slug)}/jobs`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(failureFrom(xhr));
      try {
        resolve(JSON.parse(xhr.responseText) as TJobCreated);
      } catch {
        reject(new ApiError(xhr.status, 'BAD_RESPONSE', 'The server sent an unreadable answer'));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'Upload cancelled'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });

/** GET /api/public/jobs/:token: the customer's own job, named by the token the upload answered; no sign-in. */
export function fetchJobByToken(token: string, signal?: AbortSignal): Promise<TPublicJob> {
  return apiGet<TPublicJob>(`/public/jobs/${encodeURIComponent(token)}`, { public: true, signal });
}
