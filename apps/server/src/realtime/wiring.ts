import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { isDeviceToken } from '../auth/device-tokens.js';
import type { TokenVersions } from '../auth/token-versions.js';
import type { TokenService } from '../auth/tokens.js';
import type { Database } from '../db/index.js';
import { deviceIsLive, deviceOfToken } from '../features/printers/devices.js';
import { findShopById } from '../features/shops/repo.js';
import { StompBroker } from './broker.js';
import { createDeviceChannel, type DeviceChannel } from './device-channel.js';
import { createJobFanout, type JobFanout } from './fanout.js';
import { DEVICE_KEY_PREFIX } from './session.js';
import { attachRealtime, type RealtimeTransport } from './transport.js';

export type Realtime = {
  broker: StompBroker;
  fanout: JobFanout;
  devices: DeviceChannel;
  transport: RealtimeTransport;
  close(): Promise<void>;
};

export type RealtimeDeps = {
  server: Server;
  database: Database;
  tokens: TokenService;
  versions: TokenVersions;
  logger: Logger;
  loadJob: (jobId: string) => Promise<object | null>;
  /** A job event another instance announced (the pipeline's `changedElsewhere`). */
  heardElsewhere?: (jobId: string) => void;
  /** What a print agent is sent for one of its commands (features/printers), or null when it is gone. */
  loadDeviceMessage: (commandId: string) => Promise<object | null>;
  /** Origins allowed to use /ws-endpoint cross-origin (CORS_ORIGINS). */
  corsOrigins: readonly string[];
  maxSessionsPerUser: number;
};

/** The STOMP broker on /ws-endpoint, fed by LISTEN/NOTIFY so every instance sees every job event. */
export async function startRealtime(d: RealtimeDeps): Promise<Realtime> {
  const logger = d.logger.child({ module: 'realtime' });
  const broker = new StompBroker({
    authenticate: async (token) => {
      // A print agent (issue 22): its session's user is `device:{id}`, which no shop's owner is.
      if (isDeviceToken(token)) {
        const device = await deviceOfToken(d.database.db, token);
        return device ? { userId: `${DEVICE_KEY_PREFIX}${device.id}`, expiresAt: Number.MAX_SAFE_INTEGER } : null;
      }
      try {
        const claims = await d.tokens.verifyAccess(token);
        if (!(await d.versions.isCurrent(claims.sub, claims.ver))) return null;
        return { userId: claims.sub, expiresAt: claims.exp * 1000, version: claims.ver };
      } catch (err) {
        // The broker answers 'JWT expired' for claims already past their expiry.
        if ((err as { code?: string }).code === 'TOKEN_EXPIRED') return { userId: '', expiresAt: 0 };
        return null;
      }
    },
    canSubscribe: async (userId, shopId) => {
      // An agent's own topic, to that agent only, while it is not revoked (re-checked every 30 s).
      if (shopId.startsWith(DEVICE_KEY_PREFIX))
        return userId === shopId && deviceIsLive(d.database.db, shopId.slice(DEVICE_KEY_PREFIX.length));
      if (!/^[0-9a-f-]{36}$/i.test(shopId)) return false;
      const shop = await findShopById(d.database.db, shopId);
      return shop?.ownerId === userId;
    },
    logger,
    maxSessionsPerUser: d.maxSessionsPerUser,
  });
  // A logout, password change or reset on any instance ends the user's older sessions here.
  d.versions.onBump((userId, version) => {
    const closed = broker.revokeUser(userId, version);
    if (closed > 0) logger.info({ userId, sessions: closed }, 'realtime sessions of a revoked token closed');
  });
  const fanout = await createJobFanout({
    listen: d.database.listen,
    notify: d.database.notify,
    loadJob: d.loadJob,
    heard: d.heardElsewhere,
    broker,
    logger,
  });
  // Job events NOTIFYed while LISTEN was reconnecting are lost: every client reconnects and reloads its list.
  d.database.onNotifyGap?.(() => {
    logger.warn({ sessions: broker.stats().sessions }, 'live updates were interrupted; closing sessions so clients resync');
    broker.dropAll('Live updates were interrupted; reconnect to reload the queue');
  });
  const devices = await createDeviceChannel({
    listen: d.database.listen,
    notify: d.database.notify,
    loadMessage: d.loadDeviceMessage,
    broker,
    logger,
  });
  const transport = attachRealtime(d.server, broker, { logger, corsOrigins: d.corsOrigins });
  return {
    broker,
    fanout,
    devices,
    transport,
    close: async () => {
      await transport.close();
      await fanout.close();
      await devices.close();
      broker.close();
    },
  };
}
