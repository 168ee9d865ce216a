import { notAllowedMessage, tooLargeMessage, UPLOAD_EXTENSIONS, UPLOAD_LIMITS } from '@counterprint/contract';

/** A message shown above the upload button: a short title and what happened. */
export interface UploadNotice {
  title: string;
  message: string;
}

export interface Selection {
  files: File[];
  notices: UploadNotice[];
}

const ALLOWED = new Set<string>(UPLOAD_EXTENSIONS);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

// The same file picked twice would be printed twice; name, size and time tell copies apart well enough.
const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Adds a new selection to the list under docs/product/rules.md#upload-limits: only the first 50 files of a
 * selection are looked at, each must be at most 25 MB and of an allowed type (by extension; the
 * server checks content too). Unlike the spec's client, a refused file is not added. A job holds
 * at most 50 files, so the list never grows past that either.
 */
export function addToSelection(current: File[], picked: File[]): Selection {
  const { maxFiles, maxFileBytes } = UPLOAD_LIMITS;
  const notices: UploadNotice[] = [];
  const taken = picked.slice(0, maxFiles);
  if (picked.length > maxFiles) {
    notices.push({
      title: 'Too many files',
      message: `Only the first ${maxFiles} of the ${picked.length} files you chose were taken. Send the rest as another upload.`,
    });
  }

  const files = [...current];
  let leftOut = 0;
  for (const file of taken) {
    if (!ALLOWED.has(extensionOf(file.name))) {
      notices.push({ title: 'Not allowed', message: notAllowedMessage(file.name) });
    } else if (file.size > maxFileBytes) {
      notices.push({ title: 'Too large', message: tooLargeMessage(file.name) });
    } else if (files.some((f) => sameFile(f, file))) {
      // Already in the list: nothing to say.
    } else if (files.length >= maxFiles) {
      leftOut++;
    } else {
      files.push(file);
    }
  }
  if (leftOut > 0) {
    notices.push({
      title: 'Too many files',
      message: `One upload holds at most ${maxFiles} files; ${leftOut} ${leftOut === 1 ? 'was' : 'were'} left out. Send them as another upload.`,
    });
  }
  return { files, notices };
}

/** What must be true before sending (docs/product/screens.md#public-shop-page-and-upload), as the notice to show, or null. */
export function uploadBlocker(slug: string | undefined, files: File[]): UploadNotice | null {
  if (!slug) return { title: 'Upload failed', message: 'Shop slug missing.' };
  if (files.length === 0) return { title: 'No files', message: 'Please select at least one file to upload.' };
  return null;
}

export const totalBytes = (files: File[]) => files.reduce((sum, f) => sum + f.size, 0);
