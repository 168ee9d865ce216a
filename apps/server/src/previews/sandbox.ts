import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PRLIMIT = '/usr/bin/prlimit';
const UNSHARE = '/usr/bin/unshare';
/** Drawing runs at a lower CPU priority than the server's requests, as conversions do (conversion/libreoffice.ts). */
const NICE = existsSync('/usr/bin/nice') ? ['/usr/bin/nice', '-n', '10'] : [];
/** Enough for a JSON answer or poppler's complaints; a chattier child is cut off, not buffered. */
const MAX_CAPTURE = 16_384;

export type Confinement = {
  /** Wall clock; then the whole process group is SIGKILLed. */
  timeoutMs: number;
  /** RLIMIT_AS for C programs; node gets RLIMIT_DATA instead (V8 reserves far more than it touches, decision 013). */
  memory: { as: number } | { data: number };
  /** Largest file the process may write (RLIMIT_FSIZE). */
  maxOutputBytes: number;
  /** Run in a network namespace with no interfaces when this machine lets us make one. */
  isolateNetwork: boolean;
};

export type SandboxRun = { code: number | null; signal: string | null; timedOut: boolean; stdout: string; stderr: string };

let unshareProbe: boolean | undefined;

/** Whether `unshare --net` works here: as root, or with CAP_SYS_ADMIN in a container. */
export function canUnshareNetwork(): boolean {
  if (unshareProbe === undefined) {
    const probe = spawnSync(UNSHARE, ['--net', '--', '/bin/true'], { stdio: 'ignore', timeout: 5000 });
    unshareProbe = probe.status === 0;
  }
  return unshareProbe;
}

export const hasPrlimit = (): boolean => existsSync(PRLIMIT);

/** The command line that runs `argv` under the rlimits and, where possible, without network. */
export function confinedArgv(argv: string[], limits: Confinement): string[] {
  const memory = 'as' in limits.memory ? `--as=${limits.memory.as}` : `--data=${limits.memory.data}`;
  const bounded = [...NICE, ...(hasPrlimit() ? [PRLIMIT, memory, `--fsize=${limits.maxOutputBytes}`, '--', ...argv] : argv)];
  return limits.isolateNetwork && canUnshareNetwork() ? [UNSHARE, '--net', '--', ...bounded] : bounded;
}

/**
 * Runs one confined process with the environment given (callers pass a near-empty one: the server's
 * secrets have no business near a hostile file) and kills its whole process group at the deadline
 * and again when it ends, so nothing it started outlives it.
 */
export function runConfined(argv: string[], limits: Confinement, env: NodeJS.ProcessEnv): Promise<SandboxRun> {
  const command = confinedArgv(argv, limits);
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      if (stdout.length < MAX_CAPTURE) stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      if (stderr.length < MAX_CAPTURE) stderr += text;
    });
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, limits.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: null, signal: null, timedOut, stdout, stderr: `${stderr}\nspawn failed: ${err.message}` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      killGroup();
      resolve({ code, signal, timedOut, stdout, stderr });
    });
  });
}
