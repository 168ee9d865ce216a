import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startupScript } from './engines/windows/logon.js';
import { AGENT_VERSION } from './version.js';

// The Windows package as `npm run package:windows` builds it (scripts/package-windows.mjs), built once here
// into a folder of the test's own.
const AGENT = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT = path.join(AGENT, 'scripts', 'package-windows.mjs');
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const IMAGE_FILE_MACHINE_AMD64 = 0x8664;
const IMAGE_FILE_MACHINE_I386 = 0x14c;
const RT_RCDATA = 10;
const require = createRequire(import.meta.url);

/** The COFF machine, optional-header magic, subsystem and certificate directory of a PE file. */
function peHeader(exe: Buffer) {
  expect(exe.toString('latin1', 0, 2)).toBe('MZ');
  const pe = exe.readUInt32LE(0x3c);
  expect(exe.toString('latin1', pe, pe + 4)).toBe('PE\0\0');
  const optional = pe + 24;
  const magic = exe.readUInt16LE(optional);
  // The data directories start 96 (PE32) or 112 (PE32+) bytes into the optional header; the 5th is the certificate table.
  const certificate = optional + (magic === 0x20b ? 112 : 96) + 4 * 8;
  return {
    machine: exe.readUInt16LE(pe + 4),
    magic,
    subsystem: exe.readUInt16LE(optional + 68),
    certificateSize: exe.readUInt32LE(certificate + 4),
  };
}

type ZipFile = { on(event: string, listener: (arg: { fileName: string }) => void): void; readEntry(): void };
function zipEntries(file: string): Promise<string[]> {
  const yauzl = require('yauzl') as { open(f: string, o: object, cb: (e: Error | null, z: ZipFile) => void): void };
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject as never);
      zip.readEntry();
    });
  });
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: AGENT, encoding: 'utf8' });
}

function findWine(): string | null {
  for (const name of ['wine64', 'wine']) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
    } catch {}
  }
  return null;
}

describe('the Windows package', () => {
  let out: string;
  let exe: Buffer;
  let statusBefore: string;
  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'counterprint-windows-package-'));
    statusBefore = git('status', '--porcelain', '--untracked-files=all');
    execFileSync(process.execPath, [SCRIPT], { env: { ...process.env, COUNTERPRINT_WINDOWS_OUT: out }, stdio: 'pipe' });
    exe = await readFile(path.join(out, 'counterprint-agent.exe'));
  }, 300_000);
  afterAll(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });

  it('is a 64-bit x86 Windows console program, without the signature node.exe had', () => {
    expect(peHeader(exe)).toEqual({ machine: IMAGE_FILE_MACHINE_AMD64, magic: 0x20b, subsystem: 3, certificateSize: 0 });
  });

  it("carries the agent as Node.js's single-executable blob, fuse set, engine inside", () => {
    const ResEdit = require('resedit') as typeof import('resedit');
    const resources = ResEdit.NtExecutableResource.from(ResEdit.NtExecutable.from(exe));
    const blobs = resources.entries.filter((e) => e.type === RT_RCDATA && e.id === 'NODE_SEA_BLOB');
    expect(blobs).toHaveLength(1);
    const blob = Buffer.from(blobs[0]?.bin as ArrayBuffer).toString('latin1');
    expect(blob).toContain('pair <CODE> --server <URL>');
    expect(blob).toContain('-print-settings');
    expect(blob).toContain('SumatraPDF-3.4.6-32.exe');
    expect(blob).toContain('Counterprint agent.cmd');
    const fuse = exe.toString('latin1');
    expect(fuse.split(`${SEA_FUSE}:1`)).toHaveLength(2);
    expect(fuse).not.toContain(`${SEA_FUSE}:0`);
  });

  it("names itself Counterprint's, with the agent's version", () => {
    const ResEdit = require('resedit') as typeof import('resedit');
    const resources = ResEdit.NtExecutableResource.from(ResEdit.NtExecutable.from(exe));
    const [info] = ResEdit.Resource.VersionInfo.fromEntries(resources.entries);
    const strings = info?.getAllLanguagesForStringValues().map((lang) => info.getStringValues(lang));
    expect(strings).toContainEqual(expect.objectContaining({ ProductName: 'Counterprint agent', ProductVersion: AGENT_VERSION }));
  });

  it('has SumatraPDF beside it, with its licence, notice and source offer', async () => {
    const sumatra = await readFile(path.join(out, 'SumatraPDF-3.4.6-32.exe'));
    expect(peHeader(sumatra).machine).toBe(IMAGE_FILE_MACHINE_I386);
    const notice = await readFile(path.join(out, 'licences', 'SumatraPDF-NOTICE.txt'), 'utf8');
    expect(notice).toContain('GPLv3');
    expect(notice).toContain('AGPLv3');
    expect(notice).toContain('Written offer');
    expect(await readFile(path.join(out, 'licences', 'GPL-3.0.txt'), 'utf8')).toContain('GNU GENERAL PUBLIC LICENSE');
    expect((await stat(path.join(out, 'README.txt'))).size).toBeGreaterThan(0);
  });

  it('zips all of it into one download, under a folder of its own', async () => {
    const names = await zipEntries(path.join(out, 'counterprint-agent-windows.zip'));
    expect(names.sort()).toEqual([
      'Counterprint agent/README.txt',
      'Counterprint agent/SumatraPDF-3.4.6-32.exe',
      'Counterprint agent/counterprint-agent.exe',
      'Counterprint agent/licences/GPL-3.0.txt',
      'Counterprint agent/licences/SumatraPDF-NOTICE.txt',
      'Counterprint agent/licences/pdf-to-printer-LICENSE.txt',
    ]);
  });

  it('leaves the repository as it was', () => {
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe(statusBefore);
  });

  // Under Wine, a Node.js program's stdout must be a file (a pipe fails with EBADF), so the output goes to one.
  const wine = findWine();
  it.skipIf(!wine && !process.env.CI)(
    'starts under Wine, prints its version, installs and uninstalls its logon start',
    async () => {
      expect(wine, 'CI installs Wine (.ci/run)').toBeTruthy();
      const prefix = path.join(AGENT, '..', '..', 'node_modules', '.cache', 'counterprint-agent-windows', 'wine-prefix');
      // Only what Wine needs: the test runner's own variables (NODE_OPTIONS and the like) would reach node.exe too.
      const env = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        WINEPREFIX: prefix,
        WINEDEBUG: '-all',
        WINEDLLOVERRIDES: 'mscoree,mshtml=',
      };
      const run = (args: string[], stdout: string) =>
        new Promise<number>((resolve) => {
          const command = `"$0" "$@" >'${stdout}' 2>&1`;
          execFile('sh', ['-c', command, wine as string, ...args], { env, timeout: 240_000 }, (error) =>
            resolve(error ? Number(error.code ?? 1) : 0),
          );
        });
      // Node.js 20 refuses to start on the Windows 7 that a new Wine prefix reports.
      await run(['reg', 'add', 'HKCU\\Software\\Wine', '/v', 'Version', '/d', 'win10', '/f'], path.join(out, 'reg.txt'));
      const code = await run([path.join(out, 'counterprint-agent.exe'), '--version'], path.join(out, 'version.txt'));
      expect((await readFile(path.join(out, 'version.txt'), 'utf8')).trim()).toBe(`counterprint-agent ${AGENT_VERSION}`);
      expect(code).toBe(0);

      // install writes the logon command file where Windows (here Wine) keeps the user's Startup folder.
      const args = ['--printer', 'ipp://127.0.0.1:631/ipp/print', '--printer', 'windows:100% Canon & Co', '--discover'];
      await run([path.join(out, 'counterprint-agent.exe'), 'install', ...args], path.join(out, 'install.txt'));
      const said = await readFile(path.join(out, 'install.txt'), 'utf8');
      expect(said).toContain('Counterprint agent.cmd');
      // Wine names the folder StartUp; Windows matches names without regard to case.
      const users = path.join(prefix, 'drive_c', 'users');
      const found = (await readdir(users, { recursive: true })).filter((f) => f.endsWith('Counterprint agent.cmd'));
      expect(found).toHaveLength(1);
      const file = path.join(users, found[0] as string);
      expect(file.toLowerCase()).toContain('appdata/roaming/microsoft/windows/start menu/programs/startup/');
      const exeOnWine = `Z:${path.join(out, 'counterprint-agent.exe').replaceAll('/', '\\')}`;
      expect(await readFile(file, 'utf8')).toBe(startupScript(exeOnWine, args));
      await run([path.join(out, 'counterprint-agent.exe'), 'uninstall'], path.join(out, 'uninstall.txt'));
      await expect(stat(file)).rejects.toThrow('ENOENT');
    },
    300_000,
  );
});
