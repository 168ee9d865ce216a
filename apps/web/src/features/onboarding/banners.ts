import { BANNER_EXTENSIONS, BANNER_MAX_BYTES, MAX_ONBOARDING_BANNERS } from '@counterprint/contract';

export interface ImageSize {
  width: number;
  height: number;
}

/** Injected in tests: jsdom cannot decode images. */
export type ImageSizeReader = (file: File) => Promise<ImageSize>;

/** Decodes just enough of the image to learn its size. */
export const readImageSize: ImageSizeReader = (file) =>
  new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      reject(new Error(`${file.name} is not a readable image`));
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });

export const TOO_MANY_BANNERS = 'You can upload up to 4 banners only.';
export const portraitMessage = (file: string) => `Portrait Not Allowed: ${file}. Please upload landscape banners.`;
// The server's own wording for the same refusals, so a customer never sees two versions.
const notAllowed = (file: string) => `${file} is not allowed. Banners must be PNG, JPG, JPEG or WebP.`;
const unreadable = (file: string) => `${file} is not a readable image. Banners must be PNG, JPG, JPEG or WebP.`;
const tooLarge = (file: string) => `${file} exceeds ${BANNER_MAX_BYTES / (1024 * 1024)}MB`;

const EXTENSIONS = new Set<string>(BANNER_EXTENSIONS);

/**
 * Checks picked banners against docs/product/screens.md#shop-onboarding and the server's rules: at most 4 in all, PNG/JPG/WebP,
 * at most 5 MB, landscape. A square counts as portrait, as on the server.
 */
export async function checkBanners(current: number, picked: File[], readSize: ImageSizeReader = readImageSize) {
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of picked) {
    if (current + accepted.length >= MAX_ONBOARDING_BANNERS) {
      if (!errors.includes(TOO_MANY_BANNERS)) errors.push(TOO_MANY_BANNERS);
      continue;
    }
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!EXTENSIONS.has(ext)) {
      errors.push(notAllowed(file.name));
      continue;
    }
    if (file.size > BANNER_MAX_BYTES) {
      errors.push(tooLarge(file.name));
      continue;
    }
    let size: ImageSize;
    try {
      size = await readSize(file);
    } catch {
      errors.push(unreadable(file.name));
      continue;
    }
    if (size.height >= size.width) errors.push(portraitMessage(file.name));
    else accepted.push(file);
  }
  return { accepted, errors };
}
