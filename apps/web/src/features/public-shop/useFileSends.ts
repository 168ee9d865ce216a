import { useEffect, useRef, useState } from 'react';
import type { FileSending } from '../../api/fileSending';
import type { ResumableUploads } from '../../api/resumable';
import { addSample, type Sample } from '../../lib/transferRate';

export interface FileProgress {
  phase: 'queued' | 'sending' | 'done' | 'failed';
  sent: number;
  total: number;
  /** For the speed, over a moving window. */
  samples: Sample[];
  /** The upload on the server, once it has answered. */
  url: string | null;
  /** Why it failed, in the server's words when it gave any. */
  error: string | null;
  /** After a failure: whether Retry may help (false for a file refused for what it is). */
  retryable: boolean;
}

export interface FileSends {
  progress: ReadonlyMap<File, FileProgress>;
  /** Queues each file not sent yet; `urls` are uploads a reload left on the server. */
  queue(files: File[], urls?: ReadonlyMap<File, string | null>): void;
  retry(file: File): void;
  /** Stops sending the file and ends its upload on the server. */
  remove(file: File): void;
  /** Forgets every file (their job is made); uploads on the server are left for the job. */
  clear(): void;
}

/** The map with one file's progress changed; a file removed meanwhile stays removed. */
const changed =
  (file: File, change: (p: FileProgress) => FileProgress) =>
  (map: Map<File, FileProgress>): Map<File, FileProgress> => {
    const p = map.get(file);
    return p ? new Map(map).set(file, change(p)) : map;
  };

/**
 * Files in flight at once: a second file keeps the line busy while the first waits for its creation's
 * round trip and the server's answer (its bytes safely on disk), which on a phone's 200–600 ms round trips
 * is most of a small photo's time; more would only split a thin uplink (docs/decisions/042).
 */
export const SENDS_AT_ONCE = 2;

/**
 * Sends picked files SENDS_AT_ONCE at a time, in the order picked, each as its own resumable upload.
 * A failed file waits for Retry or removal; the rest go on.
 */
export function useFileSends(uploads: ResumableUploads, slug: string | undefined, onUrl: (file: File, url: string) => void): FileSends {
  const [progress, setProgress] = useState<Map<File, FileProgress>>(() => new Map());
  const handles = useRef(new Map<File, FileSending>());
  const noteUrl = useRef(onUrl);
  noteUrl.current = onUrl;

  const update = (file: File, change: (p: FileProgress) => FileProgress) => setProgress(changed(file, change));

  useEffect(() => {
    if (!slug || [...progress.values()].filter((p) => p.phase === 'sending').length >= SENDS_AT_ONCE) return;
    const next = [...progress].find(([, p]) => p.phase === 'queued');
    if (!next) return;
    const [file, { url }] = next;
    const update = (change: (p: FileProgress) => FileProgress) => setProgress(changed(file, change));
    update((p) => ({ ...p, phase: 'sending' }));
    const handle = uploads.send(
      slug,
      file,
      {
        onProgress: (sent, total) => update((p) => ({ ...p, sent, total, samples: addSample(p.samples, { at: Date.now(), bytes: sent }) })),
        onUrl: (at) => {
          update((p) => ({ ...p, url: at }));
          noteUrl.current(file, at);
        },
        onDone: (at) => update((p) => ({ ...p, phase: 'done', sent: p.total, url: at || p.url })),
        onFailed: (error, retryable) => update((p) => ({ ...p, phase: 'failed', error, retryable })),
      },
      url,
    );
    handles.current.set(file, handle);
  }, [progress, slug, uploads]);

  // Leaving the page stops the sends; what reached the server stays there for a later visit.
  useEffect(() => {
    const sending = handles.current;
    return () => {
      for (const handle of sending.values()) handle.stop();
    };
  }, []);

  return {
    progress,
    queue: (files, urls) =>
      setProgress((map) => {
        const next = new Map(map);
        for (const file of files) {
          if (next.has(file)) continue;
          next.set(file, {
            phase: 'queued',
            sent: 0,
            total: file.size,
            samples: [],
            url: urls?.get(file) ?? null,
            error: null,
            retryable: true,
          });
        }
        return next;
      }),
    retry: (file) => {
      update(file, (p) => ({ ...p, phase: 'sending', error: null, samples: [] }));
      handles.current.get(file)?.retry();
    },
    remove: (file) => {
      handles.current.get(file)?.cancel();
      handles.current.delete(file);
      setProgress((map) => {
        const next = new Map(map);
        next.delete(file);
        return next;
      });
    },
    clear: () => {
      for (const handle of handles.current.values()) handle.stop();
      handles.current.clear();
      setProgress(new Map());
    },
  };
}
