import { createContext } from 'react';

/**
 * Where the app's TanStack Query client lives once a page that reads through it has loaded
 * (api/queries.tsx). The entry never imports TanStack Query: the customer's shop page, which does not use
 * it, then downloads none of it (docs/decisions/050-query-client-off-the-shop-page.md).
 */
export type QueryHolder = { client?: { clear(): void } };

export const QueryHolderContext = createContext<QueryHolder>({});
