import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePort } from './printer-lab.js';

const run = promisify(execFile);
// Debian puts CUPS's admin commands in /usr/sbin, which is not on an ordinary user's PATH.
const sbin = (command: string) => (existsSync(`/usr/sbin/${command}`) ? `/usr/sbin/${command}` : command);

/**
 * A private CUPS server for the tests (Debian package cups-daemon): its own configuration, spool and logs
 * in a temporary folder, listening on a free loopback port, reached by lp, lpstat and lpadmin through
 * CUPS_SERVER. It touches neither /etc/cups nor a system cupsd.
 */
export class CupsLab {
  private child: ChildProcess | null = null;
  private output: Buffer[] = [];

  private constructor(
    readonly dir: string,
    readonly server: string,
  ) {}

  static async open(): Promise<CupsLab> {
    const dir = await mkdtemp(path.join(tmpdir(), 'counterprint-cups-'));
    // CUPS runs its filters and backends as lp, who must reach the spool inside this folder.
    await chmod(dir, 0o755);
    const lab = new CupsLab(dir, `127.0.0.1:${await freePort()}`);
    await lab.start();
    return lab;
  }

  get env(): NodeJS.ProcessEnv {
    return { ...process.env, CUPS_SERVER: this.server };
  }

  /** A queue in front of an IPP printer, its driver made from the printer's own answer (IPP Everywhere). */
  async addQueue(queue: string, deviceUri: string): Promise<void> {
    await run(sbin('lpadmin'), ['-p', queue, '-E', '-v', deviceUri, '-m', 'everywhere'], { env: this.env });
  }

  /** The queue stops (printer-state stopped, reason paused) with staff's words as its message. */
  async stopQueue(queue: string, reason: string): Promise<void> {
    await run(sbin('cupsdisable'), ['-r', reason, queue], { env: this.env });
  }

  async startQueue(queue: string): Promise<void> {
    await run(sbin('cupsenable'), [queue], { env: this.env });
  }

  async close(): Promise<void> {
    const child = this.child;
    if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    await rm(this.dir, { recursive: true, force: true });
  }

  private async start(): Promise<void> {
    for (const sub of ['spool', 'cache', 'state', 'log', 'tmp']) await mkdir(path.join(this.dir, sub));
    const files = path.join(this.dir, 'cups-files.conf');
    const conf = path.join(this.dir, 'cupsd.conf');
    const asRoot = process.getuid?.() === 0;
    await writeFile(
      files,
      [
        `ServerRoot ${this.dir}`,
        `RequestRoot ${path.join(this.dir, 'spool')}`,
        `CacheDir ${path.join(this.dir, 'cache')}`,
        `StateDir ${path.join(this.dir, 'state')}`,
        `TempDir ${path.join(this.dir, 'tmp')}`,
        `ErrorLog ${path.join(this.dir, 'log', 'error_log')}`,
        `AccessLog ${path.join(this.dir, 'log', 'access_log')}`,
        `PageLog ${path.join(this.dir, 'log', 'page_log')}`,
        'ServerBin /usr/lib/cups',
        'DataDir /usr/share/cups',
        // cupsd refuses to run its filters as root.
        ...(asRoot ? ['User lp', 'Group lp'] : []),
        '',
      ].join('\n'),
    );
    await writeFile(
      conf,
      [
        `Listen ${this.server}`,
        'LogLevel warn',
        'WebInterface no',
        'Browsing No',
        'DefaultAuthType None',
        'PreserveJobHistory Yes',
        '<Location />',
        '  Order allow,deny',
        '  Allow all',
        '</Location>',
        '<Location /admin>',
        '  Order allow,deny',
        '  Allow all',
        '</Location>',
        '<Policy default>',
        '  <Limit All>',
        '    Order deny,allow',
        '  </Limit>',
        '</Policy>',
        '',
      ].join('\n'),
    );
    const cupsd = sbin('cupsd');
    const child = spawn(cupsd, ['-f', '-c', conf, '-s', files], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (chunk: Buffer) => this.output.push(chunk));
    child.on('error', () => {});
    this.child = child;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && child.exitCode === null) {
      const { stdout } = await run('lpstat', ['-r'], { env: this.env }).catch(() => ({ stdout: '' }));
      if (stdout.trim() === 'scheduler is running') return;
      await sleep(100);
    }
    throw new Error(`cupsd did not start (install Debian's cups-daemon):\n${Buffer.concat(this.output).toString().slice(-2000)}`);
  }
}
