import type { TJobFile } from '@counterprint/contract';
import { useEffect, useState } from 'react';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { fetchFile } from './download';

/** Raster images browsers draw themselves. SVG is left out: a customer's SVG may carry script. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/bmp']);

export type PreviewKind = 'pdf' | 'image' | 'none';

export function previewKind(file: Pick<TJobFile, 'contentType' | 'name'>): PreviewKind {
  const type = file.contentType.toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  return IMAGE_TYPES.has(type) ? 'image' : 'none';
}

type State = { phase: 'loading'; percent: number | null } | { phase: 'ready'; url: string } | { phase: 'failed' };

function NoPreview({ file, children }: { file: TJobFile; children?: string }) {
  return (
    <div className="flex h-full min-h-60 flex-col items-center justify-center gap-2 p-6 text-center">
      <span className="rounded-full bg-white p-3 text-slate-500 shadow-xs">
        <Icon name="files" className="h-7 w-7" />
      </span>
      <p className="max-w-full truncate text-sm font-medium text-slate-800">{file.name}</p>
      <p className="text-sm text-slate-500">{children ?? 'No preview — download to print'}</p>
    </div>
  );
}

/**
 * Fetches the file from its signed URL and shows it from a blob URL, revoked when the file
 * changes. A PDF shows in a frame (CSP allows blob: frames, not objects); images inline.
 */
export function FilePreview({ file, url }: { file: TJobFile; url: string | undefined }) {
  const kind = previewKind(file);
  const [state, setState] = useState<State>({ phase: 'loading', percent: null });

  useEffect(() => {
    if (kind === 'none' || !url) return;
    const abort = new AbortController();
    let objectUrl: string | null = null;
    setState({ phase: 'loading', percent: null });
    fetchFile(
      url,
      file.contentType,
      (received, total) => {
        if (!abort.signal.aborted) setState({ phase: 'loading', percent: total ? Math.round((received / total) * 100) : null });
      },
      abort.signal,
    )
      .then((blob) => {
        if (abort.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ phase: 'ready', url: objectUrl });
      })
      .catch(() => {
        if (!abort.signal.aborted) setState({ phase: 'failed' });
      });
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [kind, url, file.contentType]);

  if (kind === 'none') return <NoPreview file={file} />;
  if (!url || state.phase === 'loading') {
    const percent = state.phase === 'loading' ? state.percent : null;
    return (
      <div className="flex h-full min-h-60 flex-col items-center justify-center gap-2 text-sm text-slate-500">
        <Spinner className="h-7 w-7 text-brand-500" label="Loading preview" />
        {percent !== null && <span className="tabular-nums">{percent}%</span>}
      </div>
    );
  }
  if (state.phase === 'failed') return <NoPreview file={file}>The preview could not load. Download the file instead.</NoPreview>;
  return (
    <div className="flex h-full flex-col">
      {kind === 'image' ? (
        <div className="flex min-h-60 flex-1 items-center justify-center p-3">
          <img src={state.url} alt={`Preview of ${file.name}`} className="max-h-[70vh] max-w-full rounded-md object-contain shadow-sm" />
        </div>
      ) : (
        <iframe src={state.url} title={`Preview of ${file.name}`} className="h-[70vh] min-h-80 w-full border-0 bg-white" />
      )}
      {/* Phone browsers often draw only a PDF's first page in a frame, or none; a tab of its own shows it all. */}
      <a
        href={state.url}
        target="_blank"
        rel="noopener"
        className="px-3 py-2 text-right text-xs font-semibold text-brand-700 hover:underline"
      >
        Open full size
      </a>
    </div>
  );
}
