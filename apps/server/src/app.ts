import { availableParallelism } from 'node:os';
import type { TJob } from '@counterprint/contract';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { installAuth } from './auth/guards.js';
import { JobTokens } from './auth/job-token.js';
import { TokenVersions } from './auth/token-versions.js';
import { TokenService } from './auth/tokens.js';
import { OrphanReaper } from './background/orphan-reaper.js';
import { RetentionSweeper } from './background/retention-sweeper.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import { DocumentConverter } from './conversion/converter.js';
import type { Database } from './db/index.js';
import { PasswordResetService } from './features/accounts/password-reset.js';
import { accountsRoutes } from './features/accounts/routes.js';
import { AccountsService } from './features/accounts/service.js';
import { agentDownloadRoutes } from './features/agent-download/routes.js';
import { AgentDownloadService, defaultAgentDownloadsDir } from './features/agent-download/service.js';
import { analyticsRoutes } from './features/analytics/routes.js';
import { AnalyticsService } from './features/analytics/service.js';
import { checkoutRoutes } from './features/checkout/routes.js';
import { CheckoutService } from './features/checkout/service.js';
import { contactRoutes } from './features/contact/routes.js';
import { ContactService } from './features/contact/service.js';
import { customersRoutes } from './features/customers/routes.js';
import { CustomersService } from './features/customers/service.js';
import { earningsRoutes } from './features/earnings/routes.js';
import { EarningsService } from './features/earnings/service.js';
import { feedbackRoutes } from './features/feedback/routes.js';
import { FeedbackService } from './features/feedback/service.js';
import { healthRoutes } from './features/health/routes.js';
import { HealthService } from './features/health/service.js';
import { DeletionReceipts } from './features/job-status/receipts.js';
import { jobStatusRoutes } from './features/job-status/routes.js';
import { JobStatusService } from './features/job-status/service.js';
import { JobWatchers, STREAMS_PER_JOB } from './features/job-status/watchers.js';
import { recycleBinFiles } from './features/jobs/bin-repo.js';
import { jobFileReads } from './features/jobs/file-reads.js';
import { PageCounter } from './features/jobs/page-counter.js';
import { FilePreparer } from './features/jobs/preparer.js';
import { UploadLeases } from './features/jobs/quota.js';
import { resumableUploads } from './features/jobs/resumable.js';
import { jobsRoutes } from './features/jobs/routes.js';
import { JobsService } from './features/jobs/service.js';
import { UploadLocker } from './features/jobs/upload-locker.js';
import { onboardingRoutes } from './features/onboarding/routes.js';
import { OnboardingService } from './features/onboarding/service.js';
import { ownerRoutes } from './features/owner/routes.js';
import { OwnerService } from './features/owner/service.js';
import { printersRoutes } from './features/printers/routes.js';
import { PrintersService } from './features/printers/service.js';
import { publicAddressRoutes } from './features/public-address/routes.js';
import { PublicShopDetails } from './features/public-shop/details.js';
import { shopPageRenderer } from './features/public-shop/link-preview.js';
import { publicShopRoutes } from './features/public-shop/routes.js';
import { PublicShopService } from './features/public-shop/service.js';
import { pushRoutes } from './features/push/routes.js';
import { PushService } from './features/push/service.js';
import { QrDrawer } from './features/qr/drawer.js';
import { qrRoutes } from './features/qr/routes.js';
import { QrService } from './features/qr/service.js';
import { recycleRoutes } from './features/recycle/routes.js';
import { RecycleService } from './features/recycle/service.js';
import { CatalogService } from './features/settings/catalog.js';
import { HoursService } from './features/settings/hours.js';
import { settingsRoutes } from './features/settings/routes.js';
import { SettingsService } from './features/settings/service.js';
import { setupRoutes } from './features/setup/routes.js';
import { SetupService } from './features/setup/service.js';
import { uploadRefusalsRoutes } from './features/upload-refusals/routes.js';
import { UploadRefusals } from './features/upload-refusals/service.js';
import { BodyGuard, installBodyGuard } from './http/body-guard.js';
import { installControlCharacterCheck } from './http/control-characters.js';
import { installErrorHandler, sendRouteNotFound } from './http/errors.js';
import { securityHeaders } from './http/security-headers.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { defaultWebDistDir, isApiPath, serveWebApp } from './http/web-app.js';
import { databaseRateLimiter, memoryRateLimiter, noRateLimit, type RateLimiter, rateLimitKeyHasher } from './limits/rate-limiter.js';
import type { Mailer } from './mail/mailer.js';
import { PreviewMaker } from './previews/preview-maker.js';
import { ColorDetector } from './pricing/color-pages.js';
import { PrintReadyMaker } from './printing/print-ready.js';
import { type Realtime, startRealtime } from './realtime/wiring.js';
import { receiptSigningKey } from './receipts/signing.js';
import type { BlobStore } from './storage/blob-store.js';
import { registerFileRoutes } from './storage/file-routes.js';
import { WorkFolder } from './storage/work-folder.js';

/**
 * Print-ready PDFs are made on a staff click, one file at a time per click: a deadline and a memory
 * cap like the page counter's, and a short line so a burst of clicks waits rather than piles up.
 */
const PRINT_READY_LIMITS = {
  timeoutMs: 30_000,
  memoryBytes: 768 * 1024 * 1024,
  maxOutputBytes: 256 * 1024 * 1024,
  concurrency: Math.min(availableParallelism(), 2),
  maxWaiting: 8,
};
export type AppDeps = {
  config: Config;
  database: Database;
  blobs: BlobStore;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  limiter?: RateLimiter;
};

/** `routeTable`: every route as registered (hooks applied), for the route-table security test. */
export type App = FastifyInstance & { services: AppServices; routeTable: readonly RouteOptions[] };
export type AppServices = {
  tokens: TokenService;
  versions: TokenVersions;
  accounts: AccountsService;
  limiter: RateLimiter;
  jobs: JobsService;
  pageCounter: PageCounter;
  preparer: FilePreparer;
  realtime: Realtime;
  sweeper: RetentionSweeper;
  reaper: OrphanReaper;
  converter: DocumentConverter;
  pushes: PushService;
  qrDrawer: QrDrawer;
};

// Reset codes, verification tokens and signed file links (a 10-minute capability, and a customer's file name).
const SECRET_PATHS = /\/(reset-password|verify-email|files)\/[^?]*/;
export const redactUrl = (url: string) => url.replace(SECRET_PATHS, '/$1/[redacted]');

export function fastifyOptions(config: Config, logger: Logger): FastifyServerOptions {
  return {
    loggerInstance: logger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Our own request log line redacts reset codes and verification tokens from paths.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    return503OnClosing: true,
    // Bodies are timed by BodyGuard (uploads may not have a short deadline); the header phase by Node,
    // checked often enough that a slow-loris is cut close to the timeout (Node's default check is every 30 s).
    http: {
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.round(config.requestTimeoutMs / 4))),
    },
  } as FastifyServerOptions;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, clock, mailer, logger } = deps;
  // First of all: decrypted copies a crashed run left behind are gone before anything can read or report on them.
  const work = WorkFolder.open(config.workDir);
  const app = Fastify(fastifyOptions(config, logger)) as unknown as App;
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routeTable.push(route));
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installJsonParser(app);
  installControlCharacterCheck(app);
  installRequestLog(app);
  await securityHeaders(app);
  await app.register(cors, { origin: config.corsOrigins.length > 0 ? config.corsOrigins : false, exposedHeaders: ['authorization'] });
  await app.register(cookie);
  await app.register(multipart, { limits: { fieldSize: 64 * 1024, fields: 20, files: 60, parts: 100, headerPairs: 50 } });

  const tokens = new TokenService(config.jwtSecret, clock);
  const versions = new TokenVersions(database);
  await versions.start();
  installAuth(app, tokens, versions);
  const limiter =
    deps.limiter ??
    (!config.rateLimit
      ? noRateLimit
      : database.kind === 'postgres'
        ? databaseRateLimiter(database.db, clock, rateLimitKeyHasher(config.jwtSecret))
        : memoryRateLimiter(clock, rateLimitKeyHasher(config.jwtSecret)));
  const db = database.db;
  const pushes = new PushService({ db, clock, logger, config: config.push });
  const accounts = new AccountsService({
    db,
    tokens,
    mailer,
    clock,
    versions,
    publicBaseUrl: config.publicBaseUrl,
    ownerEmails: config.ownerEmails,
    sessionMaxAgeMs: config.sessionMaxAgeSeconds * 1000,
    onLoggedOut: (userId) => pushes.forgetUser(userId),
  });
  const resets = new PasswordResetService({ db, mailer, clock, versions, publicBaseUrl: config.publicBaseUrl, secret: config.jwtSecret });
  const { blobs } = deps;
  // Status pages open at once (docs/product/rules.md#the-customers-side): a counter's Wi-Fi may hold many customers.
  const watchers = new JobWatchers({ perAddress: 20, perJob: STREAMS_PER_JOB, total: 5000 });
  const realtime = await startRealtime({
    server: app.server,
    database,
    tokens,
    versions,
    logger,
    // Each job event reaches this instance's status pages too, once the job they will read is loaded.
    loadJob: async (id) => {
      try {
        return await jobs.loadJob(id);
      } finally {
        watchers.changed(id);
      }
    },
    loadDeviceMessage: (commandId) => printers.messageFor(commandId),
    corsOrigins: config.corsOrigins,
    maxSessionsPerUser: config.realtimeMaxSessionsPerUser,
  });
  // After startRealtime, which rewires the server's 'request' listeners: SockJS's bodies are timed too.
  installBodyGuard(app, new BodyGuard(config));
  const announcer = {
    announce: (shopId: string, jobId: string, action: 'created' | 'updated' | 'deleted', job?: TJob) => {
      realtime.fanout.announce(shopId, jobId, action, job).catch((err) => logger.warn({ err: String(err) }, 'job announce failed'));
      // Only the instance that took the upload pushes (a restore from the bin announces 'created' with no job: not news).
      if (action === 'created' && job) pushes.jobArrived(shopId, job);
    },
  };
  const pageCounter = new PageCounter({
    db,
    blobs,
    logger,
    limits: config.pageCount,
    slots: config.pageCount.slots,
    onCounted: (jobId, shopId) => {
      announcer.announce(shopId, jobId, 'updated');
      // A PDF counted after it was prepared may now have its colour pages detected (issue 19).
      preparer.colorsOfJob(jobId).catch((err) => logger.warn({ err: String(err) }, 'colour detection not queued'));
    },
  });
  const converter = new DocumentConverter({
    logger,
    soffice: config.conversion.enabled ? undefined : false,
    limits: { timeoutMs: config.conversion.timeoutMs },
    tmpRoot: work.root,
  });
  const preparer = new FilePreparer({
    db,
    blobs,
    clock,
    logger,
    converter,
    previews: new PreviewMaker({ logger, tmpRoot: work.root }),
    colors: new ColorDetector({ logger, tmpRoot: work.root }),
    work,
    onPrepared: (jobId, shopId) => announcer.announce(shopId, jobId, 'updated'),
    // An image child may take up to 1 GiB (docs/decisions/033): a few at a time, whatever the cores.
    concurrency: Math.min(availableParallelism(), 4),
  });
  const leases = new UploadLeases(db, clock);
  // Job files are the jobs feature's; the features that read them are handed these (docs/architecture.md#who-owns-each-table).
  const jobFiles = jobFileReads(db);
  const receipts = new DeletionReceipts({
    db,
    files: jobFiles,
    clock,
    logger,
    key: receiptSigningKey(config.receiptSigningKey),
    onIssued: (shopId, jobId) => announcer.announce(shopId, jobId, 'updated'),
    work,
  });
  await receipts.publishKey();
  const refusals = new UploadRefusals({ db, clock });
  const uploadLocker = new UploadLocker({
    locks: database.advisoryLocks,
    listen: database.listen,
    notify: database.notify,
    acquireTimeoutMs: config.uploadLockTimeoutMs,
  });
  const stopUploadLocker = await uploadLocker.start();
  const resumable = resumableUploads({
    locker: uploadLocker,
    db,
    blobs,
    clock,
    limiter,
    clientKeySecret: config.jwtSecret,
    quota: {
      shopBytes: config.shopStorageQuota,
      addressShare: config.rateLimit ? config.addressStorageShare : 1,
      addressJobs: config.rateLimit ? config.addressUnprintedJobs : Number.POSITIVE_INFINITY,
      addressOpenUploads: config.rateLimit ? config.addressOpenUploads : Number.POSITIVE_INFINITY,
      shopOpenUploads: config.shopOpenUploads,
      stallMs: config.uploadStallMs,
    },
    addressOf: (raw) => (raw as { counterprintAddress?: string } | undefined)?.counterprintAddress ?? '',
    refusals,
    logger,
  });
  const jobs = new JobsService({
    db,
    limiter,
    refusals,
    blobs,
    clock,
    announcer,
    pageCounter,
    preparer,
    converterAvailable: converter.available(),
    dataDir: config.dataDir,
    shopStorageQuota: config.shopStorageQuota,
    // RATE_LIMIT=off (benchmarks, one client) lifts every per-address limit, these caps included.
    addressStorageShare: config.rateLimit ? config.addressStorageShare : 1,
    addressUnprintedJobs: config.rateLimit ? config.addressUnprintedJobs : Number.POSITIVE_INFINITY,
    clientKeySecret: config.jwtSecret,
    leases,
    minFreeDisk: config.minFreeDisk,
    recycleRetentionSeconds: config.recycleRetentionSeconds,
    tokens: new JobTokens(config.fileUrlSecret),
    resumable,
    printReady: new PrintReadyMaker(PRINT_READY_LIMITS, work.root),
    onPurged: (jobId) => receipts.issueSoon(jobId),
  });
  const printers = new PrintersService({
    db,
    clock,
    sendToDevice: (event) => realtime.devices.send(event),
    announceJob: (shopId, jobId) => announcer.announce(shopId, jobId, 'updated'),
    startPrinting: (user, jobId) => jobs.startPrinting(user, jobId),
    markPrintedByPrinter: (jobId) => jobs.markPrintedByPrinter(jobId),
    printReady: (jobId, fileId, pick, counted) => jobs.printReadyForPrinter(jobId, fileId, pick, counted),
    printableFiles: jobFiles.printableFiles,
  });
  const accountLimits = { maxShops: config.maxShopsPerAccount, bannerQuota: config.accountBannerQuota };
  const onboarding = new OnboardingService({ db, blobs, limits: accountLimits, tokens, limiter });
  const settings = new SettingsService({ db, blobs, limits: accountLimits });
  const recycle = new RecycleService({
    db,
    blobs,
    clock,
    announcer,
    bin: recycleBinFiles(db),
    onPurged: (jobId) => receipts.issueSoon(jobId),
  });
  const sweeper = new RetentionSweeper({
    db,
    blobs,
    clock,
    logger,
    announcer,
    recycleRetentionSeconds: config.recycleRetentionSeconds,
    unprintedRetentionSeconds: config.unprintedRetentionSeconds,
    receipts,
    resumable: resumable.store,
  });
  const reaper = new OrphanReaper({ db, blobs, clock, logger, leases });
  const qrDrawer = new QrDrawer(config.qrDrawing);
  app.decorate('services', {
    tokens,
    versions,
    accounts,
    limiter,
    jobs,
    pageCounter,
    preparer,
    realtime,
    sweeper,
    reaper,
    converter,
    pushes,
    qrDrawer,
  });
  // Before the HTTP server closes: upgraded WebSocket and SockJS sessions would otherwise
  // hold the shutdown open until they time out.
  app.addHook('preClose', async () => {
    // Open status pages would otherwise hold the HTTP server's close for up to 30 minutes.
    watchers.closeAll();
    await pageCounter.stop();
    // Nothing new starts; the converter's processes are killed, so a conversion under way ends now.
    preparer.stop();
    await converter.stop();
    await preparer.drained();
    await realtime.close();
    await pushes.stop();
    await versions.stop();
    await stopUploadLocker();
    await qrDrawer.close();
  });

  await app.register(healthRoutes, { health: new HealthService({ database, blobs, converter }) });
  await app.register(accountsRoutes, { accounts, resets, limiter, cookie: { publicBaseUrl: config.publicBaseUrl } });
  await app.register(ownerRoutes, { owner: new OwnerService({ db, clock, storedFiles: jobFiles.storedFiles }) });
  await app.register(onboardingRoutes, { onboarding, address: config.publicAddress });
  const shopDetails = new PublicShopDetails(db, clock, {
    afterPrintSeconds: config.recycleRetentionSeconds,
    unprintedSeconds: config.unprintedRetentionSeconds + config.recycleRetentionSeconds,
  });
  const publicShop = new PublicShopService({ db, blobs, limiter, details: shopDetails });
  await app.register(publicShopRoutes, { publicShop });
  await app.register(qrRoutes, { qr: new QrService({ db, publicBaseUrl: config.publicBaseUrl, drawer: qrDrawer }), limiter });
  await app.register(jobsRoutes, { jobs });
  await app.register(printersRoutes, { printers, limiter });
  const downloads = new AgentDownloadService({ dir: config.agentDownloadsDir ?? defaultAgentDownloadsDir() });
  await app.register(agentDownloadRoutes, { downloads, limiter });
  const jobStatus = new JobStatusService({
    db,
    blobs,
    limiter,
    changes: jobs,
    files: jobFiles,
    recycleRetentionSeconds: config.recycleRetentionSeconds,
    unprintedRetentionSeconds: config.unprintedRetentionSeconds,
  });
  await app.register(jobStatusRoutes, { jobStatus, receipts, watchers });
  await app.register(uploadRefusalsRoutes, { refusals });
  await app.register(recycleRoutes, { recycle });
  await app.register(settingsRoutes, { settings, catalog: new CatalogService(db), hours: new HoursService({ db, clock }), limiter });
  await app.register(customersRoutes, { customers: new CustomersService({ db, clock, jobsOf: jobFiles.jobsOfCustomer }) });
  await app.register(earningsRoutes, { earnings: new EarningsService({ db, clock }) });
  await app.register(analyticsRoutes, { analytics: new AnalyticsService({ db, clock, filesForPaper: jobFiles.filesForPaper }) });
  await app.register(feedbackRoutes, { feedback: new FeedbackService({ db, clock }), limiter });
  const contact = new ContactService({ db, clock, mailer, contactInbox: config.contactInbox, logger });
  await app.register(contactRoutes, { contact, limiter });
  await app.register(pushRoutes, { pushes });
  await app.register(publicAddressRoutes, { address: config.publicAddress });
  await app.register(setupRoutes, { setup: new SetupService({ settings, printers, address: config.publicAddress }) });
  await app.register(checkoutRoutes, { checkout: new CheckoutService({ db, clock }), limiter });
  registerFileRoutes(app, {
    blobs,
    fileUrlSecret: config.fileUrlSecret,
    isLive: (key) => jobs.isFileLive(key),
    // A failure to count never blocks the download.
    onDownload: (key) => jobs.countDownload(key).catch((err) => logger.warn({ err: String(err) }, 'download not counted')),
  });

  const webServed = await serveWebApp(app, config.webDistDir ?? defaultWebDistDir(), {
    '/public/:slug': shopPageRenderer(shopDetails, config.publicBaseUrl, app.log),
  });
  app.setNotFoundHandler((req, reply) => {
    if (webServed && (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendRouteNotFound(req, reply);
  });
  return app;
}

/** The spec's clients send `Content-Type: application/json` with no body on body-less calls; accept that. */
function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    parse(req, body as string, done);
  });
}

const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);

function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    // Not even built below the log level: the production default is 'info', but a bench or a quiet deploy runs at 'warn'.
    if (!LOGS_REQUESTS.has(req.log.level)) return;
    req.log.info({ method: req.method, url: redactUrl(req.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
}
