import type { TPushPublicKey, TPushSubscription } from '@counterprint/contract';
import { apiGet, apiPost, request } from './client';

/** Web Push of new jobs (docs/decisions/044-web-push-for-new-jobs.md). */
export const fetchPushPublicKey = () => apiGet<TPushPublicKey>('/push/public-key');

export const savePushSubscription = (shopId: string, subscription: TPushSubscription) =>
  apiPost<{ ok: true }>(`/shops/${shopId}/push-subscriptions`, subscription);

export const deletePushSubscription = async (shopId: string, endpoint: string) => {
  await request(`/shops/${shopId}/push-subscriptions`, { method: 'DELETE', body: { endpoint } });
};
