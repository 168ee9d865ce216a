import type { RECYCLE_FILE_TYPES, RECYCLE_RANGES, TRecycleItem } from '@counterprint/contract';
import { apiDelete, apiGet, apiPut } from './client';

export type RecycleRange = (typeof RECYCLE_RANGES)[number];
export type RecycleFileType = (typeof RECYCLE_FILE_TYPES)[number];

export const recycleKeys = {
  all: ['recycle'] as const,
  bin: (shopId: string, range: RecycleRange, fileType: RecycleFileType) => ['recycle', 'bin', shopId, range, fileType] as const,
  saved: (shopId: string) => ['recycle', 'saved', shopId] as const,
};

export async function fetchRecycleBin(shopId: string, range: RecycleRange, fileType: RecycleFileType): Promise<TRecycleItem[]> {
  const params = new URLSearchParams({ range, fileType, shopId });
  return (await apiGet<{ items: TRecycleItem[] }>(`/recycle?${params}`)).items;
}

export function fetchSavedFiles(shopId: string): Promise<TRecycleItem[]> {
  return apiGet<TRecycleItem[]>(`/recycle/saved?${new URLSearchParams({ shopId })}`);
}

export function saveRecycledFile(id: string): Promise<TRecycleItem> {
  return apiPut<TRecycleItem>(`/recycle/${encodeURIComponent(id)}/save`);
}

export function restoreRecycledFile(id: string): Promise<TRecycleItem> {
  return apiPut<TRecycleItem>(`/recycle/${encodeURIComponent(id)}/revert`);
}

export async function deleteRecycledFile(id: string): Promise<void> {
  await apiDelete(`/recycle/${encodeURIComponent(id)}`);
}
