import type { TAgentDownloads } from '@counterprint/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client';

/** The print agent's downloads this server offers (docs/agent-windows.md): Settings → Printers. */
export function useAgentDownloads() {
  return useQuery({
    queryKey: ['agent-downloads'] as const,
    queryFn: () => apiGet<TAgentDownloads>('/public/agent'),
    staleTime: 60_000,
  });
}
