import type { DetailedError, PreviousUpload, UploadOptions } from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileSendEvents } from './fileSending';
import { resumableUploads, uploadIdOf } from './resumable';
import { ShopUrlStorage } from './shopUrlStorage';
import { CREATION_BYTES, failureMessage, isFinal, RETRY_DELAYS, STALL_MS } from './tusSend';

const tus = vi.hoisted(() => {
  /** Just enough of tus-js-client's Upload to see how it is driven. */
  class FakeTus {
    url: string | null = null;
    start = vi.fn();
    abort = vi.fn(async (_terminate?: boolean) => {});
    findPreviousUploads = vi.fn(async () => tus.previous);
    resumeFromPreviousUpload = vi.fn();
    constructor(
      readonly file: File,
      readonly options: UploadOptions,
    ) {
      tus.made.push(this);
    }
  }
  const tus = { FakeTus, made: [] as FakeTus[], previous: [] as PreviousUpload[] };
  return tus;
});
vi.mock('tus-js-client', () => ({ Upload: tus.FakeTus }));

const ORIGIN = window.location.origin;
const file = new File(['%PDF-1.4'], 'thesis.pdf', { type: 'application/pdf' });

/** An HTTP failure as tus-js-client reports one. */
function httpError(status: number, body = ''): DetailedError {
  const error = new Error(`tus: unexpected response (${status})`) as DetailedError;
  error.originalRequest = {} as DetailedError['originalRequest'];
  error.originalResponse = { getStatus: () => status, getBody: () => body, getHeader: () => undefined, getUnderlyingObject: () => null };
  return error;
}
function networkError(): DetailedError {
  const error = new Error('tus: failed to upload chunk') as DetailedError;
  error.originalRequest = {} as DetailedError['originalRequest'];
  error.originalResponse = null;
  return error;
}

function events() {
  return { onProgress: vi.fn(), onUrl: vi.fn(), onDone: vi.fn(), onFailed: vi.fn() } satisfies FileSendEvents;
}

async function started(url: string | null = null, slug = 'print-hub') {
  const on = events();
  const before = tus.made.length;
  const handle = resumableUploads.send(slug, file, on, url);
  await vi.waitFor(() => expect(tus.made[before]?.start).toHaveBeenCalled());
  const upload = tus.made[before]!;
  return { on, handle, upload, options: upload.options };
}

const setOnline = (online: boolean) => {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

beforeEach(() => {
  tus.made = [];
  tus.previous = [];
});
afterEach(() => {
  for (const upload of tus.made) upload.options.onSuccess?.({ lastResponse: {} as never });
});

describe('sending a file with tus (docs/product/rules.md#resumable-uploads)', () => {
  it("creates the upload at the shop's tus address, its name in the metadata and a small file whole inside the creation", async () => {
    const { options, upload } = await started(null, 'print hub');
    expect(options.endpoint).toBe(`${ORIGIN}/api/public/shops/print%20hub/uploads`);
    expect(options).toMatchObject({
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      metadata: { filename: 'thesis.pdf' },
      uploadDataDuringCreation: true,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      uploadUrl: null,
    });
    // tus-js-client's default: the whole file in one request, never cut into pieces of its own.
    expect(options.chunkSize).toBeUndefined();
    expect(options.urlStorage).toBeInstanceOf(ShopUrlStorage);
    expect(upload.file).toBe(file);
  });

  it('creates a file over 1 MiB empty and sends it whole in one PATCH', async () => {
    const big = new File([new Uint8Array(CREATION_BYTES + 1)], 'poster.pdf', { type: 'application/pdf' });
    const before = tus.made.length;
    resumableUploads.send('print-hub', big, events(), null);
    await vi.waitFor(() => expect(tus.made[before]?.start).toHaveBeenCalled());
    const { options } = tus.made[before]!;
    expect(CREATION_BYTES).toBe(1024 * 1024);
    expect(options.uploadDataDuringCreation).toBe(false);
    expect(options.chunkSize).toBeUndefined();
  });

  it('continues at the URL a reload left, without looking for another', async () => {
    const url = `${ORIGIN}/api/public/shops/print-hub/uploads/AAAAAAAAAAAAAAAAAAAAAA`;
    const { options, upload } = await started(url);
    expect(options.uploadUrl).toBe(url);
    expect(upload.findPreviousUploads).not.toHaveBeenCalled();
  });

  it('continues an upload of the same file this browser began at this shop, found by its fingerprint', async () => {
    const previous = { uploadUrl: 'u', urlStorageKey: 'k', size: 8, metadata: {}, creationTime: '', parallelUploadUrls: null };
    tus.previous = [previous];
    const { upload } = await started();
    expect(upload.resumeFromPreviousUpload).toHaveBeenCalledWith(previous);
  });

  it('reports progress, the upload URL and the end', async () => {
    const { on, upload, options } = await started();
    options.onProgress?.(100, 800);
    upload.url = `${ORIGIN}/api/public/shops/print-hub/uploads/BBBBBBBBBBBBBBBBBBBBBB`;
    options.onUploadUrlAvailable?.();
    options.onSuccess?.({ lastResponse: {} as never });
    expect(on.onProgress).toHaveBeenCalledWith(100, 800);
    expect(on.onUrl).toHaveBeenCalledWith(upload.url);
    expect(on.onDone).toHaveBeenCalledWith(upload.url);
    expect(uploadIdOf(upload.url)).toBe('BBBBBBBBBBBBBBBBBBBBBB');
    expect(uploadIdOf('/api/public/shops/print-hub/uploads/CCC')).toBe('CCC');
  });

  it("fails a file the server refused, in the server's words, and tries it again only when asked", async () => {
    vi.useFakeTimers();
    const { on, upload, options, handle } = await started();
    const refused = httpError(415, JSON.stringify({ error: 'thesis.pdf is not a document we can print.', code: 'FILE_TYPE' }));
    expect(options.onShouldRetry?.(refused, 0, options)).toBe(false);
    options.onError?.(refused);
    expect(on.onFailed).toHaveBeenCalledWith('thesis.pdf is not a document we can print.', false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(upload.start).toHaveBeenCalledTimes(1);
    handle.retry();
    expect(upload.start).toHaveBeenCalledTimes(2);
  });

  it('goes on trying while online: after the last of tus-js-client’s retries, again every 20 s', async () => {
    vi.useFakeTimers();
    setOnline(true);
    const { on, upload, options } = await started();
    expect(options.onShouldRetry?.(networkError(), 0, options)).toBe(true);
    expect(options.onShouldRetry?.(httpError(503), 0, options)).toBe(true);
    expect(options.onShouldRetry?.(httpError(409), 0, options)).toBe(true);
    options.onError?.(networkError());
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS.at(-1)! - 1);
    expect(upload.start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(upload.start).toHaveBeenCalledTimes(2);
    options.onError?.(httpError(502));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(upload.start).toHaveBeenCalledTimes(3);
    expect(on.onFailed).not.toHaveBeenCalled();
  });

  it('stops at once when the phone goes offline, and goes on from the same upload when it is back', async () => {
    vi.useFakeTimers();
    setOnline(true);
    const { on, upload, options } = await started();
    setOnline(false);
    expect(upload.abort).toHaveBeenCalledWith();
    // Offline, tus-js-client does not retry, and neither does the page until the network is back.
    expect(options.onShouldRetry?.(networkError(), 0, options)).toBe(false);
    options.onError?.(networkError());
    await vi.advanceTimersByTimeAsync(120_000);
    expect(upload.start).toHaveBeenCalledTimes(1);
    setOnline(true);
    expect(upload.start).toHaveBeenCalledTimes(2);
    expect(tus.made).toHaveLength(1);
    expect(on.onFailed).not.toHaveBeenCalled();
  });

  it('ends a connection that moved no byte for a minute while online, and starts again from the server’s offset', async () => {
    vi.useFakeTimers();
    setOnline(true);
    const { upload, options } = await started();
    await vi.advanceTimersByTimeAsync(STALL_MS - 10_000);
    options.onProgress?.(500, 800);
    await vi.advanceTimersByTimeAsync(STALL_MS - 10_000);
    expect(upload.abort).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(upload.abort).toHaveBeenCalledOnce();
    expect(upload.start).toHaveBeenCalledTimes(2);
  });

  it('stops for good when asked, ending the upload on the server only when cancelled', async () => {
    const stopped = await started();
    stopped.handle.stop();
    expect(stopped.upload.abort).toHaveBeenCalledWith();
    setOnline(true);
    expect(stopped.upload.start).toHaveBeenCalledTimes(1);
    const cancelled = await started();
    cancelled.handle.cancel();
    expect(cancelled.upload.abort).toHaveBeenCalledWith(true);
  });
});

describe('what a failure says', () => {
  it('is final for a refusal or a file that cannot be read, not for a conflict, a lock, a server error or no answer', () => {
    expect([400, 404, 410, 413, 415, 429, 507].map((s) => isFinal(httpError(s)))).toEqual([true, true, true, true, true, true, false]);
    expect([409, 423, 500, 503].map((s) => isFinal(httpError(s)))).toEqual([false, false, false, false]);
    expect(isFinal(networkError())).toBe(false);
    expect(isFinal(new Error('NotReadableError'))).toBe(true);
  });

  it('may be worth a retry unless the file itself was refused (its name, size or type)', async () => {
    const said = async (err: unknown) => {
      const { on, options } = await started();
      options.onError?.(err as DetailedError);
      return on.onFailed.mock.calls[0]?.[1];
    };
    expect(await said(httpError(400))).toBe(false);
    expect(await said(httpError(413))).toBe(false);
    expect(await said(httpError(415))).toBe(false);
    expect(await said(httpError(404))).toBe(true);
    expect(await said(httpError(429))).toBe(true);
    expect(await said(new Error('NotReadableError'))).toBe(true);
  });

  it("uses the server's message, else says what happened to the file", () => {
    expect(failureMessage(file, httpError(413, '{"error":"thesis.pdf exceeds 25MB","code":"FILE_TOO_LARGE"}'))).toBe(
      'thesis.pdf exceeds 25MB',
    );
    expect(failureMessage(file, httpError(502, '<html>Bad gateway</html>'))).toBe('thesis.pdf could not be sent (error 502).');
    expect(failureMessage(file, new Error('NotReadableError'))).toBe('thesis.pdf could not be read. Pick it again.');
  });
});

describe("tus-js-client's record of uploads, per shop", () => {
  const upload = {
    size: 8,
    metadata: { filename: 'thesis.pdf' },
    creationTime: 'now',
    uploadUrl: 'u1',
    parallelUploadUrls: null,
    urlStorageKey: '',
  };

  it('finds an upload only at the shop it was sent to, and forgets it on request', async () => {
    const hub = new ShopUrlStorage('print-hub');
    const key = await hub.addUpload('tus-br-thesis.pdf', upload);
    expect(await new ShopUrlStorage('copy-corner').findUploadsByFingerprint('tus-br-thesis.pdf')).toEqual([]);
    expect(await new ShopUrlStorage('print-hub').findUploadsByFingerprint('tus-br-thesis.pdf')).toEqual([
      { ...upload, urlStorageKey: key },
    ]);
    expect(await hub.findUploadsByFingerprint('tus-br-other.pdf')).toEqual([]);
    await hub.removeUpload(key);
    expect(await hub.findAllUploads()).toEqual([]);
  });

  it('skips a damaged entry', async () => {
    localStorage.setItem('tus::print-hub::fp::1', '{not json');
    expect(await new ShopUrlStorage('print-hub').findAllUploads()).toEqual([]);
  });
});
