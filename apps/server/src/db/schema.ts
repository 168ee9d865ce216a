import { DEFAULT_TIME_ZONE, DEFAULT_WEEKLY_HOURS, type TWeeklyHours } from '@counterprint/contract';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: ts('email_verified_at'),
  passwordChangedAt: ts('password_changed_at').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
  tokenVersion: integer('token_version').notNull().default(0),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id').notNull(),
    role: text('role').notNull(),
    grantedAt: ts('granted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  familyId: uuid('family_id').notNull(),
  familyStartedAt: ts('family_started_at').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  rotatedAt: ts('rotated_at'),
  revokedAt: ts('revoked_at'),
});

export const emailVerifications = pgTable('email_verifications', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});

export const shops = pgTable('shops', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id').notNull(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  address: text('address').notNull(),
  tagline: text('tagline'),
  primaryColor: text('primary_color').notNull().default('#06b6d4'),
  gstNumber: text('gst_number'),
  pan: text('pan'),
  contactPhone: text('contact_phone'),
  contactPhoneAlt: text('contact_phone_alt'),
  whatsapp: text('whatsapp'),
  ownerEmail: text('owner_email'),
  /** Shown on the public shop page; the login e-mail (ownerEmail) never is. */
  publicEmail: text('public_email'),
  ownerName: text('owner_name'),
  hours: text('hours').notNull().default('9:30 AM – 8:00 PM'),
  shopType: text('shop_type'),
  username: text('username').unique(),
  integrations: text('integrations').array().notNull().default([]),
  /** Issue 16 (migration 022): hours per weekday, read on the shop's clock in time_zone. */
  weeklyHours: jsonb('weekly_hours').$type<TWeeklyHours>().notNull().default(DEFAULT_WEEKLY_HOURS),
  timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
  /** The shop's local date the owner closed it for ("closed today"). */
  closedOn: date('closed_on', { mode: 'string' }),
  nextJobNumber: integer('next_job_number').notNull().default(0),
  /** Issue 19 (migration 030): customers may ask for `auto` colour. */
  colorDetection: boolean('color_detection').notNull().default(false),
  /** Issue 20 (migration 032): the shop's own UPI ID and payee name. */
  upiVpa: text('upi_vpa'),
  upiPayee: text('upi_payee'),
  /** When the owner confirmed the rate card (onboarding's prices or a save); until then no price is quoted. */
  rateCardConfirmedAt: ts('rate_card_confirmed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const shopBanners = pgTable('shop_banners', {
  id: uuid('id').primaryKey().defaultRandom(),
  shopId: uuid('shop_id').notNull(),
  blobKey: text('blob_key').notNull().unique(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  width: integer('width'),
  height: integer('height'),
  /** Widths stored as WebP, ascending; the last is at blob_key, the others at `sizeKey` (empty: the original only). */
  widths: integer('widths').array().notNull().default([]),
  position: integer('position').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  shopId: uuid('shop_id').notNull(),
  name: text('name').notNull().default(''),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  tags: text('tags').array().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const jobs = pgTable('jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  shopId: uuid('shop_id').notNull(),
  number: integer('number').notNull(),
  customerId: uuid('customer_id'),
  customerName: text('customer_name'),
  customerPhone: text('customer_phone'),
  status: text('status').notNull().default('queued'),
  paperSku: text('paper_sku'),
  createdAt: ts('created_at').notNull().defaultNow(),
  printedAt: ts('printed_at'),
  cancelledAt: ts('cancelled_at'),
  /** HMAC of the uploading address (docs/decisions/014). */
  clientKey: text('client_key'),
  /** SHA-256 of the customer's job token. */
  tokenHash: text('token_hash'),
  /** Issue 20 (migration 032): staff started printing; the customer's changes end here. */
  printingAt: ts('printing_at'),
  /** The customer said they paid by UPI (a claim, not a payment). */
  paymentClaimedAt: ts('payment_claimed_at'),
  /** Migration 037: the sheets and sides the job took, counted at Mark Printed (src/pricing/paper.ts). */
  printedSheets: integer('printed_sheets'),
  printedSides: integer('printed_sides'),
  /** Migration 041: the sheets Mark Printed took off the paper's stock (fewer than printedSheets when stock ran out). */
  paperTaken: integer('paper_taken'),
});

/** Uploads in progress: quota they hold and a lease the orphan reaper respects (docs/decisions/014). */
export const uploadReservations = pgTable('upload_reservations', {
  id: uuid('id').primaryKey(),
  shopId: uuid('shop_id').notNull(),
  clientKey: text('client_key').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const jobFiles = pgTable('job_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  jobId: uuid('job_id').notNull(),
  shopId: uuid('shop_id').notNull(),
  position: integer('position').notNull(),
  blobKey: text('blob_key').notNull().unique(),
  originalName: text('original_name').notNull(),
  storedName: text('stored_name').notNull(),
  extension: text('extension').notNull(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  pages: integer('pages'),
  /** Why the pages could not be counted (decision 013); null while counting or once counted. */
  pageCountError: text('page_count_error'),
  pageCountAttempts: integer('page_count_attempts').notNull().default(0),
  state: text('state').notNull().default('active'),
  recycledAt: ts('recycled_at'),
  expiresAt: ts('expires_at'),
  savedAt: ts('saved_at'),
  purgedAt: ts('purged_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** A document's way to a PDF (TFileConversion), and why it failed. */
  conversion: text('conversion').notNull().default('none'),
  conversionError: text('conversion_error'),
  /** Set once the file's thumbnail, preview and conversion are done or given up (issue 18). */
  preparedAt: ts('prepared_at'),
  preparationAttempts: integer('preparation_attempts').notNull().default(0),
  /** How the customer asked the file to be printed (issue 19); null: the defaults. */
  printOptions: jsonb('print_options'),
  /** Issue 19 (migration 030): the colour pages of an `auto` file, among the first colorPagesChecked. */
  colorPages: jsonb('color_pages').$type<number[]>(),
  colorPagesChecked: integer('color_pages_checked'),
  colorDetectedAt: ts('color_detected_at'),
  colorDetectionError: text('color_detection_error'),
  colorDetectionAttempts: integer('color_detection_attempts').notNull().default(0),
  /** Times staff fetched the original through a signed download link (migration 031). */
  downloads: integer('downloads').notNull().default(0),
  /** Times staff downloaded the converted PDF, fetched a print-ready PDF, or a print agent took the file (migration 041). */
  pdfDownloads: integer('pdf_downloads').notNull().default(0),
  printReadyCopies: integer('print_ready_copies').notNull().default(0),
  printerCopies: integer('printer_copies').notNull().default(0),
});

/** What was made from a file (converted PDF, thumbnail, preview); it lives and dies with the file. */
export const fileDerivatives = pgTable(
  'file_derivatives',
  {
    fileId: uuid('file_id').notNull(),
    shopId: uuid('shop_id').notNull(),
    role: text('role').notNull(),
    blobKey: text('blob_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    purgedAt: ts('purged_at'),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.role] })],
);

export const inventoryItems = pgTable('inventory_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  shopId: uuid('shop_id').notNull(),
  sku: text('sku').notNull(),
  name: text('name').notNull(),
  category: text('category').notNull().default('general'),
  pricePaise: bigint('price_paise', { mode: 'number' }).notNull().default(0),
  stock: integer('stock').notNull().default(0),
  lowStockThreshold: integer('low_stock_threshold').notNull().default(10),
  unit: text('unit').notNull().default('pcs'),
  description: text('description'),
  sheetsPerReam: integer('sheets_per_ream'),
  position: integer('position').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const restocks = pgTable('restocks', {
  id: uuid('id').primaryKey().defaultRandom(),
  shopId: uuid('shop_id').notNull(),
  sku: text('sku').notNull(),
  sheets: integer('sheets').notNull(),
  userId: uuid('user_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const rateCardServices = pgTable('rate_card_services', {
  id: uuid('id').primaryKey().defaultRandom(),
  shopId: uuid('shop_id').notNull(),
  serviceName: text('service_name').notNull(),
  basePricePaise: bigint('base_price_paise', { mode: 'number' }).notNull(),
  unit: text('unit').notNull(),
  category: text('category'),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
  /** Issue 19 (migration 030): the prints a per_page service prices, and add-ons. */
  paper: text('paper'),
  color: text('color'),
  sides: text('sides'),
  extra: boolean('extra').notNull().default(false),
});

export const orders = pgTable('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  shopId: uuid('shop_id').notNull(),
  jobId: uuid('job_id'),
  customerId: uuid('customer_id'),
  customerName: text('customer_name'),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  paymentMethod: text('payment_method'),
  serviceId: uuid('service_id'),
  serviceName: text('service_name'),
  status: text('status').notNull().default('paid'),
  createdAt: ts('created_at').notNull().defaultNow(),
  refundedAt: ts('refunded_at'),
});

/** What an order sold (issue 19): the estimate's lines, and any discount or surcharge staff made. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id').notNull(),
    position: integer('position').notNull(),
    shopId: uuid('shop_id').notNull(),
    kind: text('kind').notNull(),
    fileId: uuid('file_id'),
    serviceId: uuid('service_id'),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: bigint('unit_price_paise', { mode: 'number' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position] })],
);

export const shopVisits = pgTable('shop_visits', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  shopId: uuid('shop_id').notNull(),
  src: text('src').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const featureFeedback = pgTable('feature_feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id'),
  feature: text('feature').notNull(),
  wantFeature: boolean('want_feature').notNull(),
  message: text('message'),
  shopSlug: text('shop_slug'),
  clientTimestamp: text('client_timestamp'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company'),
  phone: text('phone'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  mailedAt: ts('mailed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const checkoutRequests = pgTable('checkout_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id'),
  plan: text('plan').notNull(),
  billing: text('billing').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  message: text('message'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Uploads refused at a shop, one row per shop and reason (docs/decisions/027). */
export const uploadRefusals = pgTable(
  'upload_refusals',
  {
    shopId: uuid('shop_id').notNull(),
    reason: text('reason').notNull(),
    count: integer('count').notNull(),
    windowStart: ts('window_start').notNull(),
    lastAt: ts('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.reason] })],
);

/** A staff device's Web Push subscription to one shop's new jobs (docs/decisions/044-web-push-for-new-jobs.md). */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  shopId: uuid('shop_id').notNull(),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A job's signed deletion receipt, one per job (docs/decisions/038-signed-deletion-receipts.md). */
export const deletionReceipts = pgTable('deletion_receipts', {
  jobId: uuid('job_id').primaryKey(),
  shopId: uuid('shop_id').notNull(),
  receiptId: uuid('receipt_id').notNull().unique(),
  kid: text('kid').notNull(),
  jws: text('jws').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Every public key receipts were signed with: a rotated key stays published, so old receipts verify. */
export const receiptKeys = pgTable('receipt_keys', {
  kid: text('kid').primaryKey(),
  x: text('x').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A file sent with tus, until a job takes it (docs/decisions/041-resumable-uploads.md). */
export const resumableUploads = pgTable('resumable_uploads', {
  id: text('id').primaryKey(),
  shopId: uuid('shop_id').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  received: bigint('received', { mode: 'number' }).notNull().default(0),
  held: bigint('held', { mode: 'number' }).notNull().default(0),
  filename: text('filename').notNull(),
  clientKey: text('client_key').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  stallsAt: ts('stalls_at').notNull(),
  usedAt: ts('used_at'),
});

/** Each PATCH's bytes of a resumable upload, stored as a blob of their own. */
export const resumableSegments = pgTable(
  'resumable_segments',
  {
    uploadId: text('upload_id').notNull(),
    startAt: bigint('start_at', { mode: 'number' }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    blobKey: text('blob_key').notNull(),
    sha256: text('sha256'),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.startAt] })],
);

/** A print agent paired with a shop and the printers it reports; only the token's hash is kept. */
export const printDevices = pgTable('print_devices', {
  id: uuid('id').primaryKey().defaultRandom(),
  shopId: uuid('shop_id').notNull(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at'),
  revokedAt: ts('revoked_at'),
  printers: jsonb('printers').notNull().default([]),
});

export const devicePairingCodes = pgTable('device_pairing_codes', {
  codeHash: text('code_hash').primaryKey(),
  shopId: uuid('shop_id').notNull(),
  createdBy: uuid('created_by'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Which printer takes a shop's black-and-white files and which its colour files. */
export const shopPrinterChoice = pgTable('shop_printer_choice', {
  shopId: uuid('shop_id').primaryKey(),
  bwDeviceId: uuid('bw_device_id'),
  bwUri: text('bw_uri'),
  colorDeviceId: uuid('color_device_id'),
  colorUri: text('color_uri'),
  markPrintedOnComplete: boolean('mark_printed_on_complete').notNull().default(false),
});

/** A file sent to a printer through an agent, with the printer's own account of it. */
export const printCommands = pgTable('print_commands', {
  id: uuid('id').primaryKey().defaultRandom(),
  shopId: uuid('shop_id').notNull(),
  deviceId: uuid('device_id').notNull(),
  jobId: uuid('job_id').notNull(),
  fileId: uuid('file_id').notNull(),
  printerUri: text('printer_uri').notNull(),
  printerName: text('printer_name').notNull(),
  options: jsonb('options').notNull(),
  state: text('state').notNull().default('queued'),
  reasons: jsonb('reasons').notNull().default([]),
  message: text('message'),
  unsupported: jsonb('unsupported').notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A shop's QR code and posters as last drawn, with a fingerprint of what they were drawn from (docs/decisions/054-qr-drawings-off-the-request-thread.md). */
export const qrDrawings = pgTable(
  'qr_drawings',
  {
    shopId: uuid('shop_id').notNull(),
    kind: text('kind').notNull(),
    fingerprint: text('fingerprint').notNull(),
    data: bytea('data').notNull(),
    drawnAt: ts('drawn_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.kind] })],
);
