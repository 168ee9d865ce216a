import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useContext } from 'react';
import { ApiError } from './client';
import { QueryHolderContext } from './queryHolder';

/** Client errors (4xx) will not change on retry; only transient failures are tried again. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one query client around a page: made the first time a page needs it and kept in the app's
 * holder, so every page shares its cache. A client already given above (the shell's, a test's) is used as is.
 */
export function WithQueries({ children }: { children: ReactNode }) {
  const given = useContext(QueryClientContext);
  const holder = useContext(QueryHolderContext);
  if (given) return <>{children}</>;
  holder.client ??= createQueryClient();
  return <QueryClientProvider client={holder.client as QueryClient}>{children}</QueryClientProvider>;
}

export function withQueries<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  const Wrapped = (props: P) => (
    <WithQueries>
      <Page {...props} />
    </WithQueries>
  );
  Wrapped.displayName = `WithQueries(${Page.displayName ?? Page.name})`;
  return Wrapped;
}
