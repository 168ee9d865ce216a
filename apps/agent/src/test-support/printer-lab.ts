import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describePrinter } from '../printers.js';

/**
 * Real IPP printers for the tests: CUPS's ippeveprinter (Debian package cups-ipp-utils), one process per
 * printer on a free loopback port, each running RECORDER for every job it prints.
 *
 * ippeveprinter always opens an Avahi client, which needs a D-Bus system bus: each lab starts a private
 * dbus-daemon and points DBUS_SYSTEM_BUS_ADDRESS at it, so no system service is needed or touched.
 */

// ippeveprinter runs this per job with the document as $1 and every job attribute as IPP_* variables.
const RECORDER = `#!/bin/sh
set -e
out="$RECORD_DIR/job-$IPP_JOB_ID"
{
  env | grep -E '^(IPP_|CONTENT_TYPE=)' | grep -v -E '_DEFAULT=|^IPP_PWG_' || true
  echo "DOCUMENT_BYTES=$(wc -c < "$1" | tr -d ' ')"
  echo "DOCUMENT_SHA256=$(sha256sum "$1" | cut -d ' ' -f 1)"
  echo "DOCUMENT_PAGES=$(pdfinfo "$1" 2>/dev/null | sed -n 's/^Pages: *//p')"
} > "$out.tmp"
mv "$out.tmp" "$out.env"
# A printer with a page counter (see SnmpLab) counts the sheets it puts out; "short-by-one" in the name loses one.
if [ -n "$COUNTER_FILE" ]; then
  pages=$(pdfinfo "$1" | sed -n 's/^Pages: *//p'); copies=\${IPP_COPIES:-1}
  case "$IPP_SIDES" in two-sided*) sheets=$(( (pages + 1) / 2 * copies )) ;; *) sheets=$((pages * copies)) ;; esac
  case "$IPP_JOB_NAME" in *short-by-one*) sheets=$((sheets - 1)) ;; esac
  echo $(( $(cat "$COUNTER_FILE") + sheets )) > "$COUNTER_FILE.tmp" && mv "$COUNTER_FILE.tmp" "$COUNTER_FILE"
fi
case "$IPP_JOB_NAME" in
  *"[slow]"*) sleep 2 ;;
  *"[jam]"*) echo "ERROR: Paper jam in tray 2" >&2; exit 1 ;;
esac
`;

// Debian puts it in /usr/sbin, which is not on an ordinary user's PATH.
const IPPEVEPRINTER = existsSync('/usr/sbin/ippeveprinter') ? '/usr/sbin/ippeveprinter' : 'ippeveprinter';

export type PrinterShape = {
  name: string;
  /** Reports colour (print-color-mode-supported auto,color,monochrome); otherwise monochrome only. */
  color?: boolean;
  /** Reports two-sided printing; otherwise sides-supported is one-sided only. */
  duplex?: boolean;
  formats?: string;
  /** A file holding the printer's page counter, which each job raises by the sheets it prints (SnmpLab serves it). */
  counterFile?: string;
  /** Announces itself by DNS-SD through the lab's avahi-daemon (startAvahi first); otherwise silent. */
  advertise?: boolean;
};

/** What one job brought to the printer: its IPP_* variables, DOCUMENT_BYTES and DOCUMENT_SHA256. */
export type JobRecord = Record<string, string>;

export type TestPrinter = {
  name: string;
  uri: string;
  port: number;
  records(): Promise<JobRecord[]>;
  /** Every tray to 0 sheets through ippeveprinter's web media page: the printer reports media-empty. */
  emptyTrays(): Promise<void>;
  refillTrays(): Promise<void>;
};

export class PrinterLab {
  private readonly processes: ChildProcess[] = [];
  private busAddress = '';

  private constructor(readonly dir: string) {}

  static async open(): Promise<PrinterLab> {
    const lab = new PrinterLab(await mkdtemp(path.join(tmpdir(), 'counterprint-printers-')));
    await lab.startBus();
    return lab;
  }

  async start(shape: PrinterShape): Promise<TestPrinter> {
    const home = path.join(this.dir, shape.name.replace(/[^a-z0-9]+/gi, '-'));
    const recordDir = path.join(home, 'records');
    await mkdir(path.join(home, 'spool'), { recursive: true });
    await mkdir(recordDir, { recursive: true });
    const recorder = path.join(home, 'recorder.sh');
    await writeFile(recorder, RECORDER);
    await chmod(recorder, 0o755);
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const { child, output } = this.spawn(
        IPPEVEPRINTER,
        [
          ...['-p', String(port), '-d', path.join(home, 'spool'), '-c', recorder, '-r', shape.advertise ? '_print' : 'off'],
          ...['-f', shape.formats ?? 'application/pdf', '-M', 'Counterprint', '-m', `Test ${shape.name}`],
          ...['-s', shape.color ? '10,10' : '10,0'],
          ...(shape.duplex ? ['-2'] : []),
          shape.name,
        ],
        { RECORD_DIR: recordDir, ...(shape.counterFile ? { COUNTER_FILE: shape.counterFile } : {}) },
      );
      const uri = `ipp://127.0.0.1:${port}/ipp/print`;
      if (await answers(uri, child)) return testPrinter(shape.name, uri, port, recordDir);
      killGroup(child);
      if (child.pid === undefined) throw new Error(`${IPPEVEPRINTER} cannot be run: install Debian's cups-ipp-utils`);
      // Another process may have taken the port between our look and ippeveprinter's bind: try another.
      if (attempt === 3) throw new Error(`ippeveprinter ${shape.name} did not start:\n${output().slice(-2000)}`);
    }
  }

  /** The environment under which Avahi's tools reach the lab's avahi-daemon. */
  get env(): NodeJS.ProcessEnv {
    return { ...process.env, DBUS_SYSTEM_BUS_ADDRESS: this.busAddress };
  }

  /**
   * An avahi-daemon on the lab's private bus, announcing on loopback only. Avahi allows one daemon per
   * machine (it keeps /run/avahi-daemon/pid), so a running system avahi-daemon makes this fail, saying so.
   */
  async startAvahi(): Promise<void> {
    const config = path.join(this.dir, 'avahi-daemon.conf');
    await writeFile(
      config,
      '[server]\nuse-ipv4=yes\nuse-ipv6=no\nallow-interfaces=lo\nenable-dbus=yes\n[wide-area]\nenable-wide-area=no\n[publish]\npublish-hinfo=no\npublish-workstation=no\n',
    );
    const daemon = existsSync('/usr/sbin/avahi-daemon') ? '/usr/sbin/avahi-daemon' : 'avahi-daemon';
    const { child, output } = this.spawn(daemon, ['-f', config, '--no-drop-root', '--no-chroot', '--no-rlimits'], {});
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && child.exitCode === null) {
      if (output().includes('Server startup complete')) return;
      await sleep(100);
    }
    throw new Error(`avahi-daemon did not start (install Debian's avahi-daemon; is another one running?):\n${output().slice(-2000)}`);
  }

  async close(): Promise<void> {
    await Promise.all(this.processes.map((child) => stopGroup(child)));
    await rm(this.dir, { recursive: true, force: true });
  }

  private async startBus(): Promise<void> {
    const socket = path.join(this.dir, 'system-bus');
    this.spawn('dbus-daemon', ['--session', '--nofork', '--nopidfile', `--address=unix:path=${socket}`], {});
    for (let i = 0; i < 100 && !existsSync(socket); i++) await sleep(100);
    if (!existsSync(socket)) throw new Error('dbus-daemon did not start: install Debian’s dbus-daemon');
    this.busAddress = `unix:path=${socket}`;
  }

  // Each process leads its own group, so closing the lab also ends the recorder a job may be running.
  private spawn(command: string, args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, DBUS_SYSTEM_BUS_ADDRESS: this.busAddress },
    });
    const lines: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => lines.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => lines.push(chunk));
    child.on('error', () => {});
    this.processes.push(child);
    return { child, output: () => Buffer.concat(lines).toString() };
  }
}

function testPrinter(name: string, uri: string, port: number, recordDir: string): TestPrinter {
  const web = `http://127.0.0.1:${port}`;
  return {
    name,
    uri,
    port,
    async records() {
      const names = (await readdir(recordDir)).filter((n) => n.endsWith('.env')).sort((a, b) => jobNumber(a) - jobNumber(b));
      return Promise.all(names.map(async (n) => parseRecord(await readFile(path.join(recordDir, n), 'utf8'))));
    },
    async emptyTrays() {
      await setTrays(web, 0);
    },
    async refillTrays() {
      await setTrays(web, 250);
    },
  };
}

// ippeveprinter's media page sets every tray at once. A tray is given A4 even when emptied: a form that
// leaves the printer with no media ready cannot be sent again (the page then finds no media-col-ready).
async function setTrays(web: string, sheets: number): Promise<void> {
  const page = await fetchText(`${web}/media`);
  const trays = [...page.matchAll(/name="size(\d+)"/g)].map((m) => m[1]);
  if (trays.length === 0) throw new Error(`${web}/media lists no trays`);
  await fetchText(`${web}/media?${trays.map((t) => `size${t}=iso_a4_210x297mm&level${t}=${sheets}`).join('&')}`);
}

const jobNumber = (file: string) => Number(/job-(\d+)/.exec(file)?.[1] ?? 0);

function parseRecord(text: string): JobRecord {
  const record: JobRecord = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) record[line.slice(0, at)] = line.slice(at + 1);
  }
  return record;
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Waits until the printer answers Get-Printer-Attributes, or its process has ended. */
async function answers(uri: string, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try {
      await describePrinter(uri, { timeoutMs: 5_000 });
      return true;
    } catch {
      await sleep(200);
    }
  }
  return false;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
