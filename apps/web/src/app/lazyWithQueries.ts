import { type ComponentType, lazy } from 'react';

/**
 * A lazy page that reads through TanStack Query: its chunk and the query client's (api/queries.tsx) load
 * side by side, never one after the other, and never for a page that does not need them.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    Promise.all([load(), import('../api/queries')]).then(([page, queries]) => ({ default: queries.withQueries(page.default) })),
  );
}
