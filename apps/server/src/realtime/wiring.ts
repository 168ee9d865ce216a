import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { TokenService } from '../auth/tokens.js';
import type { Database } from '../db/index.js';
import { findShopById } from '../features/shops/repo.js';
import { StompBroker } from './broker.js';
import { createJobFanout, type JobFanout } from './fanout.js';
import { attachRealtime, type RealtimeTransport } from './transport.js';

export type Realtime = { broker: StompBroker; fanout: JobFanout; transport: RealtimeTransport; close(): Promise<void> };

export type RealtimeDeps = {
  server: Server;
  database: Database;
  tokens: TokenService;
  logger: Logger;
  loadJob: (jobId: string) => Promise<object | null>;
};

/** The STOMP broker on /ws-endpoint, fed by LISTEN/NOTIFY so every instance sees every job event. */
export async function startRealtime(d: RealtimeDeps): Promise<Realtime> {
  const logger = d.logger.child({ module: 'realtime' });
  const broker = new StompBroker({
    authenticate: async (token) => {
      try {
        const claims = await d.tokens.verifyAccess(token);
        return { userId: claims.sub, expiresAt: claims.exp * 1000 };
      } catch (err) {
        // The broker answers 'JWT expired' for claims already past their expiry.
        if ((err as { code?: string }).code === 'TOKEN_EXPIRED') return { userId: '', expiresAt: 0 };
        return null;
      }
    },
    canSubscribe: async (userId, shopId) => {
      if (!/^[0-9a-f-]{36}$/i.test(shopId)) return false;
      const shop = await findShopById(d.database.db, shopId);
      return shop?.ownerId === userId;
    },
    logger,
  });
  const fanout = await createJobFanout({
    listen: d.database.listen,
    notify: d.database.notify,
    loadJob: d.loadJob,
    broker,
    logger,
  });
  // Job events NOTIFYed while LISTEN was reconnecting are lost: every client reconnects and reloads its list.
  d.database.onNotifyGap?.(() => {
    logger.warn({ sessions: broker.stats().sessions }, 'live updates were interrupted; closing sessions so clients resync');
    broker.dropAll('Live updates were interrupted; reconnect to reload the queue');
  });
  const transport = attachRealtime(d.server, broker, { logger });
  return {
    broker,
    fanout,
    transport,
    close: async () => {
      await transport.close();
      await fanout.close();
      broker.close();
    },
  };
}
