import path from 'node:path';
import type { TReportedPrinter } from '@counterprint/contract';
import { AgentStatusBoard } from './agent-status.js';
import { CommandQueue } from './commands.js';
import { readConfig } from './config.js';
import { type Connection, connect } from './connection.js';
import { PrinterHolds } from './counter/holds.js';
import type { CounterOptions } from './counter/page-counter.js';
import { type DiscoverOptions, discoverPrinters } from './discovery/discover.js';
import type { Engines } from './engines/engine.js';
import { defaultEngines } from './engines/index.js';
import { Journal } from './journal.js';
import { describePrinters } from './report-printers.js';
import { DeviceApi, DeviceRevokedError } from './server.js';
import { type StatusPage, startStatusPage } from './status-page.js';
import type { WatchOptions } from './watch.js';

export type RunOptions = {
  configFile: string;
  printers: string[];
  journalDir: string;
  log?: (line: string) => void;
  /** How often the printers are described to the server and the open commands fetched (default 60 s). */
  refreshMs?: number;
  watch?: Omit<WatchOptions, 'signal'>;
  reconnectDelayMs?: number;
  /**
   * Also print on the printers found on this computer and network (CUPS queues, DNS-SD), looked for again
   * each time the printers are reported (docs/decisions/073-printers-found-not-typed.md).
   */
  discover?: DiscoverOptions | false;
  engines?: Engines;
  /** SNMP for the printers' page counters (default: port 161, community public); false: not read. */
  counter?: CounterOptions | false;
  /** The local status page's port on 127.0.0.1 (0: any free one); absent or false: no page. */
  statusPort?: number | false;
};

/** Where `counterprint-agent run` serves its status page unless told otherwise. */
export const DEFAULT_STATUS_PORT = 17631;

/** Printers on hold after a short job, kept beside the journal. */
export const holdsFor = (journalDir: string) => new PrinterHolds(path.join(journalDir, 'holds'));

export type RunningAgent = {
  /** The process's exit code: 0 when stopped, EXIT_REVOKED when the shop removed the agent. */
  done: Promise<number>;
  stop(): Promise<void>;
};

export const EXIT_REVOKED = 3;
export const REVOKED_MESSAGE = 'This agent was removed from the shop; pair it again';

/** The server takes at most 20 printers per agent (ZPrinterReport). */
const MAX_PRINTERS = 20;
const JOURNAL_MAX_AGE_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 24 * 60 * 60_000;

/**
 * The agent at work: tells the server what its printers are and can do (at the start, every minute and
 * after each job), listens on its STOMP topic for print commands, fetches those it missed on every
 * (re)connect, and carries them out through one CommandQueue.
 */
export async function runAgent(o: RunOptions): Promise<RunningAgent> {
  const log = o.log ?? ((line: string) => console.log(`${new Date().toISOString()} ${line}`));
  const config = await readConfig(o.configFile);
  const api = new DeviceApi(config.server, config.token);
  const journal = new Journal(o.journalDir);
  const lastKnown = new Map<string, TReportedPrinter>();
  const engines = o.engines ?? defaultEngines();
  // One list, changed in place: the command queue refuses commands for printers not on it.
  const printers: string[] = [...o.printers];
  const lookAround = async () => {
    if (!o.discover) return;
    const found = await discoverPrinters(o.discover);
    const all = [...new Set([...o.printers, ...found])].slice(0, MAX_PRINTERS);
    printers.splice(0, printers.length, ...all);
  };
  const board = new AgentStatusBoard(config.shopName, printers, lastKnown);
  const timers: NodeJS.Timeout[] = [];
  let connection: Connection | undefined;
  let page: StatusPage | undefined;
  let finished = false;
  let resolveDone: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    resolveDone = resolve;
  });

  const finish = async (code: number) => {
    if (finished) return;
    finished = true;
    for (const timer of timers) clearInterval(timer);
    await connection?.stop();
    await page?.close();
    await queue.stop();
    resolveDone(code);
  };
  const revoked = () => {
    if (finished) return;
    log(REVOKED_MESSAGE);
    void finish(EXIT_REVOKED);
  };
  // Each failure kind is logged once until it changes, not every minute while the server is away.
  const lastProblem = new Map<string, string>();
  const attempt = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
      lastProblem.delete(what);
    } catch (error) {
      if (error instanceof DeviceRevokedError) return revoked();
      const problem = `Could not ${what}: ${(error as Error).message}`;
      if (problem !== lastProblem.get(what)) log(problem);
      lastProblem.set(what, problem);
    }
  };

  let reporting: Promise<void> | null = null;
  let reportAgain = false;
  const reportPrinters = (): Promise<void> => {
    if (reporting) {
      reportAgain = true;
      return reporting;
    }
    reporting = attempt('report the printers', async () => {
      await lookAround();
      await api.reportPrinters(await describePrinters(printers, lastKnown, engines));
    }).finally(() => {
      reporting = null;
      if (reportAgain && !finished) {
        reportAgain = false;
        void reportPrinters();
      }
    });
    return reporting;
  };
  const fetchCommands = () =>
    attempt('fetch print commands', async () => {
      const { commands, unreadable } = await api.commands();
      if (unreadable > 0) log(`Ignored ${unreadable} print command(s) this agent cannot read`);
      for (const command of commands) queue.add(command);
    });
  const prune = () => journal.prune(JOURNAL_MAX_AGE_MS).catch((error: Error) => log(`Could not tidy the journal: ${error.message}`));

  const queue: CommandQueue = new CommandQueue({
    api,
    journal,
    printers,
    engines,
    ...(o.counter === false ? {} : { counter: { timeoutMs: 1_000, retries: 0, ...o.counter }, holds: holdsFor(o.journalDir) }),
    log,
    onRevoked: revoked,
    onReport: (command, report) => board.reported(command, report),
    onJobEnded: () => {
      if (!finished) void reportPrinters();
    },
    watch: o.watch,
  });

  log(
    `Agent for ${config.shopName}, printers: ${[...o.printers, ...(o.discover ? ['those found on this computer and network'] : [])].join(', ')}`,
  );
  page = await openStatusPage(o.statusPort, board, log);
  await prune();
  await reportPrinters();
  if (!finished) {
    connection = connect({
      server: config.server,
      token: config.token,
      deviceId: config.deviceId,
      log,
      reconnectDelayMs: o.reconnectDelayMs,
      onConnected: () => {
        board.setConnected(true);
        void fetchCommands();
      },
      onDisconnected: () => board.setConnected(false),
      onMessage: (message) => {
        if (message.action === 'print') queue.add(message.command);
      },
      onRevoked: revoked,
    });
    const refreshMs = o.refreshMs ?? 60_000;
    timers.push(
      setInterval(() => {
        void reportPrinters();
        void fetchCommands();
      }, refreshMs),
      setInterval(() => void prune(), PRUNE_EVERY_MS),
    );
  }
  return { done, stop: () => finish(0) };
}

/** The status page, or none when it is off or its port is taken: printing matters more than the page. */
async function openStatusPage(port: number | false | undefined, board: AgentStatusBoard, log: (line: string) => void) {
  if (port === undefined || port === false) return undefined;
  try {
    const page = await startStatusPage({ port, status: () => board.status() });
    log(`Status page: ${page.url} (on this PC only)`);
    return page;
  } catch (error) {
    log(`No status page: port ${port} on 127.0.0.1 is not free (${(error as Error).message}); printing goes on`);
    return undefined;
  }
}
