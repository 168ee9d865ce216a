import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Logger } from 'pino';
import { installAuth } from './auth/guards.js';
import { TokenVersions } from './auth/token-versions.js';
import { TokenService } from './auth/tokens.js';
import { OrphanReaper } from './background/orphan-reaper.js';
import { RetentionSweeper } from './background/retention-sweeper.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { DocumentConverter } from './conversion/converter.js';
import type { Database } from './db/index.js';
import { PasswordResetService } from './features/accounts/password-reset.js';
import { AccountsService } from './features/accounts/service.js';
import { JobWatchers, STREAMS_PER_JOB } from './features/job-status/watchers.js';
import type { JobsService } from './features/jobs/service.js';
import { OnboardingService } from './features/onboarding/service.js';
import type { PageCounter } from './features/preparation/page-counter.js';
import type { FilePreparer } from './features/preparation/preparer.js';
import { PrintersService } from './features/printers/service.js';
import { PushService } from './features/push/service.js';
import { QrDrawer } from './features/qr/drawer.js';
import { RecycleService } from './features/recycle/service.js';
import { SettingsService } from './features/settings/service.js';
import { BodyGuard, installBodyGuard } from './http/body-guard.js';
import type { RateLimiter } from './limits/rate-limiter.js';
import type { Mailer } from './mail/mailer.js';
import { JobPipeline } from './pipeline/events.js';
import { jobFollowUps } from './pipeline/follow-ups.js';
import { type Realtime, startRealtime } from './realtime/wiring.js';
import type { BlobStore } from './storage/blob-store.js';
import { WorkFolder } from './storage/work-folder.js';
import { buildJobFlow } from './wiring/job-flow.js';
import { registerRoutes } from './wiring/routes.js';
import { createServer, rateLimiterFor } from './wiring/server.js';

export { fastifyOptions } from './wiring/server.js';

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

/** Builds every part and wires them: what happens to a job, and in which order, is src/pipeline's to say. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, clock, mailer, logger, blobs } = deps;
  // First of all: decrypted copies a crashed run left behind are gone before anything can read or report on them.
  const work = WorkFolder.open(config.workDir);
  const app = await createServer<App>(config, logger);
  const tokens = new TokenService(config.jwtSecret, clock);
  const versions = new TokenVersions(database);
  await versions.start();
  installAuth(app, tokens, versions);
  const limiter = rateLimiterFor(deps);
  const db = database.db;
  const pushes = new PushService({ db, clock, logger, config: config.push });
  const { publicBaseUrl, ownerEmails } = config;
  const sessionMaxAgeMs = config.sessionMaxAgeSeconds * 1000;
  const onLoggedOut = (userId: string) => pushes.forgetUser(userId);
  const accounts = new AccountsService({ db, tokens, mailer, clock, versions, publicBaseUrl, ownerEmails, sessionMaxAgeMs, onLoggedOut });
  const resets = new PasswordResetService({ db, mailer, clock, versions, publicBaseUrl, secret: config.jwtSecret });
  // Status pages open at once (docs/product/rules.md#the-customers-side): a counter's Wi-Fi may hold many customers.
  const watchers = new JobWatchers({ perAddress: 20, perJob: STREAMS_PER_JOB, total: 5000 });
  const pipeline = new JobPipeline(logger);
  const flow = await buildJobFlow({ config, database, blobs, clock, logger, limiter, work, pipeline });
  const { jobs, pageCounter, preparer, converter, receipts } = flow;
  const realtime = await startRealtime({
    server: app.server,
    database,
    tokens,
    versions,
    logger,
    loadJob: (id) => jobs.loadJob(id),
    heardElsewhere: (jobId) => void pipeline.emit('changedElsewhere', { jobId }),
    loadDeviceMessage: (commandId) => printers.messageFor(commandId),
    corsOrigins: config.corsOrigins,
    maxSessionsPerUser: config.realtimeMaxSessionsPerUser,
  });
  // After startRealtime, which rewires the server's 'request' listeners: SockJS's bodies are timed too.
  installBodyGuard(app, new BodyGuard(config));
  const staff = realtime.fanout;
  const statusPages = watchers;
  const loadJob = (id: string) => jobs.loadJob(id);
  pipeline.wire(jobFollowUps({ pageCounter, preparer, receipts, staff, statusPages, push: pushes, loadJob }, pipeline));
  // Features that only say a job changed (the bin, the sweeper, printers) tell the pipeline.
  const announcer = { announce: pipeline.announcer };
  const printers = new PrintersService({
    db,
    clock,
    sendToDevice: (event) => realtime.devices.send(event),
    announceJob: (shopId, jobId) => announcer.announce(shopId, jobId, 'updated'),
    startPrinting: (user, jobId) => jobs.startPrinting(user, jobId),
    markPrintedByPrinter: (jobId) => jobs.markPrintedByPrinter(jobId),
    printReady: (jobId, fileId, pick, counted) => flow.preparedFiles.printReadyForPrinter(jobId, fileId, pick, counted),
    printableFiles: flow.jobFiles.printableFiles,
  });
  const accountLimits = { maxShops: config.maxShopsPerAccount, bannerQuota: config.accountBannerQuota };
  const onboarding = new OnboardingService({ db, blobs, limits: accountLimits, tokens, limiter });
  const settings = new SettingsService({ db, blobs, limits: accountLimits });
  const onPurged = (jobId: string) => pipeline.emit('purged', { jobId });
  const recycle = new RecycleService({ db, blobs, clock, announcer, bin: flow.bin, onPurged });
  const sweeper = new RetentionSweeper({
    db,
    blobs,
    clock,
    logger,
    announcer,
    recycleRetentionSeconds: config.recycleRetentionSeconds,
    unprintedRetentionSeconds: config.unprintedRetentionSeconds,
    receipts,
    resumable: flow.tus.store,
  });
  const reaper = new OrphanReaper({ db, blobs, clock, logger, leases: flow.leases });
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
    await flow.stopUploadLocker();
    await qrDrawer.close();
  });
  const parts = { config, database, blobs, clock, mailer, logger, limiter, accounts, resets, onboarding, settings, printers, recycle };
  await registerRoutes(app, { ...parts, pushes, qrDrawer, watchers, flow });
  return app;
}
