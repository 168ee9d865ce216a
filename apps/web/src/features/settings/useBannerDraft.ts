import { BANNER_EXTENSIONS } from '@counterprint/contract';
import { useCallback, useEffect, useState } from 'react';

export const BANNER_ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';

/** docs/product/screens.md#settings: PNG, JPG, JPEG or WebP. The server checks the bytes too; this keeps obvious mistakes out. */
export function isBannerFile(file: File): boolean {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (BANNER_EXTENSIONS as readonly string[]).includes(ext);
}

export interface PendingBanner {
  file: File;
  url: string;
}

/**
 * Banners picked but not uploaded yet, and saved ones marked 'To be removed'. Both wait for an explicit
 * Upload / Remove Selected, or go along with the profile save.
 */
export function useBannerDraft() {
  const [files, setFiles] = useState<File[]>([]);
  const [pending, setPending] = useState<PendingBanner[]>([]);
  const [marked, setMarked] = useState<ReadonlySet<string>>(() => new Set());

  // One object URL per picked file, released when the file leaves the list or the page closes.
  useEffect(() => {
    const next = files.map((file) => ({ file, url: URL.createObjectURL(file) }));
    setPending(next);
    return () => {
      for (const p of next) URL.revokeObjectURL(p.url);
    };
  }, [files]);

  const add = useCallback((picked: File[]) => {
    const usable = picked.filter(isBannerFile);
    if (usable.length > 0) setFiles((list) => [...list, ...usable]);
    return picked.length - usable.length;
  }, []);
  const drop = useCallback((file: File) => setFiles((list) => list.filter((f) => f !== file)), []);
  const toggle = useCallback(
    (path: string) =>
      setMarked((set) => {
        const next = new Set(set);
        if (!next.delete(path)) next.add(path);
        return next;
      }),
    [],
  );
  const clearPending = useCallback(() => setFiles([]), []);
  const clearMarked = useCallback(() => setMarked(new Set()), []);

  return { files, pending, marked, add, drop, toggle, clearPending, clearMarked };
}

export type BannerDraft = ReturnType<typeof useBannerDraft>;
