import type { TShopSetup } from '@counterprint/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client';

/** The dashboard's setup checklist as the server knows it (docs/product/routes.md). */
export const setupKeys = { shop: (shopId: string) => ['setup', shopId] as const };

export function useShopSetup(shopId: string) {
  return useQuery({
    queryKey: setupKeys.shop(shopId),
    queryFn: () => apiGet<TShopSetup>(`/shops/${encodeURIComponent(shopId)}/setup`),
  });
}
