import type { TSettings } from '@counterprint/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountKeys } from '../../api/accounts';
import { serverMessageOr } from '../../api/client';
import { jobKeys } from '../../api/jobs';
import { usePublicAddress } from '../../api/publicAddress';
import { settingsKeys, useShopSettings } from '../../api/settings';
import { LoadFailed } from '../../components/EmptyState';
import { ShopLink } from '../../components/ShopLink';
import { Spinner } from '../../components/Spinner';
import { SHORT_TOAST_MS, useToast } from '../../components/Toast';
import { BannersPanel } from './BannersPanel';
import { Panel } from './fields';
import { HoursPanel } from './HoursPanel';
import { type InventoryChanges, InventoryPanel } from './InventoryPanel';
import { SETTINGS_TOASTS } from './messages';
import { PrintersPanel } from './PrintersPanel';
import { BillingPanel, ProfileForm } from './ProfileForm';
import { RateCardPanel } from './RateCardPanel';
import { useBannerDraft } from './useBannerDraft';

/** docs/product/screens.md#settings for one shop; keyed by shop id, so switching shops starts clean. */
export function ShopSettings({ shopId }: { shopId: string }) {
  const client = useQueryClient();
  const toast = useToast(SHORT_TOAST_MS);
  const key = settingsKeys.shop(shopId);
  const settings = useShopSettings(shopId);
  const draft = useBannerDraft();
  const address = usePublicAddress();

  useEffect(() => {
    if (settings.isError) toast(SETTINGS_TOASTS.loadFailed, 'error');
  }, [settings.isError, toast]);

  if (settings.isPending) {
    return (
      <div className="flex justify-center py-20">
        <Spinner className="h-8 w-8 text-brand-500" label="Loading settings" />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div className="mx-auto max-w-lg">
        <LoadFailed
          title={SETTINGS_TOASTS.loadFailed}
          message={serverMessageOr(settings.error, 'Please try again.')}
          onRetry={() => void settings.refetch()}
        />
      </div>
    );
  }

  const patch = (change: (s: TSettings) => TSettings) => client.setQueryData<TSettings>(key, (s) => (s ? change(s) : s));
  const onShopSaved = (shop: TSettings['shop']) => {
    patch((s) => ({ ...s, shop }));
    // The shop's name shows in the top bar's switcher, which reads the account.
    void client.invalidateQueries({ queryKey: accountKeys.me });
    // Colour detection is part of the profile: the queue's option editor offers Auto colour by it.
    void client.invalidateQueries({ queryKey: jobKeys.rateCards });
  };
  const inventory: InventoryChanges = {
    added: (item) => patch((s) => ({ ...s, inventory: [...s.inventory, item] })),
    updated: (item) => patch((s) => ({ ...s, inventory: s.inventory.map((i) => (i.sku === item.sku ? item : i)) })),
    deleted: (sku) => patch((s) => ({ ...s, inventory: s.inventory.filter((i) => i.sku !== sku) })),
  };
  const { shop } = settings.data;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Shop Settings</h1>
          <p className="mt-1 text-sm text-slate-500">Profile, banners, inventory and prices for {shop.shopName}.</p>
        </div>
        <a href={`/public/${shop.slug}`} target="_blank" rel="noreferrer" className="text-sm font-semibold text-brand-600 hover:underline">
          View public page
        </a>
      </header>
      <Panel title="Shop link" description="Customers open this page to send their files; your QR code and posters point at it.">
        <ShopLink slug={shop.slug} address={address.data ?? undefined} />
      </Panel>
      <BannersPanel shopId={shopId} banners={shop.bannerGcsPaths} draft={draft} onSaved={onShopSaved} />
      <ProfileForm shopId={shopId} shop={shop} draft={draft} onSaved={onShopSaved} />
      <HoursPanel shopId={shopId} hours={settings.data.hours} onSaved={(hours) => patch((s) => ({ ...s, hours }))} />
      <BillingPanel shop={shop} />
      <InventoryPanel shopId={shopId} items={settings.data.inventory} changes={inventory} />
      <RateCardPanel
        shopId={shopId}
        services={settings.data.rateCard}
        confirmed={settings.data.rateCardConfirmed}
        onSaved={(rateCard) => {
          patch((s) => ({ ...s, rateCard, rateCardConfirmed: true }));
          void client.invalidateQueries({ queryKey: jobKeys.rateCards });
        }}
      />
      <PrintersPanel shopId={shopId} />
    </div>
  );
}
