import type { TJob } from '@counterprint/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPrintJobs, fetchShopDetails, fetchSignedUrls, jobKeys } from '../../api/jobs';
import { mergeLoaded } from './liveJobs';

/** The shop's newest jobs. Live messages edit this same cache, so every screen sees them. */
export function usePrintJobs(shopId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: jobKeys.list(shopId ?? ''),
    queryFn: async () => {
      const fresh = await fetchPrintJobs(shopId!);
      return mergeLoaded(fresh, client.getQueryData<TJob[]>(jobKeys.list(shopId!)));
    },
    enabled: Boolean(shopId),
  });
}

/**
 * Signed URLs live 10 minutes; they are asked for again well before that, and whenever the job's
 * files change (one URL per file, in order).
 */
export function useSignedUrls(job: TJob | null) {
  const files = job?.files.map((f) => f.id).join(',') ?? '';
  return useQuery({
    queryKey: jobKeys.signedUrls(job?.id ?? '', files),
    queryFn: () => fetchSignedUrls(job!.id),
    enabled: Boolean(job),
    staleTime: 5 * 60_000,
    gcTime: 8 * 60_000,
  });
}

export function useRateCard(slug: string | null) {
  return useQuery({
    queryKey: jobKeys.rateCard(slug ?? ''),
    queryFn: async () => (await fetchShopDetails(slug!)).rateCard,
    enabled: Boolean(slug),
    staleTime: 5 * 60_000,
  });
}
