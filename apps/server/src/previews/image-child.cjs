'use strict';
// The image previews' child process (docs/decisions/033-file-previews.md). One file per process:
//   node image-child.cjs <file> <kind> <out-dir> <max-pixels>
// writes thumbnail.jpg (and preview.jpg for formats a browser cannot show) into <out-dir> and prints
// one JSON line: {made: [...]} or {refused, detail}. It runs under a data-size rlimit, without
// network and with a wall-clock kill set by the parent, so whatever a hostile file does to a decoder
// here costs this process, never the server. Plain CommonJS so it runs as is from src/ and dist/.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const sharp = require('sharp');

const [file, kind, outDir, maxPixelsArg] = process.argv.slice(2);
const maxPixels = Number(maxPixelsArg);
const THUMBNAIL = 320;
const PREVIEW = 2000;
const NEEDS_PREVIEW = new Set(['heic', 'heif', 'tiff', 'tif', 'bmp', 'psd', 'eps', 'ps']);
const WHITE = { r: 255, g: 255, b: 255 };

// One file, one thread: the parent decides how many of these run at once.
sharp.cache(false);
sharp.concurrency(1);

class Refused extends Error {
  constructor(reason, detail) {
    super(detail);
    this.reason = reason;
  }
}

/** Declared dimensions are checked before anything is decoded: a 30000×30000 header costs nothing. */
function checkSize(width, height) {
  if (!(width > 0 && height > 0)) throw new Refused('unreadable', `dimensions ${width}×${height}`);
  if (width * height > maxPixels) throw new Refused('too-large', `${width}×${height} is over ${maxPixels} pixels`);
}

const fromSharp = (bytes, options = {}) => sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', ...options });
const fromRgba = ({ width, height, data }) => sharp(data, { raw: { width, height, channels: 4 } });

/** SVG: rendered from bytes (librsvg gets no base location, so it resolves no file or URL), at a density that fits. */
async function svg(bytes) {
  const { width, height } = await fromSharp(bytes).metadata();
  if (!(width > 0 && height > 0)) throw new Refused('unreadable', 'the SVG has no size');
  // Twice the thumbnail's size is enough; a tiny icon is drawn larger, a poster-sized one smaller.
  const density = Math.min(2400, Math.max(1, (72 * 2 * THUMBNAIL) / Math.max(width, height)));
  return fromSharp(bytes, { density });
}

/** HEIC/HEIF: libheif (WebAssembly) decodes HEVC, which sharp's libvips is built without; AVIF is sharp's own. */
async function heif(bytes) {
  const brand = bytes.toString('latin1', 8, 12);
  if (brand === 'avif' || brand === 'avis') return fromSharp(bytes);
  const libheif = require('libheif-js/wasm-bundle');
  const decoder = new libheif.HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    if (!images.length) throw new Refused('unreadable', 'no image in the HEIF file');
    const image = images.find((i) => i.is_primary()) ?? images[0];
    // The handle's size is after libheif's irot/imir/clap transforms, which display() applies: the
    // orientation of an iPhone photo. EXIF orientation in HEIF is informative only (ISO/IEC 23008-12).
    const width = image.get_width();
    const height = image.get_height();
    checkSize(width, height);
    const decoded = await new Promise((resolve) =>
      image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, resolve),
    );
    if (!decoded) throw new Refused('unreadable', 'libheif could not decode the image');
    return fromRgba({ width, height, data: decoded.data });
  } finally {
    for (const i of images) i.free();
    decoder.decoder.delete();
  }
}

/** BMP: sharp has no BMP loader. Alpha is dropped: most BMPs leave its byte 0, which would read as transparent. */
function bmp(bytes) {
  if (bytes.length < 26 || bytes.toString('latin1', 0, 2) !== 'BM') throw new Refused('unreadable', 'not a BMP');
  const headerSize = bytes.readUInt32LE(14);
  const [width, height] =
    headerSize === 12 ? [bytes.readUInt16LE(18), bytes.readUInt16LE(20)] : [bytes.readInt32LE(18), bytes.readInt32LE(22)];
  checkSize(width, Math.abs(height));
  const decoded = require('bmp-ts').decode(bytes, { toRGBA: true });
  for (let i = 3; i < decoded.data.length; i += 4) decoded.data[i] = 255;
  return fromRgba({ width: decoded.width, height: decoded.height, data: decoded.data });
}

/** PSD/PSB: the composite image Photoshop stores beside the layers; layers themselves are never read. */
function psd(bytes) {
  if (bytes.length < 26 || bytes.toString('latin1', 0, 4) !== '8BPS') throw new Refused('unreadable', 'not a PSD');
  checkSize(bytes.readUInt32BE(18), bytes.readUInt32BE(14));
  const { initializeCanvas, readPsd } = require('ag-psd');
  // Pixels only: without a canvas, ag-psd fills plain ImageData-shaped objects.
  const imageData = (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4) });
  initializeCanvas(() => {
    throw new Refused('unsupported', 'this PSD needs a canvas');
  }, imageData);
  const doc = readPsd(bytes, { skipLayerImageData: true, skipThumbnail: true, useImageData: true, throwForMissingFeatures: false });
  // Saved without "Maximize compatibility", a layered file's composite is blank: nothing to show.
  if (!doc.imageData || doc.imageResources?.versionInfo?.hasRealMergedData === false) {
    throw new Refused('unsupported', 'the PSD holds no composite image');
  }
  return fromRgba(doc.imageData);
}

/** EPS: only the TIFF preview a DOS EPS header points at. The PostScript itself is never run here. */
function eps(bytes) {
  if (bytes.length >= 30 && bytes.readUInt32BE(0) === 0xc5d0d3c6) {
    const offset = bytes.readUInt32LE(20);
    const length = bytes.readUInt32LE(24);
    if (length > 0 && offset + length <= bytes.length) return fromSharp(bytes.subarray(offset, offset + length));
  }
  throw new Refused('unsupported', 'no TIFF preview inside; PostScript is not rendered');
}

async function decode(bytes) {
  switch (kind) {
    case 'jpg':
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'tiff':
    case 'tif': {
      const pipeline = fromSharp(bytes);
      const { width, height } = await pipeline.metadata();
      checkSize(width, height);
      // Upright by the EXIF orientation; the output keeps no metadata, so it is never applied twice.
      return pipeline.rotate();
    }
    case 'svg':
      return svg(bytes);
    case 'heic':
    case 'heif':
      return heif(bytes);
    case 'bmp':
      return bmp(bytes);
    case 'psd':
      return psd(bytes);
    case 'eps':
      return eps(bytes);
    default:
      throw new Refused('unsupported', `no image previews for ${kind}`);
  }
}

const within = (size) => [size, size, { fit: 'inside', withoutEnlargement: true }];

async function main() {
  const pipeline = await decode(readFileSync(file));
  const made = [];
  if (NEEDS_PREVIEW.has(kind)) {
    // Decoded once: the preview's pixels make the thumbnail too.
    const { data, info } = await pipeline
      .resize(...within(PREVIEW))
      .flatten({ background: WHITE })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    writeFileSync(join(outDir, 'preview.jpg'), await sharp(data, raw).jpeg({ quality: 80, mozjpeg: true }).toBuffer());
    writeFileSync(
      join(outDir, 'thumbnail.jpg'),
      await sharp(data, raw)
        .resize(...within(THUMBNAIL))
        .jpeg({ quality: 70, mozjpeg: true })
        .toBuffer(),
    );
    made.push('preview', 'thumbnail');
  } else {
    const thumbnail = await pipeline
      .resize(...within(THUMBNAIL))
      .flatten({ background: WHITE })
      .toColourspace('srgb')
      .jpeg({ quality: 70, mozjpeg: true })
      .toBuffer();
    writeFileSync(join(outDir, 'thumbnail.jpg'), thumbnail);
    made.push('thumbnail');
  }
  return { made };
}

main().then(
  (answer) => process.stdout.write(`${JSON.stringify(answer)}\n`),
  (err) => {
    // Over the pixel limit, or over the rlimit: either way the image is too big for us, not broken.
    const tooLarge = /pixel limit|allocation failed|out of memory|cannot enlarge memory/i.test(String(err?.message));
    const refused = err instanceof Refused ? err.reason : tooLarge ? 'too-large' : 'unreadable';
    process.stdout.write(`${JSON.stringify({ refused, detail: String(err?.message ?? err).slice(0, 300) })}\n`);
  },
);
