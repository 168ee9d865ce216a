import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deviceTopic, PRINTER_MISSING_WORDS, type TFilePrinting, type TShopPrinters } from '@counterprint/contract';
import { Client } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ownerWithShop, pdfBytes, pdfWithColorPages, upload } from '../../server/test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../server/test/support/harness.js';
import { endpoint } from './connection.js';
import { defaultEngines } from './engines/index.js';
import { windowsEngine } from './engines/windows/engine.js';
import { pairAgent } from './pair.js';
import { EXIT_REVOKED, REVOKED_MESSAGE, type RunningAgent, runAgent } from './run.js';
import { DeviceApi, ServerRefusedError } from './server.js';
import { PrinterLab, type TestPrinter } from './test-support/printer-lab.js';

/**
 * The whole loop with nothing stood in for: the Counterprint server (in this process, on a real port, on
 * PGlite), the agent paired and running against it, and ippeveprinter printers recording what they got.
 */

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

type Owner = Awaited<ReturnType<typeof ownerWithShop>>;
type Paired = { configFile: string; journalDir: string; deviceId: string; token: string };

let t: TestApp;
let base: string;
let lab: PrinterLab;
let mono: TestPrinter;
let colour: TestPrinter;
let other: TestPrinter;
let dir: string;
let alpha: Owner;
let beta: Owner;
const running: RunningAgent[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  lab = await PrinterLab.open();
  [mono, colour, other] = await Promise.all([
    lab.start({ name: 'Loop BW' }),
    lab.start({ name: 'Loop Colour', color: true, duplex: true }),
    lab.start({ name: 'Beta BW' }),
  ]);
  t = await createTestApp({ kind: 'pglite', env: { RATE_LIMIT: 'off' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(tmpdir(), 'counterprint-loop-'));
  alpha = await ownerWithShop(t.app, 'loop-alpha@example.com', { shopName: 'Alpha Loop Prints' });
  beta = await ownerWithShop(t.app, 'loop-beta@example.com', { shopName: 'Beta Loop Prints' });
});

afterAll(async () => {
  await Promise.all(running.map((agent) => agent.stop()));
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await t?.close();
  await lab?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function call(owner: Owner, method: string, url: string, payload?: object) {
  const res = await t.app.inject({ method: method as 'GET', url, headers: owner.auth, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.body ? json(res) : undefined;
}

async function pairNew(owner: Owner, name: string): Promise<Paired> {
  const { code } = await call(owner, 'POST', `/api/shops/${owner.shop.id}/devices/pairing-codes`);
  const home = await mkdtemp(path.join(dir, 'agent-'));
  const configFile = path.join(home, 'config.json');
  const config = await pairAgent({ code, server: base, name, configFile });
  expect(config).toMatchObject({ server: base, shopId: owner.shop.id, shopName: owner.shop.shopName });
  return { configFile, journalDir: path.join(home, 'journal'), deviceId: config.deviceId, token: config.token };
}

async function start(
  paired: Paired,
  printers: string[],
  log: string[],
  more: Partial<Parameters<typeof runAgent>[0]> = {},
): Promise<RunningAgent> {
  const agent = await runAgent({
    ...more,
    configFile: paired.configFile,
    journalDir: paired.journalDir,
    printers,
    log: (line) => log.push(line),
    watch: { intervalMs: 100 },
    reconnectDelayMs: 200,
  });
  running.push(agent);
  return agent;
}

async function until<T>(what: string, look: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await look();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const printersOf = (owner: Owner): Promise<TShopPrinters> => call(owner, 'GET', `/api/shops/${owner.shop.id}/printers`);

/** A queued job of one PDF (4 pages unless given) with the customer's options; answers its id and its file's id. */
async function jobFor(owner: Owner, options: object, pdf?: Buffer): Promise<{ jobId: string; fileId: string }> {
  const res = await upload(t.app, owner.shop.slug, [
    { name: 'name', value: 'Meera' },
    { name: 'options', value: JSON.stringify([options]) },
    { name: 'files', filename: 'poster.pdf', data: pdf ?? (await pdfBytes(4, 'Poster')), type: 'application/pdf' },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const jobId = json(res).jobId as string;
  await t.app.services.pageCounter.idle();
  const file = await until('the job in the queue', async () => {
    const jobs = (await call(owner, 'GET', `/api/shops/${owner.shop.id}/print-jobs`)) as { id: string; files: { id: string }[] }[];
    return jobs.find((j) => j.id === jobId)?.files[0];
  });
  return { jobId, fileId: file.id };
}

type QueuedJob = { id: string; status: string; files: { printing?: TFilePrinting | null }[] };

async function jobOf(owner: Owner, jobId: string): Promise<QueuedJob | undefined> {
  const jobs = (await call(owner, 'GET', `/api/shops/${owner.shop.id}/print-jobs`)) as QueuedJob[];
  return jobs.find((j) => j.id === jobId);
}

const printingOf = async (owner: Owner, jobId: string) => (await jobOf(owner, jobId))?.files[0]?.printing;

describe('print agent and server, end to end', () => {
  let paired: Paired;
  const log: string[] = [];

  it('pairs, reports its printers, prints a job staff send with the customer’s options, and reports it completed', async () => {
    paired = await pairNew(alpha, 'Counter PC');
    await start(paired, [mono.uri, colour.uri], log);
    const device = await until('the agent’s printers', async () => {
      const d = (await printersOf(alpha)).devices.find((x) => x.id === paired.deviceId);
      return d && d.printers.length === 2 && d.connected ? d : undefined;
    });
    expect(device.name).toBe('Counter PC');
    expect(device.printers.map(({ uri, name, color, duplex, pdf }) => ({ uri, name, color, duplex, pdf }))).toEqual([
      { uri: mono.uri, name: 'Loop BW', color: false, duplex: false, pdf: true },
      { uri: colour.uri, name: 'Loop Colour', color: true, duplex: true, pdf: true },
    ]);
    await call(alpha, 'PUT', `/api/shops/${alpha.shop.id}/printers/choice`, {
      bw: { deviceId: paired.deviceId, uri: mono.uri },
      color: { deviceId: paired.deviceId, uri: colour.uri },
      markPrintedOnComplete: true,
    });

    const { jobId } = await jobFor(alpha, { copies: 2, sides: 'double', color: 'color', pages: '2-3' });
    await call(alpha, 'POST', `/api/shops/print-jobs/${jobId}/send-to-printer`);
    const printing = await until('the file printed', async () => {
      const p = await printingOf(alpha, jobId);
      return p?.state === 'completed' ? p : undefined;
    });
    expect(printing).toMatchObject({ printerName: 'Loop Colour', reasons: [], unsupported: [] });
    // The shop asked for jobs to be marked printed once the printer completed every file.
    expect(await jobOf(alpha, jobId)).toMatchObject({ status: 'done' });

    const records = await colour.records();
    expect(records).toHaveLength(1);
    // The colour printer picks pages itself, so the command carries them (decision 046).
    expect(records[0]).toMatchObject({
      IPP_COPIES: '2',
      IPP_SIDES: 'two-sided-long-edge',
      IPP_PRINT_COLOR_MODE: 'color',
      IPP_PAGE_RANGES: '2-3',
      IPP_MEDIA: 'iso_a4_210x297mm',
    });
    expect(records[0]?.IPP_JOB_NAME?.replaceAll('\\', '')).toMatch(/^#1 Meera — poster\.pdf \[cp-[0-9a-f]{8}\]$/);
    expect(await mono.records()).toHaveLength(0);
  });

  it('says the server’s own words for a code already used, and keeps no settings', async () => {
    const { code } = await call(alpha, 'POST', `/api/shops/${alpha.shop.id}/devices/pairing-codes`);
    const configFile = path.join(dir, 'used-code', 'config.json');
    await pairAgent({ code, server: base, name: 'First PC', configFile: path.join(dir, 'first', 'config.json') });
    const again = await pairAgent({ code, server: base, name: 'Second PC', configFile }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ServerRefusedError);
    expect(again).toMatchObject({
      status: 404,
      message: 'This pairing code is wrong, used or expired. Make a new one in Settings → Printers.',
    });
    await expect(stat(configFile)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('prints what was sent while it was stopped, once it is back', async () => {
    await Promise.all(running.splice(0).map((agent) => agent.stop()));
    const { jobId } = await jobFor(alpha, { copies: 1, sides: 'single', color: 'bw' });
    await call(alpha, 'POST', `/api/shops/print-jobs/${jobId}/send-to-printer`);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mono.records()).toHaveLength(0);
    expect(await printingOf(alpha, jobId)).toMatchObject({ state: 'queued' });

    await start(paired, [mono.uri, colour.uri], log);
    await until('the file printed', async () => (await printingOf(alpha, jobId))?.state === 'completed');
    expect(await mono.records()).toHaveLength(1);
  });

  it('refuses at Send, with nothing sent, a colour file when no chosen printer prints colour', async () => {
    await call(alpha, 'PUT', `/api/shops/${alpha.shop.id}/printers/choice`, {
      bw: { deviceId: paired.deviceId, uri: mono.uri },
      color: null,
      markPrintedOnComplete: true,
    });
    const { jobId } = await jobFor(alpha, { copies: 1, sides: 'single', color: 'color' });
    const res = await t.app.inject({ method: 'POST', url: `/api/shops/print-jobs/${jobId}/send-to-printer`, headers: alpha.auth });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'PRINTER_CANNOT', error: PRINTER_MISSING_WORDS.color });
    expect(await jobOf(alpha, jobId)).toMatchObject({ status: 'queued', printingAt: null });
    expect(await printingOf(alpha, jobId)).toBeFalsy();
    await call(alpha, 'PUT', `/api/shops/${alpha.shop.id}/printers/choice`, {
      bw: { deviceId: paired.deviceId, uri: mono.uri },
      color: { deviceId: paired.deviceId, uri: colour.uri },
      markPrintedOnComplete: true,
    });
  });

  it('never gives a second shop’s agent the first shop’s commands', async () => {
    const betaLog: string[] = [];
    const betaAgent = await pairNew(beta, 'Beta PC');
    await start(betaAgent, [other.uri], betaLog);
    await until('the second agent connected', async () => betaLog.some((l) => l.startsWith('Connected to')));

    const { jobId } = await jobFor(alpha, { copies: 1, sides: 'single', color: 'bw' });
    await call(alpha, 'POST', `/api/shops/print-jobs/${jobId}/send-to-printer`);
    await until('the first shop’s file printed', async () => (await printingOf(alpha, jobId))?.state === 'completed');
    expect(await mono.records()).toHaveLength(2);
    expect(await other.records()).toHaveLength(0);
    expect(betaLog.filter((l) => !l.startsWith('Agent for') && !l.startsWith('Connected to'))).toEqual([]);

    // Asked directly with its own token, the server shows it nothing of the first shop's.
    const betaApi = new DeviceApi(base, betaAgent.token);
    expect((await betaApi.commands()).commands).toEqual([]);
    const errors = await subscribeWith(betaAgent.token, deviceTopic(paired.deviceId));
    expect(errors).toEqual([expect.stringContaining('Access denied')]);
  });

  it('stops cleanly on SIGTERM, and with a clear line and exit code 3 when staff remove the agent', async () => {
    const cliPaired = await pairNew(alpha, 'Back office PC');
    const first = startCli(cliPaired);
    await until('the CLI agent connected', async () => first.output().includes('Connected to'));
    first.child.kill('SIGTERM');
    expect(await exitOf(first.child, 20_000)).toBe(0);

    const second = startCli(cliPaired);
    await until('the CLI agent connected again', async () => second.output().includes('Connected to'));
    await call(alpha, 'DELETE', `/api/shops/${alpha.shop.id}/devices/${cliPaired.deviceId}`);
    expect(await exitOf(second.child, 20_000)).toBe(EXIT_REVOKED);
    expect(second.output()).toContain(REVOKED_MESSAGE);

    // Started again with the removed agent's settings, it stops at once with the same words.
    const third = startCli(cliPaired);
    expect(await exitOf(third.child, 20_000)).toBe(EXIT_REVOKED);
    expect(third.output()).toContain(REVOKED_MESSAGE);
  });

  it('sends a two-sided B&W file to the duplex colour printer, in monochrome, when the B&W printer prints one side only', async () => {
    const before = (await colour.records()).length;
    const { jobId } = await jobFor(alpha, { copies: 1, sides: 'double', color: 'bw' });
    await call(alpha, 'POST', `/api/shops/print-jobs/${jobId}/send-to-printer`);
    const printing = await until('the file printed', async () => {
      const p = await printingOf(alpha, jobId);
      return p?.state === 'completed' ? p : undefined;
    });
    expect(printing).toMatchObject({ printerName: 'Loop Colour', unsupported: [] });
    const records = (await colour.records()).slice(before);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ IPP_SIDES: 'two-sided-long-edge', IPP_PRINT_COLOR_MODE: 'monochrome' });
  });

  describe('with colour detection on, Auto prints what was priced', () => {
    beforeAll(async () => {
      const { shopName } = alpha.shop;
      await call(alpha, 'PUT', `/api/settings/shop?shopId=${alpha.shop.id}`, { shopName, username: 'alpha_loop', colorDetection: true });
    });

    /** An Auto job of `pdf` whose colour pages are known; answers its id. */
    async function autoJob(pdf: Buffer, options: object = {}): Promise<string> {
      const { jobId } = await jobFor(alpha, { copies: 1, sides: 'single', color: 'auto', ...options }, pdf);
      await until('the colour pages', async () => {
        await t.app.services.preparer.idle();
        const job = (await jobOf(alpha, jobId)) as (QueuedJob & { files: { colorPages?: number[] | null }[] }) | undefined;
        return Array.isArray(job?.files[0]?.colorPages);
      });
      return jobId;
    }

    it('an all-black Auto file goes to the B&W printer in monochrome', async () => {
      const monoBefore = (await mono.records()).length;
      const colourBefore = (await colour.records()).length;
      const jobId = await autoJob(await pdfWithColorPages(6, []));
      await call(alpha, 'POST', `/api/shops/print-jobs/${jobId}/send-to-printer`);
      await until('the file printed', async () => (await printingOf(alpha, jobId))?.state === 'completed');
      const records = (await mono.records()).slice(monoBefore);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ IPP_PRINT_COLOR_MODE: 'monochrome' });
      expect(await colour.records()).toHaveLength(colourBefore);
    });

    it('a mixed file prints its colour pages in colour and the rest in monochrome, in page order', async () => {
      const colourBefore = (await colour.records()).length;
      const jobId = await autoJob(await pdfWithColorPages(5, [2, 5]));
      await call(alpha, 'POST', `/api/shops/print-jobs/${jobId}/send-to-printer`);
      const printing = await until('the file printed', async () => {
        const p = await printingOf(alpha, jobId);
        return p?.state === 'completed' ? p : undefined;
      });
      expect(printing).toMatchObject({ printerName: 'Loop Colour' });
      const records = (await colour.records()).slice(colourBefore);
      // Pages 1 | 2 | 3-4 | 5, each run a job of its own holding only its pages.
      expect(records.map((r) => r.IPP_PRINT_COLOR_MODE)).toEqual(['monochrome', 'color', 'monochrome', 'color']);
      expect(records.every((r) => r.IPP_COPIES === '1' && r.IPP_PAGE_RANGES === undefined)).toBe(true);
      const sizes = records.map((r) => Number(r.DOCUMENT_BYTES));
      expect(sizes[2]).toBeGreaterThan(sizes[0]!);
    });
  });
});

describe('the agent with a Windows printer (SumatraPDF and PowerShell stood in for)', () => {
  const PRINTER = 'windows:Canon LBP2900 "front" & 100%';
  const WIN32_PRINTER = JSON.stringify([
    {
      Name: 'Canon LBP2900 "front" & 100%',
      DriverName: 'Canon LBP2900',
      PortName: 'USB001',
      Default: true,
      WorkOffline: false,
      PrinterStatus: 3,
      DetectedErrorState: 0,
      CapabilityDescriptions: ['Copies', 'Collate'],
      PrinterPaperNames: ['A4', 'Letter'],
    },
  ]);
  const printed: string[] = [];
  // The job stays in the Windows queue, printing, until the test lets it go.
  let inQueue = true;
  const engines = {
    ...defaultEngines(),
    windows: windowsEngine({
      powershell: async () => WIN32_PRINTER,
      queue: async () =>
        inQueue && printed.length ? JSON.stringify(printed.map((file, i) => ({ Id: i + 1, DocumentName: file, JobStatus: 0x10 }))) : '',
      printer: {
        sumatraPdfPath: 'C:\\SumatraPDF-3.4.6-32.exe',
        print: async (file) => void printed.push(file),
      },
    }),
  };

  it('prints a job once through a restart while it is in the Windows queue, reports it sent, never printed, and shows it on the status page', async () => {
    const paired = await pairNew(alpha, 'Windows counter PC');
    const log: string[] = [];
    const more = { engines, statusPort: 0 } as const;
    await start(paired, [PRINTER], log, more);
    await until('the Windows printer reported', async () =>
      (await printersOf(alpha)).devices.find((d) => d.id === paired.deviceId && d.printers.length === 1 && d.connected),
    );
    await call(alpha, 'PUT', `/api/shops/${alpha.shop.id}/printers/choice`, {
      bw: { deviceId: paired.deviceId, uri: PRINTER },
      color: null,
      markPrintedOnComplete: false,
    });
    const { jobId } = await jobFor(alpha, { copies: 1, sides: 'single', color: 'bw' });
    await call(alpha, 'POST', `/api/shops/print-jobs/${jobId}/send-to-printer`);
    await until('the job printing in the Windows queue', async () => (await printingOf(alpha, jobId))?.state === 'processing');
    expect(printed).toHaveLength(1);

    const url = /Status page: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(log.join('\n'))?.[1];
    expect(url).toBeDefined();
    const status = await (await fetch(`${url}status.json`)).json();
    expect(status).toMatchObject({
      shopName: alpha.shop.shopName,
      connected: true,
      printers: [{ name: 'Canon LBP2900 "front" & 100%', state: 'idle', reasons: [] }],
      lastJob: { name: expect.stringContaining('poster.pdf'), printer: 'Canon LBP2900 "front" & 100%', outcome: 'printing' },
    });

    // The agent stops with the job in the queue; started again, the same command comes back and is only followed.
    await Promise.all(running.splice(0).map((agent) => agent.stop()));
    await start(paired, [PRINTER], log, more);
    await until('the agent back', async () => log.filter((l) => l.startsWith('Connected to')).length >= 2);
    inQueue = false;
    const printing = await until('the job out of the Windows queue', async () => {
      const p = await printingOf(alpha, jobId);
      return p?.state === 'completed' ? p : undefined;
    });
    expect(printing).toMatchObject({ reasons: ['sent-not-confirmed'], message: expect.stringContaining('has not confirmed printing it') });
    expect(printed).toHaveLength(1);
    expect(log.some((l) => l.includes('already at the printer'))).toBe(true);
    const again = /Status page: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(log.filter((l) => l.startsWith('Status page')).at(-1) ?? '')?.[1];
    const html = await (await fetch(again ?? '')).text();
    expect(html).toContain('sent to the printer through Windows (the printer has not confirmed printing it)');
    expect(html).not.toMatch(/: printed/);
    await Promise.all(running.splice(0).map((agent) => agent.stop()));
  });
});

function startCli(paired: Paired): { child: ChildProcess; output: () => string } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, 'run', '--printer', mono.uri, '--config', paired.configFile, '--journal', paired.journalDir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  return { child, output: collect(child) };
}

/** Subscribes with a device token to a topic; answers the ERROR messages the broker sent within 5 s. */
async function subscribeWith(token: string, topic: string): Promise<string[]> {
  const errors: string[] = [];
  const received: string[] = [];
  const client = new Client({
    webSocketFactory: () => new WebSocket(endpoint(base), ['v12.stomp']),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  client.onConnect = () => client.subscribe(topic, (m) => received.push(m.body));
  client.onStompError = (frame) => errors.push(frame.headers.message ?? '');
  client.activate();
  await until('an answer to the subscription', async () => errors.length > 0, 5_000).catch(() => {});
  await client.deactivate();
  expect(received).toEqual([]);
  return errors;
}

function collect(child: ChildProcess): () => string {
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (c: Buffer) => chunks.push(c));
  child.stderr?.on('data', (c: Buffer) => chunks.push(c));
  return () => Buffer.concat(chunks).toString();
}

function exitOf(child: ChildProcess, ms: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the agent did not exit'));
    }, ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
