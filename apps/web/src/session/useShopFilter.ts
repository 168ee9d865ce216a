import { useEffect, useRef, useState } from 'react';
import { readStoredUser } from '../api/storage';
import { useActiveShop } from './useActiveShop';

export const ALL_SHOPS = { value: '', label: 'All shops' } as const;

/**
 * The shop filter of the reports: it starts on the active shop and follows the top-bar switcher;
 * 'All shops' is ''. `followActive: false` (the OWNER's platform view) starts on all shops.
 */
export function useShopFilter(followActive = true): [string, (id: string) => void] {
  const active = useActiveShop();
  const [shopId, setShopId] = useState(followActive ? (active.id ?? '') : '');
  const seen = useRef(active.id);
  useEffect(() => {
    if (!followActive || active.id === seen.current) return;
    seen.current = active.id;
    setShopId(active.id ?? '');
  }, [active.id, followActive]);
  return [shopId, setShopId];
}

/** The select's choices: the report's own list once it has answered, the signed-in user's shops before. */
export function shopOptions(fromReport: { id: string; name: string }[] | undefined): { value: string; label: string }[] {
  const shops = fromReport ?? readStoredUser()?.shops ?? [];
  return [ALL_SHOPS, ...shops.map((s) => ({ value: s.id, label: s.name }))];
}
