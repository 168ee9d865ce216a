/** The little a kept send needs from a store: values (Files included) by key. */
export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Kept in memory: tests, and browsers without IndexedDB (the send then simply cannot outlive the page). */
export function memoryStore(): KeyValueStore {
  const values = new Map<string, unknown>();
  return {
    get: async (key) => values.get(key),
    put: async (key, value) => {
      values.set(key, value);
    },
    delete: async (key) => {
      values.delete(key);
    },
  };
}

const DATABASE = 'counterprint';
const TABLE = 'kept';

/**
 * IndexedDB, which keeps a File as a Blob across a reload (localStorage cannot). Any failure (private
 * mode, a full disk) rejects, and the caller goes on without it.
 */
export function indexedDbStore(): KeyValueStore {
  let opened: Promise<IDBDatabase> | null = null;
  const open = () => {
    opened ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(TABLE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return opened;
  };
  const run = <T>(mode: IDBTransactionMode, act: (table: IDBObjectStore) => IDBRequest<T>) =>
    open().then(
      (db) =>
        new Promise<T>((resolve, reject) => {
          const tx = db.transaction(TABLE, mode);
          const request = act(tx.objectStore(TABLE));
          tx.oncomplete = () => resolve(request.result);
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error);
        }),
    );
  return {
    get: (key) => run('readonly', (t) => t.get(key)),
    put: (key, value) => run('readwrite', (t) => t.put(value, key)).then(() => undefined),
    delete: (key) => run('readwrite', (t) => t.delete(key)),
  };
}

/** IndexedDB where the browser has it. */
export const browserStore = (): KeyValueStore => (typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore());
