import type { TJob } from '@counterprint/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { jobKeys, useOlderJobs, usePrintJobs, usePrintSetup, useUploadRefusals } from '../../api/jobs';
import { useShopJobsFeed } from '../../api/stomp';
import { NoShopYet } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { useActiveShop } from '../../session/useActiveShop';
import { notifyArrival } from './arrivalAlerts';
import { DownloadFolderCard } from './DownloadFolderCard';
import { JobActions } from './JobActions';
import { JobList } from './JobList';
import { JobViewer, type ViewerAsk } from './JobViewer';
import { LiveBanner } from './LiveBanner';
import { applyLiveMessage, isNewArrival } from './liveJobs';
import { PushButton } from './PushButton';
import { useOpenedJobs } from './queuePrefs';
import { RefusedUploadsNotice } from './RefusedUploadsNotice';
import { SoundButton } from './SoundButton';
import { UploadsInProgress } from './UploadsInProgress';
import { useArrivalAlerts } from './useArrivalAlerts';
import { useDownloadFolder, useDownloads } from './useDownloads';
import { WaitingJobs } from './WaitingJobs';

function NoShop() {
  return (
    <div className="mx-auto max-w-lg">
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">Print jobs</h1>
      <NoShopYet>Print jobs arrive once your shop has its own upload page and QR code.</NoShopYet>
    </div>
  );
}

function NothingSelected() {
  return (
    <div className="hidden flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center lg:flex">
      <span className="mb-3 rounded-full bg-brand-50 p-3 text-brand-700">
        <Icon name="files" className="h-7 w-7" />
      </span>
      <p className="text-lg font-semibold text-slate-900">Select a user to view documents</p>
      <p className="mt-1 text-sm text-slate-500">Latest uploads will appear here automatically.</p>
    </div>
  );
}

/** The live queue of one shop (docs/product/screens.md#live-print-jobs). Keyed by shop id, so a switch starts clean. */
function ShopQueue({ shopId, shopSlug }: { shopId: string; shopSlug: string | null }) {
  const client = useQueryClient();
  const jobs = usePrintJobs(shopId);
  // A pushed job's notification opens /printJob?job={id} (public/sw.js).
  const [selectedId, setSelectedId] = useState<string | null>(() => new URLSearchParams(window.location.search).get('job'));
  const [printAsk, setPrintAsk] = useState<string | null>(null);
  // The b or s key asked the viewer of this job to open its print panel or send it to the printer.
  const [viewerAsk, setViewerAsk] = useState<{ jobId: string; ask: ViewerAsk } | null>(null);
  const [opened, markOpened] = useOpenedJobs();
  // Opened from a notification: that job has been seen, so it does not chime.
  useEffect(() => {
    const fromNotification = new URLSearchParams(window.location.search).get('job');
    if (fromNotification) markOpened(fromNotification);
  }, [markOpened]);
  const printSetup = usePrintSetup(shopSlug);
  const refusals = useUploadRefusals(shopId);
  const viewerRef = useRef<HTMLDivElement>(null);
  const folder = useDownloadFolder();
  const downloads = useDownloads(folder);
  const resetDownloads = downloads.reset;
  // The live handler is made before the list it changes; it reaches the alerts through a ref.
  const arrivedRef = useRef<() => void>(() => {});

  const onMessage = useCallback(
    (body: unknown) => {
      const key = jobKeys.list(shopId);
      const current = client.getQueryData<TJob[]>(key) ?? [];
      const arrived = isNewArrival(current, body);
      client.setQueryData<TJob[]>(key, (list) => applyLiveMessage(list ?? [], body));
      if (arrived) {
        arrivedRef.current();
        notifyArrival(arrived);
      }
    },
    [client, shopId],
  );
  // Anything sent while the socket was down is missed, so every (re)connect reloads the list.
  const onConnected = useCallback(() => void client.invalidateQueries({ queryKey: jobKeys.list(shopId) }), [client, shopId]);
  const live = useShopJobsFeed(shopId, { onMessage, onConnected });

  const list = jobs.data ?? [];
  const older = useOlderJobs(shopId, list.length);
  const selected = list.find((j) => j.id === selectedId) ?? null;
  const alerts = useArrivalAlerts(list, opened);
  arrivedRef.current = alerts.arrived;
  const clearPrintAsk = useCallback(() => setPrintAsk(null), []);
  const clearViewerAsk = useCallback(() => setViewerAsk(null), []);

  // Download progress and messages belong to the job they were for.
  const select = (id: string | null) => {
    if (id !== selectedId) resetDownloads();
    setSelectedId(id);
  };

  const view = (job: TJob) => {
    select(job.id);
    markOpened(job.id);
    // On a phone the viewer sits above the list; bring it into sight.
    requestAnimationFrame(() => {
      if (window.matchMedia?.('(max-width: 1023px)').matches) viewerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    });
  };

  return (
    <>
      {/* The visible titles are the spec's 'Latest uploads' and the banner; the page still needs its own. */}
      <h1 className="sr-only">Print jobs</h1>
      <div className="mx-auto grid max-w-7xl gap-4 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:grid-rows-[auto_auto_1fr] lg:gap-6 xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <div className="flex flex-col gap-2 lg:col-start-2">
          <LiveBanner status={live.status} everConnected={live.everConnected} />
          <SoundButton />
          <WaitingJobs count={alerts.waiting.length} onAcknowledge={alerts.acknowledge} />
          <PushButton shopId={shopId} />
          <RefusedUploadsNotice refusals={refusals.data} />
          <UploadsInProgress shopId={shopId} />
        </div>
        <div ref={viewerRef} className="min-w-0 lg:col-start-2">
          {selected ? (
            <JobActions
              job={selected}
              onDone={(job) => select(job ? job.id : null)}
              askPrinted={printAsk === selected.id}
              onAsked={clearPrintAsk}
            >
              {(actions) => (
                <JobViewer
                  job={selected}
                  printSetup={printSetup.data}
                  downloads={downloads}
                  onMarkPrinted={actions.markPrinted}
                  onCancelJob={actions.cancel}
                  onStartPrinting={actions.startPrinting}
                  startingPrint={actions.startingPrint}
                  onMoveBack={actions.moveBack}
                  movingBack={actions.movingBack}
                  onClose={() => select(null)}
                  ask={viewerAsk?.jobId === selected.id ? viewerAsk.ask : null}
                  onAsked={clearViewerAsk}
                />
              )}
            </JobActions>
          ) : (
            <NothingSelected />
          )}
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-span-3 lg:row-start-1">
          <JobList
            shopId={shopId}
            jobs={list}
            loading={jobs.isPending}
            error={jobs.isError ? jobs.error.message : null}
            onRetry={() => void jobs.refetch()}
            selectedId={selectedId}
            onView={view}
            onMarkPrinted={(job) => {
              view(job);
              setPrintAsk(job.id);
            }}
            onPrint={(job) => {
              view(job);
              setViewerAsk({ jobId: job.id, ask: 'print' });
            }}
            onSend={(job) => {
              view(job);
              setViewerAsk({ jobId: job.id, ask: 'send' });
            }}
            older={older}
          />
        </div>
        <div className="min-w-0 lg:col-start-2">
          <DownloadFolderCard folder={folder} />
        </div>
      </div>
    </>
  );
}

/** /printJob: the active shop comes from local storage and follows the top-bar switcher. */
export default function PrintJobsPage() {
  const shop = useActiveShop();
  if (!shop.id) return <NoShop />;
  return <ShopQueue key={shop.id} shopId={shop.id} shopSlug={shop.slug} />;
}
