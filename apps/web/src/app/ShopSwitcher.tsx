import { useEffect, useState } from 'react';
import { ACTIVE_SHOP_CHANGED, LOCAL, readStoredUser, setActiveShop } from '../api/storage';
import { Icon } from '../components/Icon';

/** An owner of several shops picks which one the staff screens show (docs/product/rules.md#shops). */
export function ShopSwitcher({ wide = false }: { wide?: boolean }) {
  const shops = readStoredUser()?.shops ?? [];
  const [activeId, setActiveId] = useState(() => localStorage.getItem(LOCAL.activeShopId) ?? '');

  useEffect(() => {
    const sync = () => setActiveId(localStorage.getItem(LOCAL.activeShopId) ?? '');
    window.addEventListener(ACTIVE_SHOP_CHANGED, sync);
    return () => window.removeEventListener(ACTIVE_SHOP_CHANGED, sync);
  }, []);

  if (shops.length < 2) return null;
  return (
    <label className={`relative flex items-center ${wide ? 'w-full' : ''}`}>
      <span className="sr-only">Active shop</span>
      <Icon name="store" className="pointer-events-none absolute left-2.5 h-4 w-4 text-slate-400" />
      <select
        value={activeId}
        onChange={(e) => {
          const shop = shops.find((s) => s.id === e.target.value);
          if (shop) setActiveShop(shop.id, shop.slug);
        }}
        className={`truncate rounded-lg border border-slate-200 bg-white py-2 pr-7 pl-8 text-sm text-slate-700 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none ${wide ? 'w-full' : 'max-w-[14rem]'}`}
      >
        {!shops.some((s) => s.id === activeId) && <option value="">Choose a shop</option>}
        {shops.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  );
}
