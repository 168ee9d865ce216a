import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync } from 'node:fs';

export const BWRAP = '/usr/bin/bwrap';

/** Where a soffice's own folder (profile, tmp, the exchange folder, job and answer files) appears inside its sandbox. */
export const JAIL = '/office';

/**
 * What LibreOffice reads besides its installation under /usr: Debian links its registry and
 * psprint.conf into /etc/libreoffice, its bundled extensions into /var/lib/libreoffice, and
 * fontconfig reads /etc/fonts (and starts faster with its cache).
 */
const READ_ONLY = ['/etc/fonts', '/etc/libreoffice', '/var/lib/libreoffice', '/var/cache/fontconfig'];

/** /bin, /lib and the like: symlinks into /usr on a merged-/usr system, folders of their own elsewhere. */
function topLevel(path: string): string[] {
  if (!existsSync(path)) return [];
  const stat = lstatSync(path);
  return stat.isSymbolicLink() ? ['--symlink', readlinkSync(path), path] : ['--ro-bind', path, path];
}

/**
 * bubblewrap around soffice: a mount namespace in which only the installation, the few /etc files
 * above and the process's own folder (at JAIL) exist, so a document that names a file on the
 * server's disk names nothing; no network unless `shareNet`; and a sandbox that is killed when the
 * process that started it dies (docs/decisions/055-office-sandbox-sees-only-its-folder.md).
 */
export function bwrapArgs(folder: string, opts: { shareNet?: boolean } = {}): string[] {
  return [
    BWRAP,
    '--unshare-all',
    ...(opts.shareNet ? ['--share-net'] : []),
    '--die-with-parent',
    '--new-session',
    '--ro-bind',
    '/usr',
    '/usr',
    ...['/bin', '/sbin', '/lib', '/lib64', '/lib32'].flatMap(topLevel),
    ...READ_ONLY.flatMap((p) => ['--ro-bind-try', p, p]),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    '--bind',
    folder,
    JAIL,
    '--chdir',
    JAIL,
    '--',
  ];
}

const probes = new Map<string, boolean>();

/** Whether `bwrap` is installed and may make its namespaces here (root, or unprivileged user namespaces). */
export function canConfine(bwrap = BWRAP): boolean {
  let ok = probes.get(bwrap);
  if (ok === undefined) {
    const args = bwrapArgs('/usr/share').slice(1);
    ok = existsSync(bwrap) && spawnSync(bwrap, [...args, '/usr/bin/true'], { stdio: 'ignore', timeout: 5000 }).status === 0;
    probes.set(bwrap, ok);
  }
  return ok;
}
