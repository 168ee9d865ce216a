import { createHash, randomBytes } from 'node:crypto';
import { DEVICE_TOKEN_PREFIX } from '@counterprint/contract';

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
