import { RETENTION, SIGNED_LINK_TTL_SECONDS, UPLOAD_EXTENSIONS, UPLOAD_LIMITS } from '@counterprint/contract';

/**
 * Figures that describe what the product does, derived from the constants the server enforces.
 * The marketing copy quotes these so the site can never promise something the server does not do.
 */

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** 3_600_000 → '1 hour', 86_400_000 → '24 hours', 1_800_000 → '30 minutes'. */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60 || minutes % 60 !== 0) return plural(minutes, 'minute');
  return plural(minutes / 60, 'hour');
}

/** The short form for stat tiles: '1 hr', '24 hrs', '30 min'. */
export function formatDurationShort(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60 || minutes % 60 !== 0) return `${minutes} min`;
  const hours = minutes / 60;
  return `${hours} hr${hours === 1 ? '' : 's'}`;
}

/** How long a printed file stays (in the recycle bin) before it is deleted for good. */
export const RETENTION_AFTER_PRINT = formatDuration(RETENTION.recycleMs);
export const RETENTION_AFTER_PRINT_SHORT = formatDurationShort(RETENTION.recycleMs);
/** After this long an unprinted job's files move to the recycle bin too. */
export const RETENTION_UNPRINTED = formatDuration(RETENTION.unprintedMs);
export const RETENTION_UNPRINTED_SHORT = formatDurationShort(RETENTION.unprintedMs);
/** How long a staff member's signed link to a file works. */
export const SIGNED_LINK_LIFETIME = formatDuration(SIGNED_LINK_TTL_SECONDS * 1000);
export const SIGNED_LINK_LIFETIME_SHORT = formatDurationShort(SIGNED_LINK_TTL_SECONDS * 1000);

const MIB = 1024 * 1024;
export const MAX_FILE_SIZE = `${Math.round(UPLOAD_LIMITS.maxFileBytes / MIB)} MB`;
export const MAX_FILES = UPLOAD_LIMITS.maxFiles;

/** Extensions that are spellings of one format are shown once, under the familiar name. */
const FORMAT_ALIAS: Record<string, string> = { jpeg: 'jpg', tif: 'tiff', heif: 'heic' };

/** Every format the upload page accepts, in the contract's order: PDF, PNG, JPG, … */
export const FORMAT_LABELS: readonly string[] = [...new Set(UPLOAD_EXTENSIONS.map((ext) => (FORMAT_ALIAS[ext] ?? ext).toUpperCase()))];

/** 'PDF, PNG, JPG and …' for sentences. */
export function listFormats(labels: readonly string[] = FORMAT_LABELS): string {
  if (labels.length < 2) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

export const ENCRYPTION_AT_REST = 'AES-256-GCM';
/** The server's default MAX_SHOPS_PER_ACCOUNT (docs/security.md, "One account fills the disk with shops"). */
export const SHOPS_PER_ACCOUNT = 5;

/** Where a visitor writes when the form fails; the spec's failure message names it. */
export const SUPPORT_EMAIL = 'support@counterprint.in';
export const OFFICE_CITY = 'Bengaluru, Karnataka, India';
/** The trial on the pricing page (docs/product/overview.md#marketing-claims); the spec's other '14 days' reading is not used anywhere. */
export const TRIAL = '1-month';
export const TRIAL_LONG = '1 month';
