import { createReadStream } from 'node:fs';
import { ZAgentDownloads } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import { type AgentDownloadService, HOW_TO_BUILD_WINDOWS, WINDOWS_URL } from './service.js';

/** Public: the agent holds no shop's data; pairing with a shop needs a code from its Settings. */
export async function agentDownloadRoutes(app: FastifyInstance, deps: { downloads: AgentDownloadService; limiter: RateLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/public/agent', { schema: { response: { 200: ZAgentDownloads } } }, async () => deps.downloads.list());

  // Counted per address before the disk is looked at: each answer may be a 36 MB stream.
  r.get(WINDOWS_URL, async (req, reply) => {
    await deps.limiter.hit(...policies.agentDownload(req.ip));
    const file = await deps.downloads.windows();
    if (!file) throw new HttpError(404, 'AGENT_NOT_BUILT', HOW_TO_BUILD_WINDOWS);
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', String(file.bytes))
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('last-modified', file.modified.toUTCString())
      .header('cache-control', 'no-cache')
      .send(createReadStream(file.path));
  });
}
