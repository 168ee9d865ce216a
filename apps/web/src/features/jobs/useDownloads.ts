import type { TJob, TJobFile } from '@counterprint/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { prepareTarget, saveFile } from './download';
import { clearFolder, type DirectoryHandle, FOLDER_MESSAGES, folderPickerSupported, loadFolder, pickFolder } from './downloadFolder';

export interface DownloadFolder {
  supported: boolean;
  folder: DirectoryHandle | null;
  message: string | null;
  /**
   * The folder to save into once the stored one has loaded and any open picker has answered;
   * null means the browser's own downloads. A click racing either gets the settled answer.
   */
  settled(): Promise<DirectoryHandle | null>;
  choose(): Promise<void>;
  clear(): Promise<void>;
}

const messageOf = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

export function useDownloadFolder(): DownloadFolder {
  const [supported] = useState(folderPickerSupported);
  const [folder, setFolderState] = useState<DirectoryHandle | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const current = useRef<DirectoryHandle | null>(null);
  const pending = useRef<Promise<unknown>>(Promise.resolve());

  const setFolder = useCallback((handle: DirectoryHandle | null) => {
    current.current = handle;
    setFolderState(handle);
  }, []);

  useEffect(() => {
    let live = true;
    const loading = loadFolder().then((handle) => {
      if (live && !current.current) setFolder(handle);
    });
    pending.current = loading;
    return () => {
      live = false;
    };
  }, [setFolder]);

  const settled = useCallback(async () => {
    await pending.current.catch(() => {});
    return current.current;
  }, []);

  const choose = useCallback(async () => {
    if (!supported) {
      setMessage(FOLDER_MESSAGES.unsupported);
      return;
    }
    const picking = pickFolder();
    pending.current = picking;
    try {
      const handle = await picking;
      if (handle) setFolder(handle);
      setMessage(handle ? null : FOLDER_MESSAGES.noneSelected);
    } catch (err) {
      setMessage(messageOf(err, FOLDER_MESSAGES.noHandle));
    }
  }, [supported, setFolder]);

  const clear = useCallback(async () => {
    await clearFolder().catch(() => {});
    setFolder(null);
    setMessage(null);
  }, [setFolder]);

  return { supported, folder, message, settled, choose, clear };
}

/** Per file: bytes received and the total when known. */
export type FileProgress = Record<string, { received: number; total: number | null; done: boolean }>;

export interface Downloads {
  progress: FileProgress;
  busy: boolean;
  error: string | null;
  notice: string | null;
  /** Into the chosen folder, else one ordinary browser download after another. */
  download(job: TJob, files: { file: TJobFile; url: string }[]): Promise<void>;
  reset(): void;
}

export function useDownloads(folder: DownloadFolder): Downloads {
  const [progress, setProgress] = useState<FileProgress>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const reset = useCallback(() => {
    setProgress({});
    setError(null);
    setNotice(null);
  }, []);

  const download = useCallback<Downloads['download']>(
    async (job, files) => {
      setError(null);
      setNotice(null);
      setBusy(true);
      try {
        // No folder chosen is a choice too: the browser's downloads, every time, with no question.
        const target = { folder: folder.supported ? await folder.settled() : null };
        await prepareTarget(target);
        let saved = 0;
        // One at a time: a 50-file job fetched at once would hold every file in memory together.
        for (const { file, url } of files) {
          const mark = (received: number, total: number | null, done = false) =>
            setProgress((p) => ({ ...p, [file.id]: { received, total, done } }));
          try {
            await saveFile(url, file, job.number, target, (r, t) => mark(r, t));
            mark(file.size, file.size, true);
            saved++;
          } catch (err) {
            setProgress(({ [file.id]: _gone, ...rest }) => rest);
            setError(messageOf(err, FOLDER_MESSAGES.failed));
          }
        }
        if (saved > 0) {
          // The origin-private folder and some pickers give a nameless handle.
          const where = target.folder ? (target.folder.name ? `to ${target.folder.name}` : 'to the chosen folder') : 'to your downloads';
          setNotice(`Saved ${saved} ${saved === 1 ? 'file' : 'files'} ${where}.`);
        }
      } catch (err) {
        setError(messageOf(err, FOLDER_MESSAGES.failed));
      } finally {
        setBusy(false);
      }
    },
    [folder.supported, folder.settled],
  );

  return { progress, busy, error, notice, download, reset };
}
