import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';

const CONF = fileURLToPath(new URL('../../../../deploy/nginx-counterprint.conf', import.meta.url));
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/** Runs Debian's nginx with the shipped deploy config, its upstreams pointed at two local instances. */
export async function startNginx(ports: [number, number]): Promise<{ base: string; stop(): Promise<void> }> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx-light); .ci/run installs it');
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub));
  const port = await freePort();
  const site = readFileSync(CONF, 'utf8')
    .replaceAll('127.0.0.1:8081', `127.0.0.1:${ports[0]}`)
    .replaceAll('127.0.0.1:8082', `127.0.0.1:${ports[1]}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  writeFileSync(path.join(dir, 'counterprint.conf'), site);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/counterprint.conf;
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited with ${child.exitCode}: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error('nginx did not answer in 15 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
