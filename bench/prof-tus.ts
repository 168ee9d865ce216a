import http from 'node:http';
import { startServer } from './lib/server.js';
import { createShop } from './lib/setup.js';
import { pdfChunks, pdfOfSize, MiB } from './lib/payload.js';
const TUS = { 'tus-resumable': '1.0.0' };
const call = (url: string, method: string, headers: Record<string, string>, body?: string) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...TUS, ...headers } }, (res) => { let b = ''; res.on('data', (c) => (b += c)); res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: b })); });
    req.on('error', reject); req.end(body);
  });
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const patch = (url: string, size: number) => new Promise<number>((resolve, reject) => {
  const req = http.request(url, { method: 'PATCH', agent, headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(size) } });
  req.on('response', (res) => { res.resume(); res.on('end', () => resolve(res.statusCode!)); });
  req.on('error', reject);
  (async () => { for (const c of pdfChunks(pdfOfSize(size))) { if (!req.write(c)) await new Promise((r) => req.once('drain', r)); } req.end(); })();
});
const db = (process.argv[2] ?? 'pglite') as 'pglite' | 'postgres';
const server = await startServer(db, 'prof', process.env.PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=/tmp/prof` } : {});
const shop = await createShop(server.url);
const files = Number(process.env.FILES ?? 30), size = 25 * MiB;
let tPost = 0, tPatch = 0; const ids: string[] = [];
const t0 = performance.now();
for (let i = 0; i < files; i++) {
  let t = performance.now();
  const c = await call(`${server.url}/api/public/shops/${shop.slug}/uploads`, 'POST', { 'upload-length': String(size), 'upload-metadata': `filename ${Buffer.from(`f${i}.pdf`).toString('base64')}` });
  tPost += performance.now() - t; t = performance.now();
  const st = await patch(`${server.url}${c.headers.location}`, size);
  if (st !== 204) throw new Error(`patch ${st}`);
  tPatch += performance.now() - t;
  ids.push(String(c.headers.location).split('/').pop()!);
}
let t = performance.now();
const j = await call(`${server.url}/api/public/shops/${shop.slug}/jobs`, 'POST', { 'content-type': 'application/json' }, JSON.stringify({ uploads: ids }));
const tJob = performance.now() - t;
const total = performance.now() - t0;
console.log(JSON.stringify({ status: j.status, MBps: (files * size / 1e6 / (total / 1000)).toFixed(0), post: tPost.toFixed(0), patch: tPatch.toFixed(0), job: tJob.toFixed(0), total: total.toFixed(0) }));
await server.stop();
