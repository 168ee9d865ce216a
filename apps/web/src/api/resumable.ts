import { shopUploadsPath, type TJobCreated, type TJobFromUploads } from '@counterprint/contract';
import { apiPost } from './client';
import type { FileSendEvents, FileSending } from './fileSending';

// Making the job reads back and checks every file; 50 files of 25 MB take a while on a small server.
const MAKE_JOB_TIMEOUT_MS = 120_000;

/** How the shop page sends files: one resumable upload each, then one call that makes them a job. */
export interface ResumableUploads {
  /** Fetches the uploader's code ahead, once the customer has picked files. */
  preload(): void;
  /** Sends a file to the shop, continuing at `url` when a reload left it there. */
  send(slug: string, file: File, events: FileSendEvents, url: string | null): FileSending;
  makeJob(slug: string, job: TJobFromUploads): Promise<TJobCreated>;
  /** Ends an upload on the server that no job will use (the customer started over). */
  forget(url: string): void;
}

// The sending, tus-js-client with it, is 16 KB the shop page's first load does without: it comes once files are picked.
const loadSender = () => import('./tusSend');

/** An upload's id is the last segment of its URL (docs/product/rules.md#resumable-uploads). */
export const uploadIdOf = (url: string) => new URL(url, window.location.origin).pathname.split('/').pop() ?? '';

/** A file's sending, handed to the real one once its code has arrived. */
function sendOnceLoaded(slug: string, file: File, events: FileSendEvents, url: string | null): FileSending {
  let sending: FileSending | null = null;
  let loading = false;
  let ended = false;
  const begin = () => {
    loading = true;
    loadSender().then(
      ({ sendFile }) => {
        loading = false;
        if (!ended) sending = sendFile(new URL(shopUploadsPath(slug), window.location.origin).href, slug, file, events, url);
      },
      () => {
        loading = false;
        if (ended) return;
        // The code could not come while offline; it is fetched again when the network is back.
        if (navigator.onLine === false) window.addEventListener('online', begin, { once: true });
        else events.onFailed(`${file.name} could not start sending. Check your connection and try again.`, true);
      },
    );
  };
  begin();
  return {
    retry: () => {
      if (sending) sending.retry();
      else if (!loading) begin();
    },
    stop: () => {
      ended = true;
      sending?.stop();
    },
    cancel: () => {
      ended = true;
      sending?.cancel();
    },
  };
}

export const resumableUploads: ResumableUploads = {
  preload: () => {
    loadSender().catch(() => {});
  },
  send: sendOnceLoaded,
  makeJob: (slug, job) =>
    apiPost<TJobCreated>(`/public/shops/${encodeURIComponent(slug)}/jobs`, job, { public: true, timeoutMs: MAKE_JOB_TIMEOUT_MS }),
  forget: (url) => {
    void fetch(url, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0' } }).catch(() => {});
  },
};
