import type {
  TInventoryCreate,
  TInventoryItem,
  TInventoryUpdate,
  TRateCardService,
  TSettings,
  TShopHours,
  TShopHoursUpdate,
  TShopProfile,
  TShopProfileUpdate,
} from '@counterprint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut, request } from './client';
import type { MutationUi } from './mutationUi';

/** Uploads carry up to 10 images of 5 MB each; the shared 8 s timeout is too short on a shop's line. */
const UPLOAD_TIMEOUT_MS = 120_000;

export const settingsKeys = {
  all: ['settings'] as const,
  shop: (shopId: string) => ['settings', shopId] as const,
};

const scoped = (path: string, shopId: string) => `${path}${path.includes('?') ? '&' : '?'}shopId=${encodeURIComponent(shopId)}`;

export function fetchSettings(shopId: string): Promise<TSettings> {
  return apiGet<TSettings>(scoped('/settings', shopId));
}

export function useShopSettings(shopId: string) {
  return useQuery({ queryKey: settingsKeys.shop(shopId), queryFn: () => fetchSettings(shopId) });
}

/** Keeps the settings cache (this screen's and the settings page's) in step with what the server saved. */
export function useHoursSaved(shopId: string) {
  const client = useQueryClient();
  return (hours: TShopHours) => client.setQueryData<TSettings>(settingsKeys.shop(shopId), (s) => (s ? { ...s, hours } : s));
}

export function saveShopProfile(shopId: string, profile: TShopProfileUpdate): Promise<TShopProfile> {
  return apiPut<TShopProfile>(scoped('/settings/shop', shopId), profile);
}

function bannerForm(files: File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('banners', file, file.name);
  return form;
}

/** One save for the profile and the banners picked but not uploaded yet (the multipart call of docs/product/routes.md#settings). */
export function saveShopProfileWithBanners(shopId: string, profile: TShopProfileUpdate, banners: File[]): Promise<TShopProfile> {
  const form = new FormData();
  form.append('profile', new Blob([JSON.stringify(profile)], { type: 'application/json' }), 'profile.json');
  for (const file of banners) form.append('banners', file, file.name);
  return apiPut<TShopProfile>(scoped('/settings/shop-with-banners', shopId), form, { timeoutMs: UPLOAD_TIMEOUT_MS });
}

export function uploadBanners(shopId: string, banners: File[]): Promise<TShopProfile> {
  return apiPost<TShopProfile>(scoped('/settings/banners/upload', shopId), bannerForm(banners), { timeoutMs: UPLOAD_TIMEOUT_MS });
}

export async function removeBanners(shopId: string, bannerGcsPaths: string[]): Promise<TShopProfile> {
  return (await request<TShopProfile>(scoped('/settings/banners', shopId), { method: 'DELETE', body: { bannerGcsPaths } })).data;
}

export async function checkUsername(username: string, shopId: string, signal?: AbortSignal): Promise<boolean> {
  const params = new URLSearchParams({ username, shopId });
  return (await apiGet<{ available: boolean }>(`/settings/username-check?${params}`, { signal })).available;
}

export function addInventoryItem(shopId: string, item: TInventoryCreate): Promise<TInventoryItem> {
  return apiPost<TInventoryItem>(scoped('/settings/inventory', shopId), item);
}

export function updateInventoryItem(shopId: string, sku: string, change: TInventoryUpdate): Promise<TInventoryItem> {
  return apiPut<TInventoryItem>(scoped(`/settings/inventory/${encodeURIComponent(sku)}`, shopId), change);
}

export async function deleteInventoryItem(shopId: string, sku: string): Promise<void> {
  await apiDelete(scoped(`/settings/inventory/${encodeURIComponent(sku)}`, shopId));
}

type PrintAttributes = 'paper' | 'color' | 'sides' | 'extra';

/** One service as PUT /api/settings/ratecard takes it: '' clears a print attribute (issue 19). */
export type RateCardInput = Omit<TRateCardService, 'id' | PrintAttributes> & {
  id?: string;
  paper: string;
  color: NonNullable<TRateCardService['color']> | '';
  sides: NonNullable<TRateCardService['sides']> | '';
  extra: boolean;
};

export function saveRateCard(shopId: string, services: RateCardInput[]): Promise<TRateCardService[]> {
  return apiPut<TRateCardService[]>(scoped('/settings/ratecard', shopId), services);
}

export function saveShopHours(shopId: string, hours: TShopHoursUpdate): Promise<TShopHours> {
  return apiPut<TShopHours>(scoped('/settings/hours', shopId), hours);
}

export function saveClosedToday(shopId: string, closedToday: boolean): Promise<TShopHours> {
  return apiPut<TShopHours>(scoped('/settings/closed-today', shopId), { closedToday });
}

export const useSaveClosedToday = (shopId: string, ui: MutationUi<TShopHours, boolean>) =>
  useMutation({ ...ui, mutationFn: (closedToday: boolean) => saveClosedToday(shopId, closedToday) });

export const useSaveShopHours = (shopId: string, ui: MutationUi<TShopHours, TShopHoursUpdate>) =>
  useMutation({ ...ui, mutationFn: (hours: TShopHoursUpdate) => saveShopHours(shopId, hours) });

export const useSaveRateCard = (shopId: string, ui: MutationUi<TRateCardService[], RateCardInput[]>) =>
  useMutation({ ...ui, mutationFn: (services: RateCardInput[]) => saveRateCard(shopId, services) });

/** The profile, with the banners picked but not uploaded yet when there are any (one call either way). */
export const useSaveShopProfile = (shopId: string, ui: MutationUi<TShopProfile, { profile: TShopProfileUpdate; banners: File[] }>) =>
  useMutation({
    ...ui,
    mutationFn: ({ profile, banners }: { profile: TShopProfileUpdate; banners: File[] }) =>
      banners.length > 0 ? saveShopProfileWithBanners(shopId, profile, banners) : saveShopProfile(shopId, profile),
  });

export const useUploadBanners = (shopId: string, ui: MutationUi<TShopProfile, File[]>) =>
  useMutation({ ...ui, mutationFn: (banners: File[]) => uploadBanners(shopId, banners) });

export const useRemoveBanners = (shopId: string, ui: MutationUi<TShopProfile, string[]>) =>
  useMutation({ ...ui, mutationFn: (bannerGcsPaths: string[]) => removeBanners(shopId, bannerGcsPaths) });

export const useAddInventoryItem = (shopId: string, ui: MutationUi<TInventoryItem, TInventoryCreate>) =>
  useMutation({ ...ui, mutationFn: (item: TInventoryCreate) => addInventoryItem(shopId, item) });

export const useUpdateInventoryStock = (shopId: string, sku: string, ui: MutationUi<TInventoryItem, number>) =>
  useMutation({ ...ui, mutationFn: (stock: number) => updateInventoryItem(shopId, sku, { stock }) });

export const useDeleteInventoryItem = (shopId: string, ui: MutationUi<void, string>) =>
  useMutation({ ...ui, mutationFn: (sku: string) => deleteInventoryItem(shopId, sku) });
