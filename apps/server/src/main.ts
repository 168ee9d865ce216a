import path from 'node:path';
import { PUBLIC_ADDRESS_MESSAGES } from '@counterprint/contract';
import pino from 'pino';
import { buildApp } from './app.js';
import { type BackgroundWork, startBackgroundWork } from './background/background.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { analyzeGrownTables } from './db/planner-stats.js';
import { createMailer } from './mail/mailer.js';
import { createBlobStore } from './storage/index.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Counterprint cannot start.\n${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const logger = pino({ level: config.logLevel });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
    logger,
  });
  const blobs = await createBlobStore(config);
  blobs.prepare?.();
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, logger });
  const app = await buildApp({ config, database, blobs, mailer, clock: systemClock, logger });

  let background: BackgroundWork | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await background?.stop();
      await app.close();
      mailer.close();
      await blobs.close?.();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const { sweeper, reaper, pageCounter, preparer } = app.services;
  const analyze = database.kind === 'pglite' ? () => analyzeGrownTables(database.db) : undefined;
  background = startBackgroundWork({ sweeper, reaper, pageCounter, preparer, logger, analyze });
  const { publicAddress } = config;
  logger.info(
    { url: publicAddress.url, address: publicAddress.source, database: database.kind, blobs: blobs.kind },
    `Counterprint is running at ${publicAddress.url}`,
  );
  const addressNote = publicAddress.reachableFromPhone ? PUBLIC_ADDRESS_MESSAGES.lan : PUBLIC_ADDRESS_MESSAGES.unreachable;
  if (publicAddress.source !== 'configured') logger.warn(addressNote(publicAddress.url));
}

main().catch((err) => {
  console.error('Counterprint failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
