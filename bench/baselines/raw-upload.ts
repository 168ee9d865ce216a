/**
 * Baseline for upload throughput: a bare Node `http` server that pipes the raw
 * request body to a file on the same disk, nothing else (no parsing, hashing or encryption).
 */
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { serveDriver } from '../lib/driver.js';

let server: http.Server | undefined;
let seq = 0;

serveDriver({
  async listen(a: { dir: string }) {
    server = http.createServer((req, res) => {
      const file = path.join(a.dir, `upload-${process.pid}-${++seq}.bin`);
      pipeline(req, createWriteStream(file)).then(
        () => {
          res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
          void unlink(file).catch(() => {});
        },
        (err: Error) => {
          res.writeHead(500).end(err.message);
          void unlink(file).catch(() => {});
        },
      );
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`, pid: process.pid };
  },
});
