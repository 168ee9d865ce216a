import type { RECYCLE_FILE_TYPES, RECYCLE_RANGES, TRecycleItem } from '@counterprint/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPut } from './client';
import { jobKeys } from './jobs';
import type { MutationUi } from './mutationUi';

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

/** The bin and the saved files refresh on their own: the countdowns run out while the screen is open. */
export function useRecycleBin(shopId: string, range: RecycleRange, fileType: RecycleFileType, refetchInterval: number) {
  return useQuery({
    queryKey: recycleKeys.bin(shopId, range, fileType),
    queryFn: () => fetchRecycleBin(shopId, range, fileType),
    refetchInterval,
    placeholderData: keepPreviousData,
  });
}

export function useSavedFiles(shopId: string, refetchInterval: number) {
  return useQuery({ queryKey: recycleKeys.saved(shopId), queryFn: () => fetchSavedFiles(shopId), refetchInterval });
}

type RecycleStep = 'save' | 'restore' | 'delete';

const RUN: Record<RecycleStep, (id: string) => Promise<unknown>> = {
  save: saveRecycledFile,
  restore: restoreRecycledFile,
  delete: deleteRecycledFile,
};

/** Save, Restore or Delete one file; the bin reloads after each, and the queue after a restore. */
export function useRecycleStep(shopId: string, ui: MutationUi<unknown, { action: RecycleStep; item: TRecycleItem }>) {
  const client = useQueryClient();
  return useMutation({
    ...ui,
    mutationFn: ({ action, item }: { action: RecycleStep; item: TRecycleItem }) => RUN[action](item.id),
    onSuccess: (...args) => {
      // A restored job is back in the live queue; its list reloads rather than wait for the socket.
      if (args[1].action === 'restore') void client.invalidateQueries({ queryKey: jobKeys.list(shopId) });
      return ui.onSuccess?.(...args);
    },
    onSettled: () => client.invalidateQueries({ queryKey: recycleKeys.all }),
  });
}
