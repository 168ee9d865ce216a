import sharp from 'sharp';

/** The widths a banner is stored in (docs/decisions/025): a phone takes 640 or 960 (by its pixel ratio), a laptop 1280, a wide screen 1920. */
export const BANNER_WIDTHS = [640, 960, 1280, 1920];
/** A banner decodes to at most this many pixels (~8000 × 5000); a bigger one is refused before it is decoded. */
export const BANNER_MAX_PIXELS = 40_000_000;
/** Decoding and encoding one banner (every width) must finish within this. */
const ENCODE_SECONDS = 10;
const WEBP_QUALITY = 75;

export type BannerSize = { width: number; height: number; data: Buffer };

/** The widths to store for an image `width` pixels wide: every standard width below it, and it, capped at the widest. */
export function widthsFor(width: number): number[] {
  const widest = Math.min(width, BANNER_WIDTHS.at(-1) ?? width);
  return [...BANNER_WIDTHS.filter((w) => w < widest), widest];
}

/** Blob key of one stored width; the widest lives at the banner's own key. */
export function sizeKey(blobKey: string, widths: number[], width: number): string {
  return width === widths[widths.length - 1] ? blobKey : `${blobKey}.w${width}`;
}

/** Every blob key of a banner. */
export const keysOf = (b: { blobKey: string; widths: number[] }) =>
  b.widths.length === 0 ? [b.blobKey] : b.widths.map((w) => sizeKey(b.blobKey, b.widths, w));

/**
 * Decodes the image once, upright (EXIF orientation applied, metadata dropped), scaled to the widest size;
 * each size is encoded as WebP from that, so a big upload is decoded one time and held at most 1920 px wide.
 * Throws if it does not decode, is larger than BANNER_MAX_PIXELS or takes too long.
 */
export async function encodeBannerSizes(data: Buffer): Promise<BannerSize[]> {
  const source = sharp(data, { limitInputPixels: BANNER_MAX_PIXELS, failOn: 'error', animated: false }).rotate();
  const meta = await source.metadata();
  const upright = meta.autoOrient ?? meta;
  if (!upright.width || !upright.height) throw new Error('image has no dimensions');
  const widths = widthsFor(upright.width);
  const widest = await source
    .resize({ width: widths.at(-1), withoutEnlargement: true })
    .raw()
    .timeout({ seconds: ENCODE_SECONDS })
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: widest.info.width, height: widest.info.height, channels: widest.info.channels } };
  const sizes: BannerSize[] = [];
  for (const width of widths) {
    const { data: out, info } = await sharp(widest.data, raw)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY, effort: 4 })
      .timeout({ seconds: ENCODE_SECONDS })
      .toBuffer({ resolveWithObject: true });
    sizes.push({ width: info.width, height: info.height, data: out });
  }
  return sizes;
}
