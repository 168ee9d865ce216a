import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import type { PasswordResetService } from '../features/accounts/password-reset.js';
import { accountsRoutes } from '../features/accounts/routes.js';
import type { AccountsService } from '../features/accounts/service.js';
import { agentDownloadRoutes } from '../features/agent-download/routes.js';
import { AgentDownloadService, defaultAgentDownloadsDir } from '../features/agent-download/service.js';
import { analyticsRoutes } from '../features/analytics/routes.js';
import { AnalyticsService } from '../features/analytics/service.js';
import { checkoutRoutes } from '../features/checkout/routes.js';
import { CheckoutService } from '../features/checkout/service.js';
import { contactRoutes } from '../features/contact/routes.js';
import { ContactService } from '../features/contact/service.js';
import { customersRoutes } from '../features/customers/routes.js';
import { CustomersService } from '../features/customers/service.js';
import { earningsRoutes } from '../features/earnings/routes.js';
import { EarningsService } from '../features/earnings/service.js';
import { feedbackRoutes } from '../features/feedback/routes.js';
import { FeedbackService } from '../features/feedback/service.js';
import { healthRoutes } from '../features/health/routes.js';
import { HealthService } from '../features/health/service.js';
import { intakeRoutes } from '../features/intake/routes.js';
import { jobStatusRoutes } from '../features/job-status/routes.js';
import { JobStatusService } from '../features/job-status/service.js';
import type { JobWatchers } from '../features/job-status/watchers.js';
import { jobsRoutes } from '../features/jobs/routes.js';
import { onboardingRoutes } from '../features/onboarding/routes.js';
import type { OnboardingService } from '../features/onboarding/service.js';
import { ownerRoutes } from '../features/owner/routes.js';
import { OwnerService } from '../features/owner/service.js';
import { preparationRoutes } from '../features/preparation/routes.js';
import { printersRoutes } from '../features/printers/routes.js';
import type { PrintersService } from '../features/printers/service.js';
import { publicAddressRoutes } from '../features/public-address/routes.js';
import { PublicShopDetails } from '../features/public-shop/details.js';
import { shopPageRenderer } from '../features/public-shop/link-preview.js';
import { publicShopRoutes } from '../features/public-shop/routes.js';
import { PublicShopService } from '../features/public-shop/service.js';
import { pushRoutes } from '../features/push/routes.js';
import type { PushService } from '../features/push/service.js';
import type { QrDrawer } from '../features/qr/drawer.js';
import { qrRoutes } from '../features/qr/routes.js';
import { QrService } from '../features/qr/service.js';
import { recycleRoutes } from '../features/recycle/routes.js';
import type { RecycleService } from '../features/recycle/service.js';
import { CatalogService } from '../features/settings/catalog.js';
import { HoursService } from '../features/settings/hours.js';
import { settingsRoutes } from '../features/settings/routes.js';
import type { SettingsService } from '../features/settings/service.js';
import { setupRoutes } from '../features/setup/routes.js';
import { SetupService } from '../features/setup/service.js';
import { uploadRefusalsRoutes } from '../features/upload-refusals/routes.js';
import { sendRouteNotFound } from '../http/errors.js';
import { defaultWebDistDir, isApiPath, serveWebApp } from '../http/web-app.js';
import type { RateLimiter } from '../limits/rate-limiter.js';
import type { Mailer } from '../mail/mailer.js';
import type { BlobStore } from '../storage/blob-store.js';
import { registerFileRoutes } from '../storage/file-routes.js';
import type { JobFlow } from './job-flow.js';

export type RouteParts = {
  config: Config;
  database: Database;
  blobs: BlobStore;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  limiter: RateLimiter;
  accounts: AccountsService;
  resets: PasswordResetService;
  onboarding: OnboardingService;
  settings: SettingsService;
  printers: PrintersService;
  recycle: RecycleService;
  pushes: PushService;
  qrDrawer: QrDrawer;
  watchers: JobWatchers;
  flow: JobFlow;
};

/** Every feature's routes, each given its service; then the web app and the not-found answer. */
export async function registerRoutes(app: FastifyInstance, p: RouteParts): Promise<void> {
  const { config, database, blobs, clock, limiter, flow } = p;
  const db = database.db;
  await app.register(healthRoutes, { health: new HealthService({ database, blobs, converter: flow.converter }) });
  await app.register(accountsRoutes, { accounts: p.accounts, resets: p.resets, limiter, cookie: { publicBaseUrl: config.publicBaseUrl } });
  await app.register(ownerRoutes, { owner: new OwnerService({ db, clock, storedFiles: flow.jobFiles.storedFiles }) });
  await app.register(onboardingRoutes, { onboarding: p.onboarding, address: config.publicAddress });
  const shopDetails = new PublicShopDetails(db, clock, {
    afterPrintSeconds: config.recycleRetentionSeconds,
    unprintedSeconds: config.unprintedRetentionSeconds + config.recycleRetentionSeconds,
  });
  await app.register(publicShopRoutes, { publicShop: new PublicShopService({ db, blobs, limiter, details: shopDetails }) });
  await app.register(qrRoutes, { qr: new QrService({ db, publicBaseUrl: config.publicBaseUrl, drawer: p.qrDrawer }), limiter });
  await app.register(intakeRoutes, { intake: flow.intake, tus: flow.tus });
  await app.register(jobsRoutes, { jobs: flow.jobs });
  await app.register(preparationRoutes, { preparedFiles: flow.preparedFiles });
  await app.register(printersRoutes, { printers: p.printers, limiter });
  const downloads = new AgentDownloadService({ dir: config.agentDownloadsDir ?? defaultAgentDownloadsDir() });
  await app.register(agentDownloadRoutes, { downloads, limiter });
  const jobStatus = new JobStatusService({
    db,
    blobs,
    limiter,
    changes: flow.customerChanges,
    files: flow.jobFiles,
    recycleRetentionSeconds: config.recycleRetentionSeconds,
    unprintedRetentionSeconds: config.unprintedRetentionSeconds,
  });
  await app.register(jobStatusRoutes, { jobStatus, receipts: flow.receipts, watchers: p.watchers });
  await app.register(uploadRefusalsRoutes, { refusals: flow.refusals });
  await app.register(recycleRoutes, { recycle: p.recycle });
  await app.register(settingsRoutes, {
    settings: p.settings,
    catalog: new CatalogService(db),
    hours: new HoursService({ db, clock }),
    limiter,
  });
  await app.register(customersRoutes, { customers: new CustomersService({ db, clock, jobsOf: flow.jobFiles.jobsOfCustomer }) });
  await app.register(earningsRoutes, { earnings: new EarningsService({ db, clock }) });
  await app.register(analyticsRoutes, { analytics: new AnalyticsService({ db, clock, filesForPaper: flow.jobFiles.filesForPaper }) });
  await app.register(feedbackRoutes, { feedback: new FeedbackService({ db, clock }), limiter });
  const contact = new ContactService({ db, clock, mailer: p.mailer, contactInbox: config.contactInbox, logger: p.logger });
  await app.register(contactRoutes, { contact, limiter });
  await app.register(pushRoutes, { pushes: p.pushes });
  await app.register(publicAddressRoutes, { address: config.publicAddress });
  await app.register(setupRoutes, {
    setup: new SetupService({ settings: p.settings, printers: p.printers, address: config.publicAddress }),
  });
  await app.register(checkoutRoutes, { checkout: new CheckoutService({ db, clock }), limiter });
  registerFileRoutes(app, {
    blobs,
    fileUrlSecret: config.fileUrlSecret,
    isLive: (key) => flow.jobs.isFileLive(key),
    // A failure to count never blocks the download.
    onDownload: (key) => flow.jobs.countDownload(key).catch((err) => p.logger.warn({ err: String(err) }, 'download not counted')),
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
}
