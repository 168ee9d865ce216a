import { type CSSProperties, useState } from 'react';
import { Icon } from './Icon';

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
