import type { PreviousUpload, UrlStorage } from 'tus-js-client';

/**
 * tus-js-client's record of where each file's upload lives (by the file's fingerprint), in localStorage
 * under one prefix per shop, so a file sent to two shops resumes at each its own upload. Where
 * localStorage is refused (a private window), nothing is remembered and a file is sent again from the start.
 */
export class ShopUrlStorage implements UrlStorage {
  private readonly prefix: string;

  constructor(slug: string) {
    this.prefix = `tus::${slug}::`;
  }

  findAllUploads(): Promise<PreviousUpload[]> {
    return Promise.resolve(this.entries(this.prefix));
  }

  findUploadsByFingerprint(fingerprint: string): Promise<PreviousUpload[]> {
    return Promise.resolve(this.entries(`${this.prefix}${fingerprint}::`));
  }

  removeUpload(urlStorageKey: string): Promise<void> {
    try {
      localStorage.removeItem(urlStorageKey);
    } catch {
      // Nothing was kept.
    }
    return Promise.resolve();
  }

  addUpload(fingerprint: string, upload: PreviousUpload): Promise<string> {
    const key = `${this.prefix}${fingerprint}::${Math.round(Math.random() * 1e12)}`;
    try {
      localStorage.setItem(key, JSON.stringify(upload));
    } catch {
      // Full or refused: the upload goes on, it just cannot be found by fingerprint after a reload.
    }
    return Promise.resolve(key);
  }

  private entries(prefix: string): PreviousUpload[] {
    const found: PreviousUpload[] = [];
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (!key?.startsWith(prefix)) continue;
        try {
          found.push({ ...(JSON.parse(localStorage.getItem(key) ?? '') as PreviousUpload), urlStorageKey: key });
        } catch {
          // A damaged entry must not stop an upload.
        }
      }
    } catch {
      // localStorage refused.
    }
    return found;
  }
}
