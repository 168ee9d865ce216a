import { hashSecret, isDeviceToken, type PrintDevice } from '../../auth/device-tokens.js';
import type { Db } from '../../db/index.js';
import { liveDeviceByTokenHash, liveDeviceExists } from './repo.js';

/** The live (not revoked) device a token names. */
export async function deviceOfToken(db: Db, token: string): Promise<PrintDevice | undefined> {
  if (!isDeviceToken(token) || token.length > 100) return undefined;
  const row = await liveDeviceByTokenHash(db, hashSecret(token));
  return row ? { id: row.id, shopId: row.shop_id } : undefined;
}

export async function deviceIsLive(db: Db, deviceId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(deviceId)) return false;
  return liveDeviceExists(db, deviceId);
}
