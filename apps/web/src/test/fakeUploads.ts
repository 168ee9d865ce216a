import type { TJobCreated } from '@counterprint/contract';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { FileSendEvents } from '../api/fileSending';
import type { ResumableUploads } from '../api/resumable';

/** One file the page asked to send, driven by the test as a server and a network would. */
export interface FakeSend {
  slug: string;
  file: File;
  /** The URL the page asked to continue from (a reload's), or null for a new upload. */
  from: string | null;
  retries: number;
  stopped: boolean;
  cancelled: boolean;
  progress(sent: number): void;
  url(id: string): void;
  done(id?: string): void;
  /** `retryable` false: refused for what the file is (its type or size). */
  fail(message: string, retryable?: boolean): void;
}

export const uploadUrl = (slug: string, id: string) => `http://localhost:3000/api/public/shops/${slug}/uploads/${id}`;

export function makeCreated(over: Partial<TJobCreated> = {}): TJobCreated {
  const token = 'T'.repeat(22);
  return { jobId: 'job-1', fileCount: 1, number: 17, files: [], token, statusUrl: `/j/${token}`, ...over };
}

/** A ResumableUploads whose files move only when the test says, and whose job call the test answers. */
export function fakeUploads() {
  const sends: FakeSend[] = [];
  const makeJob = vi.fn<ResumableUploads['makeJob']>(() => new Promise(() => {}));
  const forget = vi.fn<ResumableUploads['forget']>();
  const preload = vi.fn<ResumableUploads['preload']>();
  const send = (slug: string, file: File, events: FileSendEvents, from: string | null) => {
    const fake: FakeSend = {
      slug,
      file,
      from,
      retries: 0,
      stopped: false,
      cancelled: false,
      progress: (sent) => act(() => events.onProgress(sent, file.size)),
      url: (id) => act(() => events.onUrl(uploadUrl(slug, id))),
      done: (id) => act(() => events.onDone(id ? uploadUrl(slug, id) : (from ?? ''))),
      fail: (message, retryable = true) => act(() => events.onFailed(message, retryable)),
    };
    sends.push(fake);
    return {
      retry: () => {
        fake.retries++;
      },
      stop: () => {
        fake.stopped = true;
      },
      cancel: () => {
        fake.cancelled = true;
      },
    };
  };
  const uploads: ResumableUploads = { preload, send, makeJob, forget };
  /** The latest send of the file so named. */
  const of = (name: string) => {
    const found = sends.findLast((s) => s.file.name === name);
    if (!found) throw new Error(`${name} was not sent`);
    return found;
  };
  return { uploads, sends, of, makeJob, forget, preload };
}
