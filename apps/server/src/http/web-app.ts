import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export function defaultWebDistDir(): string {
  // Same relative place from src/http (tsx) and dist/http (built).
  return fileURLToPath(new URL('../../../web/dist/', import.meta.url));
}

/** Serves the built single-page app; any non-API GET falls back to index.html (client-side routes). */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const root = path.resolve(distDir);
  if (!existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    // Looked up per request, so a rebuilt web app is served without a restart.
    wildcard: true,
    index: false,
    setHeaders: (res, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

export const isApiPath = (url: string) => /^\/(api|files|ws-endpoint)(\/|$|\?)/.test(url);
