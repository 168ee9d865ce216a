/**
 * The download folder of docs/product/screens.md#live-print-jobs: a File System Access directory handle kept in IndexedDB
 * (database 'counterprint', store 'handles', key 'downloadDir') so it survives reloads.
 */

/** The parts of the File System Access API that TypeScript's DOM library does not declare yet. */
type PermissionMode = { mode: 'readwrite' };
export interface DirectoryHandle {
  name: string;
  queryPermission?(options: PermissionMode): Promise<PermissionState>;
  requestPermission?(options: PermissionMode): Promise<PermissionState>;
  getFileHandle(name: string, options: { create: boolean }): Promise<FileSystemFileHandle>;
}
type PickerWindow = Window & { showDirectoryPicker?: (options?: { mode?: 'readwrite'; id?: string }) => Promise<DirectoryHandle> };

export const FOLDER_MESSAGES = {
  unsupported: 'File System Access API not supported in this browser.',
  noneSelected: 'No folder selected',
  noHandle: 'No directory handle available',
  browserDownloads: 'Files go to this browser’s downloads.',
  failed: 'Failed to download file.',
} as const;

const DB_NAME = 'counterprint';
const STORE = 'handles';
const KEY = 'downloadDir';

export const folderPickerSupported = (): boolean =>
  typeof window !== 'undefined' && typeof (window as PickerWindow).showDirectoryPicker === 'function';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = run(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

export async function loadFolder(): Promise<DirectoryHandle | null> {
  if (!folderPickerSupported() || typeof indexedDB === 'undefined') return null;
  try {
    return (await withStore<DirectoryHandle | undefined>('readonly', (s) => s.get(KEY))) ?? null;
  } catch {
    return null;
  }
}

export function saveFolder(handle: DirectoryHandle): Promise<unknown> {
  return withStore('readwrite', (s) => s.put(handle, KEY));
}

export function clearFolder(): Promise<unknown> {
  return withStore('readwrite', (s) => s.delete(KEY));
}

/** Opens the browser's folder picker; null when the person closes it without choosing. */
export async function pickFolder(): Promise<DirectoryHandle | null> {
  const picker = (window as PickerWindow).showDirectoryPicker;
  if (!picker) throw new Error(FOLDER_MESSAGES.unsupported);
  try {
    const handle = await picker.call(window, { mode: 'readwrite', id: 'counterprint-downloads' });
    await saveFolder(handle);
    return handle;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') return null;
    throw err;
  }
}

/**
 * A handle restored from IndexedDB starts without permission after a reload; asking again needs
 * the click that started the download, so this runs before any network wait.
 */
export async function ensureWritable(handle: DirectoryHandle): Promise<boolean> {
  if (!handle.queryPermission || !handle.requestPermission) return true;
  if ((await handle.queryPermission({ mode: 'readwrite' })) === 'granted') return true;
  return (await handle.requestPermission({ mode: 'readwrite' })) === 'granted';
}

/** Two customers both sending "scan.pdf" must not overwrite each other: later ones get " (2)". */
export async function writeToFolder(handle: DirectoryHandle | null, name: string, blob: Blob): Promise<string> {
  if (!handle) throw new Error(FOLDER_MESSAGES.noHandle);
  const finalName = await freeName(handle, name);
  const file = await handle.getFileHandle(finalName, { create: true });
  const writable = await file.createWritable();
  try {
    await writable.write(blob);
  } finally {
    await writable.close();
  }
  return finalName;
}

async function freeName(handle: DirectoryHandle, name: string): Promise<string> {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; n < 100; n++) {
    const candidate = n === 1 ? name : `${stem} (${n})${ext}`;
    try {
      await handle.getFileHandle(candidate, { create: false });
    } catch {
      return candidate;
    }
  }
  return `${stem} (${Date.now()})${ext}`;
}
