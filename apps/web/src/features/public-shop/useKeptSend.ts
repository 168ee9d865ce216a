import { useEffect, useRef, useState } from 'react';
import { type FoundSend, type KeptSends, keptSends, type SendToKeep } from '../../lib/keptSends';
import { browserStore } from '../../lib/keyValueStore';

/**
 * This shop's unfinished send on this phone: found when the page opens (the offer to resume it), kept
 * as a send starts, its upload URLs noted as the server gives them. Every write is best effort: a phone
 * with no room to keep the files still sends them, and only a reload could not resume.
 */
export function useKeptSend(slug: string | undefined, given?: KeptSends) {
  const [own] = useState(() => keptSends(browserStore()));
  const kept = given ?? own;
  const [offer, setOffer] = useState<FoundSend | null>(null);
  // Each file's key in the kept send, under which its upload URL is noted.
  const keys = useRef(new Map<File, string>());

  useEffect(() => {
    if (!slug) return;
    let live = true;
    kept.find(slug).then(
      (found) => {
        if (live && found) setOffer(found);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [slug, kept]);

  const ignore = () => {};
  return {
    offer,
    keep: (send: SendToKeep) => {
      if (!slug) return;
      const { keys: fileKeys, saved } = kept.keep(slug, send);
      keys.current = new Map(send.files.map(({ file }, i) => [file, fileKeys[i]!]));
      saved.catch(ignore);
    },
    noteUrl: (file: File, url: string) => {
      const key = keys.current.get(file);
      if (slug && key) kept.noteUrl(slug, key, url).catch(ignore);
    },
    drop: (file: File) => {
      const key = keys.current.get(file);
      if (slug && key) kept.drop(slug, key).catch(ignore);
    },
    /** The offer taken: its files are this page's now. */
    adopt: (found: FoundSend) => {
      setOffer(null);
      keys.current = new Map(found.files.map((f) => [f.file, f.key]));
    },
    /** The job is made, or the customer starts over; answers the upload URLs the send held. */
    forget: (): Promise<string[]> => {
      setOffer(null);
      keys.current = new Map();
      return slug ? kept.forget(slug).catch(() => []) : Promise.resolve([]);
    },
  };
}
