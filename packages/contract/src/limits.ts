/** Product behaviour shared by the server and the web app (docs/product/rules.md#upload-limits, docs/product/rules.md#retention). */
export const UPLOAD_LIMITS = {
  maxFileBytes: 25 * 1024 * 1024,
  maxFiles: 50,
} as const;

export const RETENTION = {
  /** A printed file stays this long in the recycle bin. */
  recycleMs: 60 * 60 * 1000,
  /** An unprinted job's files move to the recycle bin after this long. */
  unprintedMs: 24 * 60 * 60 * 1000,
} as const;

/** Staff open a file through a signed link that lives this long (docs/product/rules.md#signed-links). */
export const SIGNED_LINK_TTL_SECONDS = 10 * 60;

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const SESSION_EXPIRY_MARGIN_SECONDS = 300;
