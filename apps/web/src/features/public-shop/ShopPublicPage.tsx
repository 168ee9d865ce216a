import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { type ResumableUploads, resumableUploads } from '../../api/resumable';
import { reportVisit, usePublicShop } from '../../api/shops';
import { PoweredBy } from '../../components/PoweredBy';
import { useShopAccent } from '../../lib/accent';
import { justSentState } from '../../lib/jobStatusLink';
import { prefetchJobStatus } from '../../lib/prefetch';
import { BannerCarousel } from './BannerCarousel';
import { waitingHint } from './openingText';
import { PrintRatesModal } from './PrintRatesModal';
import { RecentJobs } from './RecentJobs';
import { ContactCard, HowItWorks, SecurityNote } from './ShopSections';
import { ShopPageSkeleton, ShopSummary } from './ShopSummary';
import { UploadCard } from './UploadCard';

/**
 * The page a walk-in customer reaches from the counter's QR code (docs/product/screens.md#public-shop-page-and-upload). Its user is a phone
 * on mobile data, so it imports only constants from the contract and nothing heavy.
 */
export default function ShopPublicPage({ uploads = resumableUploads }: { uploads?: ResumableUploads }) {
  const { slug } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data: shop, isError, error } = usePublicShop(slug);
  const [ratesOpen, setRatesOpen] = useState(false);
  const fromQr = params.get('src') === 'qr';
  // Stable, because the dialog re-focuses whenever its onClose changes.
  const closeRates = useCallback(() => setRatesOpen(false), []);

  useShopAccent(shop?.primaryColor);

  useEffect(() => {
    if (!isError && slug) return;
    const unreachable = isError && !(error instanceof ApiError && error.status === 404);
    navigate('/shop-not-found', { replace: true, state: { slug, unreachable } });
  }, [isError, error, slug, navigate]);

  useEffect(() => {
    if (shop) reportVisit(shop.slug, fromQr ? 'qr' : 'online');
  }, [shop, fromQr]);

  useEffect(() => {
    if (!shop) return;
    const before = document.title;
    document.title = `${shop.shopName} · Send files to print`;
    return () => {
      document.title = before;
    };
  }, [shop]);

  // The status page the customer lands on is fetched while the files go up.
  const sending = useMemo<ResumableUploads>(
    () => ({
      ...uploads,
      send: (...args) => {
        prefetchJobStatus();
        return uploads.send(...args);
      },
    }),
    [uploads],
  );

  if (!shop) return <ShopPageSkeleton />;
  const waiting = waitingHint(shop);

  return (
    <div className="min-h-dvh bg-slate-50 pb-8">
      <div className="mx-auto max-w-5xl lg:px-6 lg:pt-6">
        <BannerCarousel banners={shop.banners} shopName={shop.shopName} />
        <div
          // Over the colour header only: a banner is shown whole, so nothing may cover its lower edge.
          className={`relative grid gap-4 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:px-6 ${shop.bannerUrls.length > 0 ? 'mt-4' : '-mt-8 lg:-mt-12'}`}
        >
          <main className="space-y-4">
            <ShopSummary shop={shop} onShowRates={() => setRatesOpen(true)} />
            <UploadCard
              slug={shop.slug}
              shopName={shop.shopName}
              shop={shop}
              waiting={waiting}
              retention={shop.retention}
              uploads={sending}
              onSent={(job) => navigate(job.statusUrl, { state: justSentState({ fileCount: job.fileCount, waiting }) })}
            />
            <RecentJobs slug={shop.slug} />
          </main>
          <aside className="space-y-4" aria-label="About this shop">
            <HowItWorks />
            <SecurityNote shopName={shop.shopName} retention={shop.retention} />
            <ContactCard shop={shop} />
          </aside>
        </div>
        <PoweredBy className="px-4" />
      </div>
      <PrintRatesModal open={ratesOpen} rates={shop.rateCard} onClose={closeRates} />
    </div>
  );
}
