import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RETENTION, type TPublicAddress } from '@counterprint/contract';
import webPush from 'web-push';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.js';
import { publicAddressOf } from './public-address.js';

const bool = z
  .string()
  .optional()
  .transform((v) => v !== undefined && ['1', 'true', 'yes', 'on'].includes(v.toLowerCase()));

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const parsed = parseTrustProxy(v);
    if (typeof parsed !== 'string') return parsed;
    ctx.addIssue({ code: 'custom', message: parsed });
    return z.NEVER;
  });

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_BASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Decrypted working copies (default DATA_DIR/work); emptied at start, so one per instance. */
  WORK_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  FILE_URL_SECRET: z.string().min(32, 'FILE_URL_SECRET must be at least 32 characters').optional(),
  FILE_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'FILE_ENCRYPTION_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  RECEIPT_SIGNING_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'RECEIPT_SIGNING_KEY must be 64 hex characters (an Ed25519 seed, 32 bytes)')
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Counterprint <no-reply@counterprint.local>'),
  CONTACT_INBOX: z.string().optional(),
  OWNER_EMAILS: list,
  TRUST_PROXY: trustProxy,
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  SESSION_MAX_AGE: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 60 * 60),
  CORS_ORIGINS: list,
  REALTIME_MAX_SESSIONS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(20),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  SHOP_STORAGE_QUOTA: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 ** 3),
  MAX_SHOPS_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  ACCOUNT_BANNER_QUOTA: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 ** 2),
  ADDRESS_STORAGE_SHARE: z.coerce.number().gt(0).max(1).default(0.25),
  ADDRESS_UNPRINTED_JOBS: z.coerce.number().int().positive().default(150),
  ADDRESS_OPEN_UPLOADS: z.coerce.number().int().positive().default(10),
  SHOP_OPEN_UPLOADS: z.coerce.number().int().positive().default(100),
  UPLOAD_STALL_TIMEOUT: z.coerce.number().positive().default(300),
  MIN_FREE_DISK: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 ** 3),
  RECYCLE_RETENTION: z.coerce
    .number()
    .int()
    .positive()
    .default(RETENTION.recycleMs / 1000),
  UNPRINTED_RETENTION: z.coerce
    .number()
    .int()
    .positive()
    .default(RETENTION.unprintedMs / 1000),
  REQUEST_TIMEOUT: z.coerce.number().positive().default(30),
  UPLOAD_LOCK_TIMEOUT: z.coerce.number().positive().default(30),
  UPLOAD_PROGRESS_WINDOW: z.coerce.number().positive().default(30),
  UPLOAD_MIN_PROGRESS: z.coerce
    .number()
    .int()
    .min(0)
    .default(32 * 1024),
  UPLOADS_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  WEB_DIST_DIR: z.string().optional(),
  AGENT_DOWNLOADS_DIR: z.string().optional(),
  PAGE_COUNT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  PAGE_COUNT_MEMORY_MB: z.coerce.number().int().min(128).default(512),
  PAGE_COUNT_SLOTS: z.coerce.number().int().min(1).max(16).default(2),
  DOCUMENT_CONVERSION: z.enum(['on', 'off']).default('on'),
  CONVERSION_TIMEOUT: z.coerce.number().int().min(1).max(600).default(60),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be 87 base64url characters (a P-256 public key, as web-push generates)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be 43 base64url characters (a P-256 private key, as web-push generates)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https:// address')
    .optional(),
  PUSH_LOCAL_ENDPOINTS: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  publicBaseUrl: string;
  /** What publicBaseUrl is and whether a phone can open it (public-address.ts). */
  publicAddress: TPublicAddress;
  dataDir: string;
  /** Where working copies of customers' files live; wiped at start (storage/work-folder.ts). */
  workDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  jwtSecret: string;
  fileUrlSecret: string;
  fileEncryptionKey: string;
  /** Ed25519 seed (hex) deletion receipts are signed with (docs/decisions/038-signed-deletion-receipts.md). */
  receiptSigningKey: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactInbox: string | undefined;
  ownerEmails: string[];
  /** Which X-Forwarded-For hops are believed: false, a hop count, or the proxies' addresses (http/trust-proxy.ts). */
  trustProxy: TrustProxy;
  rateLimit: boolean;
  /** Seconds a sign-in's refresh-token family lives, however often it is rotated. */
  sessionMaxAgeSeconds: number;
  corsOrigins: string[];
  /** Live (STOMP) sessions one account may hold on one instance; the next CONNECT gets an ERROR (docs/decisions/011-sockjs-transports.md). */
  realtimeMaxSessionsPerUser: number;
  s3:
    | {
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  shopStorageQuota: number;
  /** Shops one account may own (onboarding refuses the next one). */
  maxShopsPerAccount: number;
  /** Bytes of banners all of one account's shops may store together, however they were added. */
  accountBannerQuota: number;
  /** Share of the quota one client address may keep unprinted in a shop (docs/decisions/014). */
  addressStorageShare: number;
  /** Unprinted jobs one client address may keep in a shop, uploads in progress included. */
  addressUnprintedJobs: number;
  /** tus uploads one client address may have open (not yet whole) at a shop (docs/decisions/053). */
  addressOpenUploads: number;
  /** tus uploads a shop may have open at once, from all addresses (docs/decisions/053). */
  shopOpenUploads: number;
  /** A tus upload that made no progress for this long is deleted with its bytes (UPLOAD_STALL_TIMEOUT, seconds). */
  uploadStallMs: number;
  minFreeDisk: number;
  recycleRetentionSeconds: number;
  unprintedRetentionSeconds: number;
  /** Headers, and any body but an upload's, must have arrived within this (REQUEST_TIMEOUT, seconds). */
  requestTimeoutMs: number;
  /** How long a tus request waits for an upload another connection holds before it answers 423 (UPLOAD_LOCK_TIMEOUT, seconds). */
  uploadLockTimeoutMs: number;
  /** An upload body is cut (408) when less than `uploadMinProgressBytes` arrive in this window. */
  uploadProgressWindowMs: number;
  uploadMinProgressBytes: number;
  /** Uploads in flight at once from one client address; the next answers 429. */
  uploadsPerAddress: number;
  webDistDir: string | undefined;
  /** Where the print agent's Windows build is (docs/agent-windows.md); default apps/agent/release/windows. */
  agentDownloadsDir: string | undefined;
  /** Decision 013: wall clock, memory and decode budget of one page count, and how many run side by side. */
  pageCount: { timeoutMs: number; memoryBytes: number; maxStreamBytes: number; maxFileBytes: number; slots: number };
  /** QR codes and posters drawn on worker threads: how many at once, how many may wait, one's deadline (docs/decisions/054). */
  qrDrawing: { threads: number; maxWaiting: number; timeoutMs: number };
  /** Office documents to PDF with LibreOffice (docs/decisions/032-document-conversion-sandbox.md); on only where soffice is found. */
  conversion: { enabled: boolean; timeoutMs: number };
  /** Web Push to staff devices (docs/decisions/044-web-push-for-new-jobs.md); undefined when it has no keys. */
  push: PushConfig | undefined;
  logLevel: string;
};

export type PushConfig = {
  /** The VAPID key pair, base64url, as web-push generates it. */
  publicKey: string;
  privateKey: string;
  /** Whom a push service may contact about this server's pushes: a mailto: or https: address. */
  subject: string;
  /** Push endpoints on this machine (http://127.0.0.1, localhost) are accepted: for tests only. */
  localEndpoints: boolean;
};

/**
 * What pdf-lib may inflate while loading one file to count its pages: object and xref streams only
 * (content streams are never decoded for that), which in real PDFs are a few MiB at most.
 */
export const PAGE_COUNT_DECODE_BUDGET = { maxStreamBytes: 32 * 1024 * 1024, maxFileBytes: 128 * 1024 * 1024 };

/**
 * One drawing thread: a drawing is rare once stored (docs/decisions/054), and one thread leaves the other
 * cores to requests. Sixteen may wait (a poster takes a fraction of a second), the next are told to come back.
 */
export const QR_DRAWING = { threads: 1, maxWaiting: 16, timeoutMs: 20_000 };

export class ConfigError extends Error {}

type Secrets = { jwtSecret: string; fileUrlSecret: string; fileEncryptionKey: string; receiptSigningKey: string };

/** Embedded default: secrets are generated once and kept under DATA_DIR so restarts keep sessions and files. */
function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  const existing: Partial<Secrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets: Secrets = {
    jwtSecret: existing.jwtSecret ?? randomBytes(48).toString('base64url'),
    fileUrlSecret: existing.fileUrlSecret ?? randomBytes(48).toString('base64url'),
    fileEncryptionKey: existing.fileEncryptionKey ?? randomBytes(32).toString('hex'),
    receiptSigningKey: existing.receiptSigningKey ?? randomBytes(32).toString('hex'),
  };
  if (JSON.stringify(existing) !== JSON.stringify(secrets)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

type VapidKeys = { publicKey: string; privateKey: string };

/** Embedded default, like the secrets: a VAPID key pair generated once, so devices' subscriptions outlive restarts. */
function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'push-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  const keys = webPush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

/**
 * Instances sharing a database must share one key pair (a subscription is bound to it), so with
 * DATABASE_URL the keys come from the environment or push stays off.
 */
function pushConfig(e: z.infer<typeof ZEnv>, dataDir: string, publicBaseUrl: string, mailFrom: string): PushConfig | undefined {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
  }
  const keys: VapidKeys | undefined =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : e.DATABASE_URL
        ? undefined
        : loadOrCreateVapidKeys(dataDir);
  if (!keys) return undefined;
  const mailbox = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const subject = e.VAPID_SUBJECT ?? (publicBaseUrl.startsWith('https://') ? publicBaseUrl : `mailto:${mailbox}`);
  return { ...keys, subject, localEndpoints: e.PUSH_LOCAL_ENDPOINTS };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  let secrets: Secrets;
  if (e.DATABASE_URL) {
    const missing = (['JWT_SECRET', 'FILE_URL_SECRET', 'FILE_ENCRYPTION_KEY', 'RECEIPT_SIGNING_KEY'] as const).filter((k) => !e[k]);
    if (missing.length > 0) {
      throw new ConfigError(
        `DATABASE_URL is set, so every instance must share its secrets: set ${missing.join(', ')} ` +
          '(JWT_SECRET and FILE_URL_SECRET: 32+ random characters; FILE_ENCRYPTION_KEY and RECEIPT_SIGNING_KEY: 64 hex characters).',
      );
    }
    secrets = {
      jwtSecret: e.JWT_SECRET!,
      fileUrlSecret: e.FILE_URL_SECRET!,
      fileEncryptionKey: e.FILE_ENCRYPTION_KEY!,
      receiptSigningKey: e.RECEIPT_SIGNING_KEY!,
    };
  } else {
    const generated = loadOrCreateSecrets(dataDir);
    secrets = {
      jwtSecret: e.JWT_SECRET ?? generated.jwtSecret,
      fileUrlSecret: e.FILE_URL_SECRET ?? generated.fileUrlSecret,
      fileEncryptionKey: e.FILE_ENCRYPTION_KEY ?? generated.fileEncryptionKey,
      receiptSigningKey: e.RECEIPT_SIGNING_KEY ?? generated.receiptSigningKey,
    };
  }
  if (e.S3_BUCKET === undefined && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    throw new ConfigError('S3_ENDPOINT or S3_ACCESS_KEY_ID is set but S3_BUCKET is not.');
  }
  const publicAddress = publicAddressOf({ configured: e.PUBLIC_BASE_URL, host: e.HOST, port: e.PORT });
  const publicBaseUrl = publicAddress.url;
  return {
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl,
    publicAddress,
    dataDir,
    workDir: e.WORK_DIR ? path.resolve(e.WORK_DIR) : path.join(dataDir, 'work'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    ...secrets,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactInbox: e.CONTACT_INBOX,
    ownerEmails: e.OWNER_EMAILS,
    trustProxy: e.TRUST_PROXY,
    rateLimit: e.RATE_LIMIT === 'on',
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE,
    corsOrigins: e.CORS_ORIGINS,
    realtimeMaxSessionsPerUser: e.REALTIME_MAX_SESSIONS_PER_USER,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    shopStorageQuota: e.SHOP_STORAGE_QUOTA,
    maxShopsPerAccount: e.MAX_SHOPS_PER_ACCOUNT,
    accountBannerQuota: e.ACCOUNT_BANNER_QUOTA,
    addressStorageShare: e.ADDRESS_STORAGE_SHARE,
    addressUnprintedJobs: e.ADDRESS_UNPRINTED_JOBS,
    addressOpenUploads: e.ADDRESS_OPEN_UPLOADS,
    shopOpenUploads: e.SHOP_OPEN_UPLOADS,
    uploadStallMs: Math.round(e.UPLOAD_STALL_TIMEOUT * 1000),
    minFreeDisk: e.MIN_FREE_DISK,
    recycleRetentionSeconds: e.RECYCLE_RETENTION,
    unprintedRetentionSeconds: e.UNPRINTED_RETENTION,
    requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT * 1000),
    uploadLockTimeoutMs: Math.round(e.UPLOAD_LOCK_TIMEOUT * 1000),
    uploadProgressWindowMs: Math.round(e.UPLOAD_PROGRESS_WINDOW * 1000),
    uploadMinProgressBytes: e.UPLOAD_MIN_PROGRESS,
    uploadsPerAddress: e.UPLOADS_PER_ADDRESS,
    webDistDir: e.WEB_DIST_DIR,
    agentDownloadsDir: e.AGENT_DOWNLOADS_DIR,
    pageCount: {
      timeoutMs: e.PAGE_COUNT_TIMEOUT_MS,
      memoryBytes: e.PAGE_COUNT_MEMORY_MB * 1024 * 1024,
      ...PAGE_COUNT_DECODE_BUDGET,
      slots: e.PAGE_COUNT_SLOTS,
    },
    qrDrawing: QR_DRAWING,
    conversion: { enabled: e.DOCUMENT_CONVERSION === 'on', timeoutMs: e.CONVERSION_TIMEOUT * 1000 },
    push: pushConfig(e, dataDir, publicBaseUrl, e.MAIL_FROM),
    logLevel: e.LOG_LEVEL,
  };
}
