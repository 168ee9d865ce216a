import type { TJob } from '@counterprint/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchPrintJobs, fetchShopDetails, fetchSignedUrls, fetchUploadRefusals, jobKeys, PRINT_JOBS_LIMIT } from '../../api/jobs';
import { appendOlder, mergeLoaded } from './liveJobs';

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

export interface OlderJobs {
  /** Whether the list may go further back: it is at least a page long and no page has come back short. */
  canLoad: boolean;
  loading: boolean;
  error: string | null;
  load(): void;
}

/** 'Load older jobs': pages before the oldest job shown, appended to the same cache the live feed edits. */
export function useOlderJobs(shopId: string, shown: number): OlderJobs {
  const client = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [exhausted, setExhausted] = useState(false);
  const load = async () => {
    const key = jobKeys.list(shopId);
    const oldest = client.getQueryData<TJob[]>(key)?.at(-1);
    if (!oldest || loading) return;
    setLoading(true);
    setError(null);
    try {
      const page = await fetchPrintJobs(shopId, { before: oldest.id });
      client.setQueryData<TJob[]>(key, (list) => appendOlder(list ?? [], page));
      setExhausted(page.length < PRINT_JOBS_LIMIT);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not load older jobs');
    } finally {
      setLoading(false);
    }
  };
  return { canLoad: !exhausted && shown >= PRINT_JOBS_LIMIT, loading, error, load: () => void load() };
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

/** Refused uploads are counted by the server as they happen; a minute's lag is fine for a notice. */
export function useUploadRefusals(shopId: string) {
  return useQuery({ queryKey: jobKeys.refusals(shopId), queryFn: () => fetchUploadRefusals(shopId), refetchInterval: 60_000 });
}
