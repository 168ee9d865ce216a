import type { TMe, TOwnerOverview } from '@counterprint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchMe, type TUpdateAccountRequest, updateMe, verifyEmail } from './accounts';
import { apiGet } from './client';

export const queryKeys = {
  me: ['auth', 'me'] as const,
  ownerOverview: ['owner', 'overview'] as const,
  verifyEmail: (token: string) => ['auth', 'verify-email', token] as const,
};

export function useMe(enabled = true) {
  return useQuery({ queryKey: queryKeys.me, queryFn: fetchMe, enabled });
}

export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateAccountRequest) => updateMe(body),
    onSuccess: (me: TMe) => client.setQueryData(queryKeys.me, me),
  });
}

export function useOwnerOverview() {
  return useQuery({
    queryKey: queryKeys.ownerOverview,
    queryFn: () => apiGet<TOwnerOverview>('/owner/overview'),
  });
}

/**
 * A verification link is single use, so the call runs once per token: a query (deduplicated,
 * never retried or refetched) rather than an effect that React may run twice.
 */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: queryKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
