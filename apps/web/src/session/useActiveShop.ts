import { useEffect, useState } from 'react';
import { ACTIVE_SHOP_CHANGED, LOCAL } from '../api/storage';

export interface ActiveShop {
  id: string | null;
  slug: string | null;
}

const read = (): ActiveShop => ({
  id: localStorage.getItem(LOCAL.activeShopId),
  slug: localStorage.getItem(LOCAL.activeShopSlug),
});

/** The shop the staff screens show (docs/product/screens.md#live-print-jobs), following the top-bar switcher and other tabs. */
export function useActiveShop(): ActiveShop {
  const [shop, setShop] = useState(read);
  useEffect(() => {
    const sync = () =>
      setShop((prev) => {
        const next = read();
        return next.id === prev.id && next.slug === prev.slug ? prev : next;
      });
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === LOCAL.activeShopId || e.key === LOCAL.activeShopSlug) sync();
    };
    window.addEventListener(ACTIVE_SHOP_CHANGED, sync);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(ACTIVE_SHOP_CHANGED, sync);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return shop;
}
