import type { TJobFile } from '@counterprint/contract';
import { type DirectoryHandle, ensureWritable, FOLDER_MESSAGES, writeToFolder } from './downloadFolder';

/** Bytes so far and the total when the server said it (Content-Length), else null. */
export type Progress = (received: number, total: number | null) => void;

/**
 * Reads a signed file URL with a progress reader (docs/product/screens.md#live-print-jobs). The body becomes a Blob of the
 * file's own type, which the preview needs: the server serves every file as an attachment.
 */
export async function fetchFile(url: string, contentType: string, onProgress?: Progress, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(FOLDER_MESSAGES.failed);
  const length = Number(res.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!res.body) return new Blob([await res.arrayBuffer()], { type: contentType });
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress?.(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress?.(received, total);
  }
  return new Blob(chunks, { type: contentType });
}

/** Characters a folder or file system refuses, and anything that could climb out of the folder. */
export function safeFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  const cleaned = name.replace(/[\u0000-\u001f<>:"/\\|?*]+/g, '_').replace(/^[.\s]+|[.\s]+$/g, '');
  return cleaned.slice(0, 180) || 'file';
}

/** Files from several customers land in one folder; the job number keeps each customer's together. */
export const downloadName = (jobNumber: number, file: TJobFile) => safeFileName(`Job ${jobNumber} - ${file.name}`);

/** Fallback for browsers without the folder API (Firefox, Safari, phones): an ordinary download. */
export function saveWithBrowser(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser copies the blob when the download starts; a minute is ample before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface SaveTarget {
  /** A chosen folder, or null to use the browser's own download. */
  folder: DirectoryHandle | null;
}

/** Asks for folder permission first: it needs the click that started the download. */
export async function prepareTarget(target: SaveTarget): Promise<void> {
  if (target.folder && !(await ensureWritable(target.folder))) throw new Error(FOLDER_MESSAGES.noHandle);
}

export async function saveFile(url: string, file: TJobFile, jobNumber: number, target: SaveTarget, onProgress?: Progress): Promise<string> {
  let blob: Blob;
  try {
    blob = await fetchFile(url, file.contentType, onProgress);
  } catch {
    throw new Error(FOLDER_MESSAGES.failed);
  }
  const name = downloadName(jobNumber, file);
  if (target.folder) return writeToFolder(target.folder, name, blob);
  saveWithBrowser(blob, name);
  return name;
}
