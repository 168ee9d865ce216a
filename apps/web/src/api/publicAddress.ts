import type { TPublicAddress } from '@counterprint/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client';

/**
 * What links and QR codes point at (docs/deploy.md#the-address-phones-use). Read when a screen shows a link
 * (the QR panel, a pairing code, Settings' shop link); undefined when it cannot be read, and the screen falls back to its own origin.
 */
export const fetchPublicAddress = (): Promise<TPublicAddress | undefined> =>
  apiGet<TPublicAddress>('/public-address').catch(() => undefined);

export const publicAddressKey = ['public-address'] as const;

/** The server settles its address once at start-up, so a page reads it once; null when it cannot be read. */
export const usePublicAddress = () =>
  useQuery({ queryKey: publicAddressKey, queryFn: async () => (await fetchPublicAddress()) ?? null, staleTime: Number.POSITIVE_INFINITY });
