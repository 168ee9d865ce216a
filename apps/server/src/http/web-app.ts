import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export function defaultWebDistDir(): string {
  // Same relative place from src/http (tsx) and dist/http (built).
  return fileURLToPath(new URL('../../../web/dist/', import.meta.url));
}

/** The app page for one path, rendered from the built index.html; undefined serves index.html as built. */
export type PageRenderer = (indexHtml: string, params: Record<string, string>) => Promise<string | undefined>;

/**
 * Serves the built single-page app; any non-API GET falls back to index.html (client-side routes).
 * The web build writes .br and .gz next to every file (apps/web/tooling/precompress.ts), so a phone
 * gets the smallest copy its Accept-Encoding allows without compressing on each request.
 * `pages` render index.html per request for routes whose link previews need their own tags.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string, pages: Record<string, PageRenderer> = {}): Promise<boolean> {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root,
    // Looked up per request, so a rebuilt web app is served without a restart.
    wildcard: true,
    // `/` is the address on every visiting card: it serves the app, which routes it on.
    index: 'index.html',
    preCompressed: true,
    setHeaders: (res, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  for (const [route, render] of Object.entries(pages)) {
    app.get(route, async (req, reply) => {
      const html = await render(await readFile(indexFile, 'utf8'), req.params as Record<string, string>);
      reply.header('cache-control', 'no-cache');
      if (html === undefined) return reply.sendFile('index.html');
      return reply.type('text/html; charset=utf-8').send(html);
    });
  }
  return true;
}

export const isApiPath = (url: string) => /^\/(api|files|ws-endpoint)(\/|$|\?)/.test(url);
