import type { TPublicAddress } from '@counterprint/contract';
import { useEffect, useRef, useState } from 'react';
import { fetchPublicAddress } from '../../api/publicAddress';
import { fetchQrPng, POSTER_SIZES, QR_MESSAGES, qrFileName, qrPosterUrl, shopQrUrl } from '../../api/qr';
import { Button, buttonClass, ICON_BUTTON } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { PhoneReachNote } from '../../components/PhoneReachNote';

type State =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'ready'; slug: string; blob: Blob; previewUrl: string; address: TPublicAddress | undefined };

/** docs/product/rules.md#constants: the link behind a Download click is released after 60 s. */
export const DOWNLOAD_LINK_LIFETIME_MS = 60_000;

interface QrWidgetProps {
  shopSlug: string | null | undefined;
  label?: string;
}

/**
 * docs/product/screens.md#qr-code: idle → loading (button disabled) → ready (preview, shop URL, Copy,
 * Download, Visit Shop). Closing releases the preview image. There is no fallback slug.
 */
export function QrWidget({ shopSlug, label = 'Download QR Code' }: QrWidgetProps) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const previewUrl = state.phase === 'ready' ? state.previewUrl : null;
  const abort = useRef<AbortController | null>(null);

  // Whatever closes the panel (Close, a new slug, leaving the page) releases the image.
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  // Another shop chosen in the switcher: start again rather than show the old shop's code.
  const [forSlug, setForSlug] = useState(shopSlug);
  if (forSlug !== shopSlug) {
    setForSlug(shopSlug);
    setState({ phase: 'idle' });
    setError(null);
  }

  useEffect(() => () => abort.current?.abort(), []);

  const generate = async () => {
    setError(null);
    if (!shopSlug) {
      setError(QR_MESSAGES.missingSlug);
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'loading' });
    try {
      const slug = shopSlug;
      const blob = await fetchQrPng(slug, controller.signal);
      // After the code, so a failed code costs no second call; the link shown is the one the code carries.
      const address = await fetchPublicAddress();
      if (!controller.signal.aborted) setState({ phase: 'ready', slug, blob, previewUrl: URL.createObjectURL(blob), address });
    } catch (err) {
      if (controller.signal.aborted) return;
      setState({ phase: 'idle' });
      setError(err instanceof Error && err.message ? err.message : QR_MESSAGES.failed);
    }
  };

  const download = (blob: Blob, slug: string) => {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = qrFileName(slug);
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_LINK_LIFETIME_MS);
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setError('Could not copy. Select the link and copy it yourself.');
    }
  };

  if (state.phase === 'ready' && state.slug === shopSlug) {
    const url = shopQrUrl(state.slug, state.address?.url);
    return (
      <section aria-label="Shop QR code" className="@container rounded-xl border border-slate-200 bg-white p-4">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-semibold text-slate-900">Your shop QR code</p>
          <button
            type="button"
            aria-label="Close QR preview"
            onClick={() => setState({ phase: 'idle' })}
            className={`${ICON_BUTTON} -my-2 -mr-2 shrink-0`}
          >
            <Icon name="close" className="h-4 w-4" />
          </button>
        </div>
        {/* Side by side where the card is wide; stacked in a narrow column or on a phone. */}
        <div className="mt-2 flex flex-col items-center gap-3 @sm:flex-row @sm:items-start">
          <img src={state.previewUrl} alt={`QR code for ${url}`} className="w-32 shrink-0 rounded-md border border-slate-100" />
          <div className="min-w-0 text-center @sm:text-left">
            <p className="font-mono text-xs break-all text-slate-600">{url}</p>
            <p className="mt-2 text-xs text-slate-500">Display it at your shop entrance</p>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap justify-center gap-2 @sm:justify-start">
          <Button variant="secondary" className="px-3 py-2" onClick={() => void copy(url)}>
            {copied ? 'Copied!' : 'Copy'}
          </Button>
          <Button className="px-3 py-2" onClick={() => download(state.blob, state.slug)}>
            Download
          </Button>
          <a
            href={`/public/${encodeURIComponent(state.slug)}`}
            target="_blank"
            rel="noopener"
            className={buttonClass('ghost', 'px-3 py-2')}
          >
            Visit Shop
          </a>
        </div>
        {/* A poster adds the shop name, "Scan to send your files" in English and Hindi, and the short link. */}
        <div className="mt-3 flex flex-wrap items-center justify-center gap-2 border-t border-slate-100 pt-3 text-sm @sm:justify-start">
          <span className="text-slate-600">Poster:</span>
          {POSTER_SIZES.map((size) => (
            <a
              key={size}
              href={qrPosterUrl(state.slug, size)}
              download={`${state.slug}-qr-poster-${size}.pdf`}
              aria-label={`${size.toUpperCase()} PDF poster`}
              className={buttonClass('secondary', 'px-3 py-1.5 text-sm')}
            >
              {size.toUpperCase()} PDF
            </a>
          ))}
        </div>
        <PhoneReachNote address={state.address} className="mt-3" />
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </section>
    );
  }

  return (
    <div>
      <Button onClick={() => void generate()} loading={state.phase === 'loading'} className="w-full sm:w-auto">
        {label}
      </Button>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
