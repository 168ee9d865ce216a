import { serverErrorOfText } from './client';

export const QR_MESSAGES = {
  missingSlug: 'Missing shop slug',
  failed: 'Error generating QR code. Please try again.',
} as const;

/** What the QR encodes (docs/product/rules.md#shops): the shop's page, marked as reached by the QR. */
export const shopQrUrl = (slug: string, origin = window.location.origin) => `${origin}/public/${slug}?src=qr`;

export const qrFileName = (slug: string) => `${slug}-qr.png`;

export const POSTER_SIZES = ['a4', 'a5'] as const;

/** A printable PDF poster of the code; the server sends it as an attachment, so a plain link downloads it. */
export const qrPosterUrl = (slug: string, size: (typeof POSTER_SIZES)[number]) => `/api/qr/poster/${encodeURIComponent(slug)}?size=${size}`;

/**
 * `GET /api/qr/generate/{slug}` answers a PNG, so this reads a Blob rather than going through the
 * JSON client. The call is public (docs/product/rules.md#paths-and-calls).
 */
export async function fetchQrPng(slug: string, signal?: AbortSignal): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(`/api/qr/generate/${encodeURIComponent(slug)}`, { signal, headers: { Accept: 'image/png' } });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new Error(QR_MESSAGES.failed);
  }
  if (!res.ok) throw new Error(serverErrorOfText(await res.text().catch(() => '')).message ?? QR_MESSAGES.failed);
  return res.blob();
}
