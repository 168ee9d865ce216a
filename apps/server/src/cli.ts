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
  '       npm run cli -- verify-receipt FILE [--key KEYS_FILE_OR_URL]',
  "         (FILE: receipt.jws or the status page's JSON download; KEYS: the key set or one key of it;",
  `          without --key, $PUBLIC_BASE_URL${RECEIPT_KEYS_PATH})`,
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

/** What the user named could not be used: said in one line, exit code 2. */
class Unusable extends Error {}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new Unusable(`Cannot read the ${what} ${file}.`);
  }
}

/** The compact JWS in a saved receipt: `receipt.jws` as served, or the status page's JSON download `{jws, payload}`. */
function receiptJws(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return trimmed;
  try {
    const saved = JSON.parse(trimmed) as { jws?: unknown };
    if (typeof saved.jws === 'string') return saved.jws.trim();
  } catch {
    // Not JSON after all: reported below as not a receipt.
  }
  throw new Unusable('This file holds no receipt: save receipt.jws or the JSON download from the status page.');
}

/** A JWK set as published at RECEIPT_KEYS_PATH, or one key of it saved on its own. */
function keySetOf(text: string, source: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Unusable(`${source} is not JSON: give the key set from ${RECEIPT_KEYS_PATH}, or one key of it.`);
  }
  const set = ZReceiptKeySet.safeParse(json && typeof json === 'object' && 'keys' in json ? json : { keys: [json] });
  if (!set.success) throw new Unusable(`${source} holds no Ed25519 receipt key (a JWK with kty OKP, crv Ed25519, x and kid).`);
  return set.data;
}

/** Verifies a saved receipt offline against a saved key set (or fetches the set); exit 0 only when it holds. */
async function verifyReceiptCommand(file: string, rest: string[]): Promise<number> {
  const keyAt = rest[0] === '--key' ? rest[1] : undefined;
  if (rest.length > 0 && !keyAt) {
    console.error(USAGE);
    return 2;
  }
  let jws: string;
  let keys: ReturnType<typeof keySetOf>;
  try {
    jws = receiptJws(readText(file, 'receipt'));
    // Never loadConfig() here: it would make DATA_DIR and its secrets wherever this is run.
    const base = process.env.PUBLIC_BASE_URL?.replace(/\/$/, '');
    const source = keyAt ?? (base ? `${base}${RECEIPT_KEYS_PATH}` : undefined);
    if (!source)
      throw new Unusable(`Give the shop's keys with --key (a file or ${RECEIPT_KEYS_PATH} on its server), or set PUBLIC_BASE_URL.`);
    const raw = /^https?:\/\//.test(source)
      ? await fetch(source).then(
          (res) => (res.ok ? res.text() : Promise.reject(new Unusable(`${source} answered ${res.status}.`))),
          () => Promise.reject(new Unusable(`Cannot reach ${source}.`)),
        )
      : readText(source, 'key file');
    keys = keySetOf(raw, source);
  } catch (err) {
    if (!(err instanceof Unusable)) throw err;
    console.error(err.message);
    return 2;
  }
  const result = verifyReceipt(jws, keys);
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
    const taken =
      'copies' in f
        ? `original downloaded ${f.copies.original}, converted PDF downloaded ${f.copies.convertedPdf}, print-ready PDFs ${f.copies.printReady}, sent to a printer ${f.copies.printer}`
        : `downloads ${f.downloads}`;
    console.log(`  ${f.name}  ${f.size} bytes  sha256 ${f.sha256}  ${taken}  derived copies: ${copies}`);
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
