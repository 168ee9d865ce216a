import type { TPrintOptions } from '@counterprint/contract';
import type { KeyValueStore } from './keyValueStore';

/** What a reload needs of one file besides its bytes. */
interface KeptFile {
  key: string;
  name: string;
  type: string;
  lastModified: number;
  options: TPrintOptions;
  /** Where its upload lives on the server, once the server has answered. */
  url: string | null;
}

interface KeptSend {
  savedAt: number;
  name: string;
  phone: string;
  files: KeptFile[];
}

export interface SendToKeep {
  name: string;
  phone: string;
  files: { file: File; options: TPrintOptions; url: string | null }[];
}

/** A send found again after a reload: each file with the key its upload URL is noted under. */
export interface FoundSend {
  name: string;
  phone: string;
  files: { key: string; file: File; options: TPrintOptions; url: string | null }[];
}

/** The server forgets an unfinished upload after an hour; the files may still be sent again, but not a week later. */
export const KEEP_FOR_MS = 24 * 60 * 60 * 1000;

const sendKey = (slug: string) => `send:${slug}`;
const fileKey = (slug: string, index: number) => `send:${slug}:file:${index}`;

function isKeptSend(value: unknown): value is KeptSend {
  const send = value as KeptSend | undefined;
  return typeof send?.savedAt === 'number' && Array.isArray(send.files);
}

// Some browsers hand a stored File back as a plain Blob; the name and date make it the same file again for tus.
const asFile = (blob: Blob, kept: KeptFile) =>
  blob instanceof File ? blob : new File([blob], kept.name, { type: kept.type, lastModified: kept.lastModified });

/**
 * A customer's unfinished send, one per shop, kept across a reload: the picked files, their print options,
 * name and phone, and each file's upload URL. Every change waits for the one before, so a URL noted just
 * after the send was kept is not lost to a race.
 */
export function keptSends(store: KeyValueStore, now: () => number = Date.now) {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = last.then(work);
    last = next.catch(() => undefined);
    return next;
  };

  const read = async (slug: string) => {
    const value = await store.get(sendKey(slug));
    return isKeptSend(value) ? value : null;
  };
  const clear = async (slug: string) => {
    const kept = await read(slug);
    await store.delete(sendKey(slug));
    for (const file of kept?.files ?? []) await store.delete(file.key);
    return (kept?.files ?? []).flatMap((f) => (f.url ? [f.url] : []));
  };
  const change = async (slug: string, edit: (kept: KeptSend) => KeptSend) => {
    const kept = await read(slug);
    if (kept) await store.put(sendKey(slug), edit(kept));
  };

  return {
    /**
     * Keeps a send as it starts. Each file's key (in order) is answered at once, so a URL can be noted
     * before the bytes are written; `saved` says whether they were.
     */
    keep: (slug: string, send: SendToKeep): { keys: string[]; saved: Promise<void> } => {
      const files = send.files.map(({ file, options, url }, i) => ({
        key: fileKey(slug, i),
        name: file.name,
        type: file.type,
        lastModified: file.lastModified,
        options,
        url,
      }));
      const saved = inTurn(async () => {
        await clear(slug);
        // The list first: should the page die while the bytes are written, the next clear still finds them.
        await store.put(sendKey(slug), { savedAt: now(), name: send.name, phone: send.phone, files } satisfies KeptSend);
        for (const [i, { file }] of send.files.entries()) await store.put(files[i]!.key, file);
      });
      return { keys: files.map((f) => f.key), saved };
    },

    noteUrl: (slug: string, key: string, url: string) =>
      inTurn(() => change(slug, (kept) => ({ ...kept, files: kept.files.map((f) => (f.key === key ? { ...f, url } : f)) }))),

    /** A file the customer removed while the others were sent. */
    drop: (slug: string, key: string) =>
      inTurn(async () => {
        await change(slug, (kept) => ({ ...kept, files: kept.files.filter((f) => f.key !== key) }));
        await store.delete(key);
      }),

    /** The send left unfinished at this shop, or null (none, a day old, or its bytes are gone). */
    find: (slug: string): Promise<FoundSend | null> =>
      inTurn(async () => {
        const kept = await read(slug);
        if (!kept || kept.files.length === 0) return null;
        if (now() - kept.savedAt > KEEP_FOR_MS) {
          await clear(slug);
          return null;
        }
        const files: FoundSend['files'] = [];
        for (const file of kept.files) {
          const blob = await store.get(file.key);
          if (!(blob instanceof Blob)) {
            await clear(slug);
            return null;
          }
          files.push({ key: file.key, file: asFile(blob, file), options: file.options, url: file.url });
        }
        return { name: kept.name, phone: kept.phone, files };
      }),

    /** Forgets the send (its job was made, or the customer starts over); answers the upload URLs it held. */
    forget: (slug: string) => inTurn(() => clear(slug)),
  };
}

export type KeptSends = ReturnType<typeof keptSends>;
