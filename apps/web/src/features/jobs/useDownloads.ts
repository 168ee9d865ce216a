import type { TJob, TJobFile } from '@counterprint/contract';
import { useCallback, useEffect, useState } from 'react';
import { prepareTarget, saveFile } from './download';
import { clearFolder, type DirectoryHandle, FOLDER_MESSAGES, folderPickerSupported, loadFolder, pickFolder } from './downloadFolder';

export interface DownloadFolder {
  supported: boolean;
  folder: DirectoryHandle | null;
  message: string | null;
  choose(): Promise<void>;
  clear(): Promise<void>;
}

const messageOf = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

export function useDownloadFolder(): DownloadFolder {
  const [supported] = useState(folderPickerSupported);
  const [folder, setFolder] = useState<DirectoryHandle | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void loadFolder().then((handle) => {
      if (live) setFolder(handle);
    });
    return () => {
      live = false;
    };
  }, []);

  const choose = useCallback(async () => {
    if (!supported) {
      setMessage(FOLDER_MESSAGES.unsupported);
      return;
    }
    try {
      const handle = await pickFolder();
      if (handle) setFolder(handle);
      setMessage(handle ? null : FOLDER_MESSAGES.noneSelected);
    } catch (err) {
      setMessage(messageOf(err, FOLDER_MESSAGES.noHandle));
    }
  }, [supported]);

  const clear = useCallback(async () => {
    await clearFolder().catch(() => {});
    setFolder(null);
    setMessage(null);
  }, []);

  return { supported, folder, message, choose, clear };
}

/** Per file: bytes received and the total when known. */
export type FileProgress = Record<string, { received: number; total: number | null; done: boolean }>;

export interface Downloads {
  progress: FileProgress;
  busy: boolean;
  error: string | null;
  notice: string | null;
  /** `viaBrowser` skips the folder even where the folder API exists. */
  download(job: TJob, files: { file: TJobFile; url: string }[], viaBrowser?: boolean): Promise<void>;
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
    async (job, files, viaBrowser = false) => {
      setError(null);
      setNotice(null);
      const useFolder = folder.supported && !viaBrowser;
      if (useFolder && !folder.folder) {
        setError(FOLDER_MESSAGES.chooseFirst);
        return;
      }
      const target = { folder: useFolder ? folder.folder : null };
      setBusy(true);
      try {
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
    [folder.supported, folder.folder],
  );

  return { progress, busy, error, notice, download, reset };
}
