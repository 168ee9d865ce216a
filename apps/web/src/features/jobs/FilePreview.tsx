import { isConvertedKind, type TJobFile, type TJobFileLinks } from '@counterprint/contract';
import { useEffect, useState } from 'react';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { fetchFile } from './download';
import { conversionText } from './FileBadge';

/**
 * Originals browsers draw themselves, by what the file is (its content, not its name), with the type its blob
 * needs. SVG is left out: a customer's SVG may carry script.
 */
const SHOWN_AS_IS: Partial<Record<TJobFile['kind'], { show: 'pdf' | 'image'; type: string }>> = {
  pdf: { show: 'pdf', type: 'application/pdf' },
  png: { show: 'image', type: 'image/png' },
  jpg: { show: 'image', type: 'image/jpeg' },
  jpeg: { show: 'image', type: 'image/jpeg' },
  webp: { show: 'image', type: 'image/webp' },
  bmp: { show: 'image', type: 'image/bmp' },
};

export type PreviewSource =
  /** The links have not come yet. */
  | { show: 'waiting' }
  | { show: 'pdf' | 'image'; url: string; type: string }
  /** An Office document LibreOffice is still turning into a PDF. */
  | { show: 'converting' }
  | { show: 'none'; message: string };

type PreviewFile = Pick<TJobFile, 'kind' | 'conversion' | 'conversionError'>;

/**
 * What the viewer shows of a file: an Office document's converted PDF, the JPEG made of a photo browsers
 * cannot draw (HEIC, TIFF, PSD, EPS), or the original when browsers draw it (PDF, PNG, JPEG, WebP).
 */
export function previewSource(file: PreviewFile, links: TJobFileLinks | undefined): PreviewSource {
  if (isConvertedKind(file.kind)) {
    if (file.conversion === 'converting') return { show: 'converting' };
    if (file.conversion === 'converted' && links?.pdf) return { show: 'pdf', url: links.pdf, type: 'application/pdf' };
    if (file.conversion === 'converted' && !links) return { show: 'waiting' };
    return { show: 'none', message: conversionText(file) ?? 'No preview — download to print' };
  }
  if (!links) return { show: 'waiting' };
  if (links.preview) return { show: 'image', url: links.preview, type: 'image/jpeg' };
  const asIs = SHOWN_AS_IS[file.kind];
  // The viewer's own link: fetching the download link would count as staff downloading (and printing) the file.
  if (asIs && links.view) return { ...asIs, url: links.view };
  return { show: 'none', message: 'No preview — download to print' };
}

type State = { phase: 'loading'; percent: number | null } | { phase: 'ready'; url: string } | { phase: 'failed' };

function NoPreview({ file, children }: { file: TJobFile; children: string }) {
  return (
    <div className="flex h-full min-h-60 flex-col items-center justify-center gap-2 p-6 text-center">
      <span className="rounded-full bg-white p-3 text-slate-500 shadow-xs">
        <Icon name="files" className="h-7 w-7" />
      </span>
      <p className="max-w-full truncate text-sm font-medium text-slate-800">{file.name}</p>
      <p className="max-w-md text-sm text-slate-500">{children}</p>
    </div>
  );
}

function Loading({ label, percent = null }: { label: string; percent?: number | null }) {
  return (
    <div className="flex h-full min-h-60 flex-col items-center justify-center gap-2 text-sm text-slate-500">
      <Spinner className="h-7 w-7 text-brand-500" label={label} />
      {percent !== null && <span className="tabular-nums">{percent}%</span>}
    </div>
  );
}

/**
 * Fetches what `previewSource` chose from its signed URL and shows it from a blob URL, revoked when it
 * changes. A PDF shows in a frame (CSP allows blob: frames, not objects); images inline.
 */
export function FilePreview({ file, links }: { file: TJobFile; links: TJobFileLinks | undefined }) {
  const source = previewSource(file, links);
  const url = 'url' in source ? source.url : null;
  const type = 'type' in source ? source.type : '';
  const [state, setState] = useState<State>({ phase: 'loading', percent: null });

  useEffect(() => {
    if (!url) return;
    const abort = new AbortController();
    let objectUrl: string | null = null;
    setState({ phase: 'loading', percent: null });
    fetchFile(
      url,
      type,
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
  }, [url, type]);

  if (source.show === 'none') return <NoPreview file={file}>{source.message}</NoPreview>;
  if (source.show === 'converting') return <Loading label="Converting to PDF" />;
  if (source.show === 'waiting' || state.phase === 'loading') {
    return <Loading label="Loading preview" percent={state.phase === 'loading' ? state.percent : null} />;
  }
  if (state.phase === 'failed') return <NoPreview file={file}>The preview could not load. Download the file instead.</NoPreview>;
  return (
    <div className="flex h-full flex-col">
      {source.show === 'image' ? (
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
