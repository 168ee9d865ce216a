import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RECEIPT_KEYS_PATH, ZDeletionReceipt, ZReceiptKeySet } from '@counterprint/contract';
import pino from 'pino';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { findUserByEmail, grantRole } from './features/accounts/repo.js';
import { verifyReceipt } from './receipts/signing.js';

const USAGE = [
  'usage: npm run cli -- grant-owner EMAIL',
  '       npm run cli -- verify-receipt FILE [--key JWKS_FILE_OR_URL]',
  `         (the key set defaults to $PUBLIC_BASE_URL${RECEIPT_KEYS_PATH})`,
].join('\n');

async function main(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  if (command === 'verify-receipt' && arg) return verifyReceiptCommand(arg, argv.slice(2));
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

/** Verifies a saved receipt offline against a saved key set (or fetches the set); exit 0 only when it holds. */
async function verifyReceiptCommand(file: string, rest: string[]): Promise<number> {
  const keyAt = rest[0] === '--key' ? rest[1] : undefined;
  if (rest.length > 0 && !keyAt) {
    console.error(USAGE);
    return 2;
  }
  const source = keyAt ?? `${loadConfig().publicBaseUrl}${RECEIPT_KEYS_PATH}`;
  const raw = /^https?:\/\//.test(source) ? await (await fetch(source)).text() : readFileSync(source, 'utf8');
  const keys = ZReceiptKeySet.parse(JSON.parse(raw));
  const result = verifyReceipt(readFileSync(file, 'utf8'), keys);
  if (!result.ok) {
    console.error(`Receipt NOT verified: ${result.reason}.`);
    return 1;
  }
  const receipt = ZDeletionReceipt.safeParse(result.payload);
  if (!receipt.success) {
    console.error('Receipt NOT verified: the signature holds but the content is not a deletion receipt.');
    return 1;
  }
  const r = receipt.data;
  console.log(`Receipt verified: job #${r.job.number} at ${r.shop.name} (${r.shop.slug}), receipt ${r.receiptId}, key ${result.kid}.`);
  console.log(`All files deleted at ${r.job.deletedAt}:`);
  for (const f of r.files) {
    const copies = f.derived.map((c) => c.role).join(', ') || 'none';
    console.log(`  ${f.name}  ${f.size} bytes  sha256 ${f.sha256}  downloads ${f.downloads}  derived copies: ${copies}`);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
