import { type DetailedError, Upload } from 'tus-js-client';
import { serverErrorOfText } from './client';
import type { FileSendEvents, FileSending } from './fileSending';
import { ShopUrlStorage } from './shopUrlStorage';

// Loaded only once the customer has picked files (api/resumable.ts), with tus-js-client. Of what the shop
// page's first load has it imports only the API client (its error reader), whose chunk the page already
// loaded, so no shared piece is split off into a chunk of its own.

/**
 * A file up to this size goes whole inside its creation request: one round trip, and a drop costs at most
 * this much. A larger one is created empty and sent in one PATCH: the server keeps whatever arrives of a
 * cut PATCH, so pieces would only cost a round trip each (and a copy when the job is made), see decision 042.
 */
export const CREATION_BYTES = 1024 * 1024;
/** tus-js-client's own retries; after the last, the file is tried again every last delay for as long as the phone is online. */
export const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];
const AGAIN_EVERY_MS = RETRY_DELAYS.at(-1)!;
/** No byte moved for this long while online: the connection is dead without saying so (a phone between cells). */
export const STALL_MS = 60_000;

const statusOf = (err: unknown) => (err as Partial<DetailedError>).originalResponse?.getStatus() ?? 0;

/**
 * An answer that sending again will not change: a 4xx but a conflict (409, an offset the server moved
 * past) or a lock (423); or an error no request caused (the file could not be read).
 */
export function isFinal(err: unknown): boolean {
  const status = statusOf(err);
  if (status >= 400 && status < 500) return status !== 409 && status !== 423;
  return !(err as Partial<DetailedError>).originalRequest;
}

/** A refusal of the file itself (400 its name, 413 its size, 415 its type): the same bytes get the same answer. */
export function isRefusalOfFile(err: unknown): boolean {
  return [400, 413, 415].includes(statusOf(err));
}

/** The server's own words when it sent any (a creation refused as too large, of a wrong type, over quota). */
export function failureMessage(file: File, err: unknown): string {
  const { message } = serverErrorOfText((err as DetailedError | undefined)?.originalResponse?.getBody());
  if (message) return message;
  const status = statusOf(err);
  return status ? `${file.name} could not be sent (error ${status}).` : `${file.name} could not be read. Pick it again.`;
}

const online = () => navigator.onLine !== false;

/**
 * Sends one file as its own tus upload: tus-js-client's retries first, then again every 20 s for as long as
 * the phone is online, and from where the server has it once the network is back. Only a refusal (or a
 * file that cannot be read) ends it, until the customer asks to retry.
 */
export function sendFile(endpoint: string, slug: string, file: File, events: FileSendEvents, url: string | null): FileSending {
  let state: 'starting' | 'running' | 'waiting' | 'failed' | 'done' | 'stopped' = 'starting';
  let again: ReturnType<typeof setTimeout> | undefined;
  let lastMove = Date.now();

  const upload: Upload = new Upload(file, {
    endpoint,
    uploadUrl: url,
    metadata: { filename: file.name },
    retryDelays: RETRY_DELAYS,
    uploadDataDuringCreation: file.size <= CREATION_BYTES,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    urlStorage: new ShopUrlStorage(slug),
    onShouldRetry: (err) => !isFinal(err) && online(),
    onProgress: (sent, total) => {
      lastMove = Date.now();
      events.onProgress(sent, total);
    },
    onUploadUrlAvailable: () => {
      if (upload.url) events.onUrl(upload.url);
    },
    onSuccess: () => {
      state = 'done';
      end();
      events.onDone(upload.url ?? '');
    },
    onError: (err) => {
      if (isFinal(err)) {
        state = 'failed';
        events.onFailed(failureMessage(file, err), !isRefusalOfFile(err));
        return;
      }
      state = 'waiting';
      // Offline, the `online` event starts it again.
      if (online()) again = setTimeout(run, AGAIN_EVERY_MS);
    },
  });

  const run = () => {
    // Two starts of one Upload would send its bytes twice over; every caller checks, and so does this.
    if (state === 'running' || state === 'done' || state === 'stopped') return;
    clearTimeout(again);
    state = 'running';
    lastMove = Date.now();
    upload.start();
  };
  const pause = () => {
    if (state !== 'running') return;
    state = 'waiting';
    void upload.abort();
  };
  // A request in flight when the network goes may hang instead of failing; it is ended at once, and the
  // upload continues from the server's offset when the network is back.
  const onOffline = () => pause();
  const onOnline = () => {
    if (state === 'waiting') run();
  };
  const watchdog = setInterval(() => {
    if (state === 'running' && online() && Date.now() - lastMove > STALL_MS) {
      pause();
      run();
    }
  }, 5_000);
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  const end = () => {
    clearInterval(watchdog);
    clearTimeout(again);
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
  };

  // Without a URL from a reload, an upload of the same file this browser began at this shop is continued.
  const previous = url ? Promise.resolve([]) : upload.findPreviousUploads().catch(() => []);
  void previous.then(([found]) => {
    if (found) upload.resumeFromPreviousUpload(found);
    if (state === 'starting') run();
  });

  return {
    retry: () => {
      if (state === 'failed') run();
    },
    stop: () => {
      state = 'stopped';
      end();
      void upload.abort();
    },
    cancel: () => {
      state = 'stopped';
      end();
      void upload.abort(true).catch(() => {});
    },
  };
}
