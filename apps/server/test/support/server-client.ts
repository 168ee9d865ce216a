/** Client-side helpers for the fault tests: they talk to a real server process over HTTP only. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import type { TJob } from '@counterprint/contract';
import { multipart, type Part, shopJson } from './fixtures.js';

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function call(base: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}${path}`, init);
}

export type Owner = { token: string; auth: { authorization: string }; shop: { id: string; slug: string } };

/** Signs up, creates a shop and signs in again so the token carries SHOP_OWNER. */
export async function ownerOn(base: string, email: string, shopName: string, headers: Record<string, string> = {}): Promise<Owner> {
  const password = 'passw0rd-ok';
  const jsonInit = (body: object): RequestInit => ({
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const up = await call(base, '/api/auth/signup', jsonInit({ name: 'Fault Owner', email, password }));
  if (up.status !== 201) throw new Error(`signup ${up.status} ${await up.text()}`);
  const signin = async () => {
    const res = await call(base, '/api/auth/signin', jsonInit({ email, password }));
    if (res.status !== 200) throw new Error(`signin ${res.status} ${await res.text()}`);
    return String(res.headers.get('authorization'));
  };
  const first = await signin();
  const form = await multipart([{ name: 'shop', value: shopJson({ shopName }) }]);
  const created = await call(base, '/api/public/onboarding-shops/create', {
    method: 'POST',
    headers: { ...headers, ...form.headers, authorization: first },
    body: new Uint8Array(form.payload),
  });
  if (created.status !== 201) throw new Error(`shop ${created.status} ${await created.text()}`);
  const shop = (await created.json()) as { id: string; slug: string };
  const bearer = await signin();
  return { token: bearer.replace(/^Bearer /, ''), auth: { authorization: bearer }, shop };
}

/** A PNG header followed by `size` random bytes: accepted as an image, unique, and never page-counted. */
export function uniqueImage(size: number): Buffer {
  const head = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61', 'hex');
  const tail = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 4096) tail.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  return Buffer.concat([head, tail]);
}

export type UploadResult = { status: number; body: { jobId?: string; error?: string; code?: string } } | { error: string };

/**
 * Posts a multipart upload over a raw socket in `chunk`-byte pieces, `delayMs` apart, so it can be
 * in flight when the server dies. Resolves with the answer, or `{error}` if the connection broke.
 */
export async function slowUpload(
  base: string,
  slug: string,
  parts: Part[],
  opts: { chunk?: number; delayMs?: number; headers?: Record<string, string> } = {},
): Promise<UploadResult> {
  const form = await multipart(parts);
  const url = new URL(`${base}/api/public/shops/${slug}/jobs`);
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { ...form.headers, 'content-length': form.payload.length, ...opts.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          } catch {
            resolve({ error: `unparsable answer ${res.statusCode}: ${text.slice(0, 100)}` });
          }
        });
        res.on('error', (err) => resolve({ error: err.message }));
      },
    );
    req.on('error', (err) => resolve({ error: err.message }));
    const chunk = opts.chunk ?? form.payload.length;
    void (async () => {
      for (let at = 0; at < form.payload.length && !req.destroyed; at += chunk) {
        if (!req.write(form.payload.subarray(at, at + chunk))) await new Promise((r) => req.once('drain', r));
        if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      }
      if (!req.destroyed) req.end();
    })();
  });
}

export async function listJobs(base: string, owner: Owner): Promise<TJob[]> {
  const all: TJob[] = [];
  for (let before = ''; ; ) {
    const res = await call(base, `/api/shops/${owner.shop.id}/print-jobs?limit=500${before}`, { headers: owner.auth });
    if (res.status !== 200) throw new Error(`list ${res.status} ${await res.text()}`);
    const page = (await res.json()) as TJob[];
    all.push(...page);
    if (page.length < 500) return all;
    before = `&before=${page.at(-1)!.id}`;
  }
}

/** Downloads every file of a job through its signed URLs; answers their sha256s. */
export async function downloadHashes(base: string, owner: Owner, jobId: string): Promise<string[]> {
  const res = await call(base, `/api/shops-action/print-jobs/${jobId}/signed-urls`, { headers: owner.auth });
  if (res.status !== 200) throw new Error(`signed-urls ${res.status} ${await res.text()}`);
  const urls = (await res.json()) as string[];
  const hashes: string[] = [];
  for (const u of urls) {
    const file = await call(base, u);
    if (file.status !== 200) throw new Error(`download ${file.status}`);
    hashes.push(sha256(Buffer.from(await file.arrayBuffer())));
  }
  return hashes;
}

/** Resident memory of a process, from /proc (Linux). */
export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** A TCP proxy to `targetPort` that can be cut (open connections reset, new ones refused) and restored on the same port. */
export async function tcpProxy(targetPort: number, host = '127.0.0.1') {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = tcpConnect(targetPort, host);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          sock.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(port, host, () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      const s = server;
      server = undefined;
      const closed = new Promise<void>((r) => (s ? s.close(() => r()) : r()));
      for (const sock of sockets) sock.resetAndDestroy();
      await closed;
    },
    restore: listen,
    async close() {
      await this.cut();
    },
  };
}
