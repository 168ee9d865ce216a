import path from 'node:path';
import pino from 'pino';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { findUserByEmail, grantRole } from './features/accounts/repo.js';

const USAGE = 'usage: npm run cli -- grant-owner EMAIL';

async function main(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  if (command !== 'grant-owner' || !arg) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const logger = pino({ level: 'warn' });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    logger,
  });
  try {
    const email = arg.trim().toLowerCase();
    const user = await findUserByEmail(database.db, email);
    if (!user) {
      console.error(`No account with the email ${email}. Sign up first.`);
      return 1;
    }
    await grantRole(database.db, user.id, 'OWNER');
    console.log(`${email} is now an OWNER. Sign in again to use the role.`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
