import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PRT_MARKER_LIFE_COUNT, readPageCounter } from '../counter/page-counter.js';
import { freePort } from './printer-lab.js';

/**
 * A printer's SNMP agent for the tests: net-snmp's snmpd (Debian package snmpd) with its own configuration
 * on a free loopback port, serving Printer-MIB prtMarkerLifeCount from a file (a `pass_persist` script), which the
 * test or a TestPrinter's recorder moves. It reads no system configuration.
 */
export class SnmpLab {
  private child: ChildProcess | null = null;

  private constructor(
    readonly dir: string,
    readonly port: number,
    readonly counterFile: string,
  ) {}

  static async open(initial: number): Promise<SnmpLab> {
    const dir = await mkdtemp(path.join(tmpdir(), 'counterprint-snmp-'));
    const lab = new SnmpLab(dir, await freePort(), path.join(dir, 'counter'));
    await lab.setCounter(initial);
    await lab.start();
    return lab;
  }

  async setCounter(value: number): Promise<void> {
    await writeFile(this.counterFile, `${value}\n`);
  }

  async counter(): Promise<number> {
    return Number((await readFile(this.counterFile, 'utf8')).trim());
  }

  async close(): Promise<void> {
    const child = this.child;
    if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(this.dir, { recursive: true, force: true });
  }

  private async start(): Promise<void> {
    const script = path.join(this.dir, 'counter.sh');
    // pass_persist, not pass: snmpd keeps a pass script's answer for a while, and the count must move at once.
    await writeFile(
      script,
      [
        '#!/bin/sh',
        'while read -r command; do',
        '  case "$command" in',
        '    PING) echo PONG ;;',
        `    get) read -r oid; if [ "$oid" = ".${PRT_MARKER_LIFE_COUNT}" ]; then echo "$oid"; echo counter; cat "${this.counterFile}"; else echo NONE; fi ;;`,
        '    getnext) read -r oid; echo NONE ;;',
        '    set) read -r oid; read -r value; echo not-writable ;;',
        '    *) exit 0 ;;',
        '  esac',
        'done',
        '',
      ].join('\n'),
    );
    await chmod(script, 0o755);
    const conf = path.join(this.dir, 'snmpd.conf');
    await writeFile(
      conf,
      [
        `agentAddress udp:127.0.0.1:${this.port}`,
        'rocommunity public 127.0.0.1',
        `pass_persist .1.3.6.1.2.1.43.10.2.1.4 ${script}`,
        '',
      ].join('\n'),
    );
    await mkdir(path.join(this.dir, 'persistent'));
    const snmpd = existsSync('/usr/sbin/snmpd') ? '/usr/sbin/snmpd' : 'snmpd';
    const output: Buffer[] = [];
    const child = spawn(snmpd, ['-f', '-Lo', '-C', '-c', conf, '-p', path.join(this.dir, 'snmpd.pid')], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SNMP_PERSISTENT_DIR: path.join(this.dir, 'persistent'), MIBS: '' },
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', () => {});
    this.child = child;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && child.exitCode === null) {
      if ((await readPageCounter('127.0.0.1', { port: this.port, timeoutMs: 300, retries: 0 })) !== null) return;
      await sleep(100);
    }
    throw new Error(`snmpd did not start (install Debian's snmpd):\n${Buffer.concat(output).toString().slice(-2000)}`);
  }
}
