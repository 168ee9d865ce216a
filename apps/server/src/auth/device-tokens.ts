import { createHash, randomBytes } from 'node:crypto';
import { DEVICE_TOKEN_PREFIX } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/index.js';

/**
 * Print agents' tokens (issue 22): 256 random bits behind a prefix that tells them from a user's JWT.
 * Only their SHA-256 is stored, so a copy of the database prints nothing. They do not expire: an
 * agent runs unattended for months; staff revoke it in Settings → Printers.
 */
export type PrintDevice = { id: string; shopId: string };

export const isDeviceToken = (token: string): boolean => token.startsWith(DEVICE_TOKEN_PREFIX);
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function newDeviceToken(): { token: string; hash: string } {
  const token = `${DEVICE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashSecret(token) };
}

/** The live (not revoked) device a token names. */
export async function deviceOfToken(db: Db, token: string): Promise<PrintDevice | undefined> {
  if (!isDeviceToken(token) || token.length > 100) return undefined;
  const rows = await queryRows<{ id: string; shop_id: string }>(
    db,
    sql`SELECT id, shop_id FROM print_devices WHERE token_hash = ${hashSecret(token)} AND revoked_at IS NULL`,
  );
  return rows[0] ? { id: rows[0].id, shopId: rows[0].shop_id } : undefined;
}

export async function deviceIsLive(db: Db, deviceId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(deviceId)) return false;
  const rows = await queryRows<{ id: string }>(db, sql`SELECT id FROM print_devices WHERE id = ${deviceId} AND revoked_at IS NULL`);
  return rows.length > 0;
}
