import { createHash } from 'node:crypto';
import { QR_DRAWING_MESSAGES } from '@counterprint/contract';
import type { Db } from '../../db/index.js';
import { HttpError } from '../../http/errors.js';
import { shopBySlug } from '../shops/scope.js';
import { DRAWING_CODE, type Drawing, type QrDrawer, QrDrawerBusy } from './drawer.js';
import { POSTER_TEXT, type PosterSize } from './poster.js';
import { type DrawingKind, storeDrawing, storedDrawing } from './repo.js';

export const shopQrUrl = (publicBaseUrl: string, slug: string) => `${publicBaseUrl}/public/${slug}?src=qr`;

/** What a customer types from the poster: no scheme, no QR marker (a typed visit is not a scan). */
export const shopShortUrl = (publicBaseUrl: string, slug: string) => `${publicBaseUrl.replace(/^https?:\/\//, '')}/public/${slug}`;

/** Seconds a refused caller is asked to wait: a drawing takes well under one. */
const RETRY_AFTER_SECONDS = 5;

export type QrFile = { data: Uint8Array; fileName: string };

/** Everything a drawing is drawn from, and the code that draws it: equal fingerprints, equal drawings. */
const fingerprintOf = (drawing: Drawing) => createHash('sha256').update(DRAWING_CODE).update(JSON.stringify(drawing)).digest('base64url');

const unavailable = (err: unknown) =>
  err instanceof QrDrawerBusy
    ? new HttpError(503, 'QR_BUSY', QR_DRAWING_MESSAGES.busy, { 'retry-after': String(RETRY_AFTER_SECONDS) })
    : new HttpError(503, 'QR_UNAVAILABLE', QR_DRAWING_MESSAGES.failed, { 'retry-after': String(RETRY_AFTER_SECONDS) });

/**
 * A shop's QR code, as a PNG and as a printable poster for its counter; both public, like the shop's page.
 * Each is drawn once per version of what it shows (docs/decisions/054-qr-drawings-off-the-request-thread.md):
 * stored in the database, drawn off the request thread when missing, one drawing for callers who ask at once.
 */
export class QrService {
  private readonly drawing = new Map<string, Promise<Uint8Array>>();

  constructor(private readonly d: { db: Db; publicBaseUrl: string; drawer: QrDrawer }) {}

  async png(slug: string): Promise<QrFile> {
    const shop = await shopBySlug(this.d.db, slug);
    const data = await this.drawn(shop.id, 'png', { kind: 'png', qrUrl: shopQrUrl(this.d.publicBaseUrl, shop.slug) });
    return { data, fileName: `${shop.slug}-qr.png` };
  }

  async poster(slug: string, size: PosterSize): Promise<QrFile> {
    const { publicBaseUrl } = this.d;
    const shop = await shopBySlug(this.d.db, slug);
    const data = await this.drawn(shop.id, `poster-${size}`, {
      kind: 'poster',
      size,
      shopName: shop.name,
      qrUrl: shopQrUrl(publicBaseUrl, shop.slug),
      shortUrl: shopShortUrl(publicBaseUrl, shop.slug),
      text: POSTER_TEXT,
    });
    return { data, fileName: `${shop.slug}-qr-poster-${size}.pdf` };
  }

  private async drawn(shopId: string, kind: DrawingKind, drawing: Drawing): Promise<Uint8Array> {
    const fingerprint = fingerprintOf(drawing);
    const stored = await storedDrawing(this.d.db, shopId, kind, fingerprint);
    if (stored) return stored;
    let pending = this.drawing.get(fingerprint);
    if (!pending) {
      pending = this.drawAndStore(shopId, kind, fingerprint, drawing).finally(() => this.drawing.delete(fingerprint));
      this.drawing.set(fingerprint, pending);
    }
    return pending;
  }

  private async drawAndStore(shopId: string, kind: DrawingKind, fingerprint: string, drawing: Drawing): Promise<Uint8Array> {
    const data = await this.d.drawer.draw(drawing).catch((err) => {
      throw unavailable(err);
    });
    await storeDrawing(this.d.db, shopId, kind, fingerprint, data);
    return data;
  }
}
