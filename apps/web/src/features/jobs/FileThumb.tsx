import type { TJob } from '@counterprint/contract';
import { type CSSProperties, useState } from 'react';
import { Icon } from '../../components/Icon';

/**
 * A file's first-page thumbnail, or a file icon while there is none. The image is decoration: the file's name
 * is always beside it. `onBroken` lets the owner of the links ask for fresh ones when an old one has expired.
 */
export function FileThumb({
  url,
  className,
  style,
  onBroken,
}: {
  url: string | null | undefined;
  className: string;
  style?: CSSProperties;
  onBroken?: () => void;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!url || broken === url) {
    return (
      <span
        aria-hidden="true"
        style={style}
        className={`flex shrink-0 items-center justify-center bg-slate-100 text-slate-400 ${className}`}
      >
        <Icon name="orders" className="h-1/2 w-1/2" />
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      data-testid="file-thumb"
      style={style}
      onError={() => {
        setBroken(url);
        onBroken?.();
      }}
      className={`shrink-0 bg-slate-100 object-cover ${className}`}
    />
  );
}

const SHOWN = 3;

/** The first files of a job as a small stack. A phone's row keeps its room for the customer's name; the viewer shows them. */
export function JobThumbs({ job, links, onBroken }: { job: TJob; links: Record<string, string> | undefined; onBroken: () => void }) {
  return (
    <span className="hidden w-12 shrink-0 items-center -space-x-5 sm:flex">
      {job.files.slice(0, SHOWN).map((file, i) => (
        <FileThumb
          key={file.id}
          url={links?.[file.id]}
          onBroken={onBroken}
          // The first file on top: it is the one the row is most often about.
          style={{ zIndex: SHOWN - i }}
          className="relative h-7 w-7 rounded ring-2 ring-white"
        />
      ))}
    </span>
  );
}
