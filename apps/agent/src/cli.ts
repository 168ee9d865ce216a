#!/usr/bin/env node
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, configPath } from './config.js';
import { engineFor, engineKind } from './engines/engine.js';
import { defaultEngines } from './engines/index.js';
import { installAtLogon, LogonInstallError, removeFromLogon } from './engines/windows/logon.js';
import { printOnWindows } from './engines/windows/print.js';
import type { WindowsPrintJob } from './engines/windows/print-args.js';
import { listWindowsPrinters } from './engines/windows/printers.js';
import { PrinterAddressError, printerAddress } from './ipp.js';
import { pairAgent } from './pair.js';
import type { PrintOptions } from './print.js';
import { DEFAULT_STATUS_PORT, holdsFor, runAgent } from './run.js';
import { ServerRefusedError, ServerUnreachableError } from './server.js';
import { AGENT_VERSION } from './version.js';

/**
 * counterprint-agent: the program a shop runs on its counter PC, next to its printers. Each command is
 * one entry of COMMANDS.
 */

type Command = { usage: string; run: (args: string[]) => Promise<number> };

const COMMANDS: Record<string, Command> = {
  pair: {
    usage:
      'pair <CODE> --server <URL> [--name NAME] [--config FILE]\n' +
      "      join the shop whose Settings → Printers shows CODE; NAME is what staff see (default: this PC's name)",
    run: pairCommand,
  },
  run: {
    usage:
      'run [--discover] [--printer <ipp-uri>|cups:QUEUE|"windows:PRINTER NAME" ...] [--config FILE] [--journal DIR]\n' +
      '      [--status-port N] [--no-status-page]\n' +
      "      --discover: also this PC's Windows printers, its CUPS queues and the IPP printers announced on the network\n" +
      `      a status page on this PC only: http://127.0.0.1:${DEFAULT_STATUS_PORT}/ (--status-port to move it, --no-status-page for none)\n` +
      "      print the shop's jobs on these printers until stopped (Ctrl+C); exits with 3 if the shop removes this agent",
    run: runCommand,
  },
  confirm: {
    usage:
      'confirm <printer> [--config FILE] [--journal DIR]\n' +
      '      the printer was checked after a short job (a possible jam): it may print its next job',
    run: confirmCommand,
  },
  printers: {
    usage: 'printers <ipp-uri>...            what each printer is and can do, as JSON',
    run: printersCommand,
  },
  print: {
    usage:
      'print <ipp-uri> <file.pdf> [--copies N] [--sides single|double] [--color bw|color]\n' +
      '      [--pages 1-2,5] [--media A4] [--name NAME]   print a PDF and follow it to the end',
    run: printCommand,
  },
  'windows-print': {
    usage:
      'windows-print <printer-name> <file.pdf> [--copies N] [--sides simplex|duplexlong|duplexshort]\n' +
      "      [--color color|monochrome] [--pages 1-2,5] [--paper A4]   Windows: print through the printer's own driver",
    run: windowsPrintCommand,
  },
  'windows-printers': {
    usage: "windows-printers                  Windows: this PC's printers, what they can do and their state, as JSON",
    run: windowsPrintersCommand,
  },
  install: {
    usage: 'install [run\'s options]          Windows: start "run" with these options whenever you log on (no admin needed)',
    run: installCommand,
  },
  uninstall: {
    usage: 'uninstall                         Windows: stop starting at logon',
    run: uninstallCommand,
  },
};

class UsageError extends Error {}

function usage(): string {
  const lines = Object.values(COMMANDS).map((c) => `  counterprint-agent ${c.usage.replaceAll('\n', '\n  ')}`);
  return [
    'Usage:',
    ...lines,
    '',
    'Printer addresses look like ipp://192.168.1.20:631/ipp/print.',
    "Settings (the shop and this agent's token) are kept in FILE, else $COUNTERPRINT_AGENT_CONFIG,",
    'else ~/.config/counterprint-agent/config.json; the journal of what was printed in DIR, else beside FILE.',
  ].join('\n');
}

async function pairCommand(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { server: { type: 'string' }, name: { type: 'string' }, config: { type: 'string' } },
  });
  const [code, ...rest] = positionals;
  if (!code || rest.length > 0) throw new UsageError('pair needs the code shown in Settings → Printers');
  if (!values.server) throw new UsageError("pair needs --server, the shop's Counterprint address");
  const configFile = configPath(values.config);
  try {
    const config = await pairAgent({ code, server: values.server, name: values.name, configFile });
    console.log(`Paired with ${config.shopName}. Settings saved in ${configFile}.`);
    console.log('Start printing with: counterprint-agent run --printer ipp://…');
    return 0;
  } catch (error) {
    if (error instanceof ServerRefusedError) {
      console.error(`Pairing failed: ${error.message}`);
      return 1;
    }
    if (error instanceof ServerUnreachableError) {
      console.error(`${error.message}. Check the address and this PC's internet connection.`);
      return 1;
    }
    throw error;
  }
}

const RUN_OPTIONS = {
  printer: { type: 'string', multiple: true },
  discover: { type: 'boolean', default: false },
  config: { type: 'string' },
  journal: { type: 'string' },
  'status-port': { type: 'string' },
  'no-status-page': { type: 'boolean', default: false },
} as const;

/** run's options, checked: install checks them too, so a mistake shows now and not at the next logon. */
function runOptions(args: string[]) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: RUN_OPTIONS });
  if (positionals.length > 0) throw new UsageError(`run takes no ${positionals[0]}: name printers with --printer`);
  const printers = [...new Set(values.printer ?? [])];
  if (printers.length === 0 && !values.discover) throw new UsageError('run needs at least one --printer ipp://… (or --discover)');
  for (const uri of printers) {
    if (uri.length > 300) throw new UsageError('A printer address is at most 300 characters');
    if (engineKind(uri) === 'ipp') printerAddress(uri);
  }
  const port = values['status-port'] === undefined ? DEFAULT_STATUS_PORT : Number(values['status-port']);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new UsageError('--status-port must be a port number from 1 to 65535');
  const configFile = configPath(values.config);
  const journalDir = values.journal ? path.resolve(values.journal) : path.join(path.dirname(configFile), 'journal');
  const statusPort: number | false = values['no-status-page'] ? false : port;
  return { configFile, printers, journalDir, discover: values.discover, statusPort };
}

async function runCommand(args: string[]): Promise<number> {
  const o = runOptions(args);
  const agent = await runAgent({ ...o, discover: o.discover ? {} : false });
  const stop = () => void agent.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const code = await agent.done;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  return code;
}

const engines = defaultEngines();
const describe = async (uri: string) => engineFor(uri, engines).describe(uri);

async function confirmCommand(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { config: { type: 'string' }, journal: { type: 'string' } },
  });
  const [printer, ...rest] = positionals;
  if (!printer || rest.length > 0) throw new UsageError('confirm needs the printer address that is on hold');
  const configFile = configPath(values.config);
  const journalDir = values.journal ? path.resolve(values.journal) : path.join(path.dirname(configFile), 'journal');
  const wasHeld = await holdsFor(journalDir).release(printer);
  console.log(wasHeld ? `${printer} may print again.` : `${printer} was not on hold.`);
  return 0;
}

async function printersCommand(args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length === 0) throw new UsageError('Name at least one printer address');
  const printers = await Promise.all(positionals.map((uri) => describe(uri).catch((error: Error) => ({ uri, error: error.message }))));
  process.stdout.write(`${JSON.stringify(printers, null, 2)}\n`);
  return printers.some((p) => 'error' in p) ? 1 : 0;
}

async function printCommand(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      copies: { type: 'string', default: '1' },
      sides: { type: 'string', default: 'single' },
      color: { type: 'string', default: 'bw' },
      pages: { type: 'string' },
      media: { type: 'string' },
      name: { type: 'string' },
    },
  });
  const [uri, file, ...rest] = positionals;
  if (!uri || !file || rest.length > 0) throw new UsageError('print needs a printer address and one PDF file');
  const options: PrintOptions = {
    jobName: values.name ?? file.split(/[\\/]/).pop() ?? file,
    copies: Number(values.copies),
    sides: values.sides as PrintOptions['sides'],
    color: values.color as PrintOptions['color'],
    ...(values.pages ? { pageRanges: parsePages(values.pages) } : {}),
    ...(values.media ? { media: values.media } : {}),
  };
  const document = await readFile(file).catch(() => {
    throw new UsageError(`Cannot read ${file}`);
  });
  const engine = engineFor(uri, engines);
  const result = await engine.print(uri, document, options);
  for (const u of result.unsupported) console.log(`not supported by the printer: ${u.attribute}=${u.value}`);
  if (result.outcome === 'refused') {
    console.log(`refused: ${result.message}`);
    return 1;
  }
  console.log(`sent: printer job ${result.ippJobId}`);
  let last = 'sent';
  for await (const event of engine.watch(uri, result.ippJobId)) {
    last = event.state;
    const reasons = event.reasons.length ? ` (${event.reasons.join(', ')})` : '';
    console.log(`${event.state}${reasons}${event.message ? `: ${event.message}` : ''}`);
  }
  return last === 'completed' ? 0 : 1;
}

async function windowsPrintCommand(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      copies: { type: 'string', default: '1' },
      sides: { type: 'string', default: 'simplex' },
      color: { type: 'string', default: 'monochrome' },
      pages: { type: 'string' },
      paper: { type: 'string' },
    },
  });
  const [printer, file, ...rest] = positionals;
  if (!printer || !file || rest.length > 0) throw new UsageError('windows-print needs a printer name and one PDF file');
  const job: WindowsPrintJob = {
    printer,
    copies: Number(values.copies),
    sides: values.sides as WindowsPrintJob['sides'],
    color: values.color as WindowsPrintJob['color'],
    ...(values.pages ? { pageRanges: parsePages(values.pages) } : {}),
    ...(values.paper ? { paper: values.paper } : {}),
  };
  const result = await printOnWindows(file, job);
  // The spooler's acceptance is not the printer's (docs/decisions/074-windows-package-and-engine.md).
  console.log(`sent: Windows took the job for ${result.printer}; the printer has not confirmed printing it`);
  return 0;
}

async function windowsPrintersCommand(args: string[]): Promise<number> {
  if (args.length > 0) throw new UsageError('windows-printers takes no options');
  process.stdout.write(`${JSON.stringify(await listWindowsPrinters(), null, 2)}\n`);
  return 0;
}

async function installCommand(args: string[]): Promise<number> {
  if (args.length === 0) throw new UsageError('install needs the options run takes, such as --discover or --printer …');
  runOptions(args);
  const file = await installAtLogon(process.execPath, args);
  console.log(`counterprint-agent will start when you log on (${file}). Undo with: counterprint-agent uninstall`);
  return 0;
}

async function uninstallCommand(args: string[]): Promise<number> {
  if (args.length > 0) throw new UsageError('uninstall takes no options');
  const had = await removeFromLogon();
  console.log(had ? 'counterprint-agent will no longer start when you log on.' : 'counterprint-agent was not set to start at logon.');
  return 0;
}

/** "1-2,5" → [[1, 2], [5, 5]] */
function parsePages(pages: string): [number, number][] {
  return pages.split(',').map((part) => {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!match) throw new UsageError(`--pages must be page numbers such as 1-3,5 (not '${part.slice(0, 20)}')`);
    const from = Number(match[1]);
    return [from, match[2] === undefined ? from : Number(match[2])];
  });
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage());
    return 0;
  }
  if (name === '--version' || name === 'version') {
    console.log(`counterprint-agent ${AGENT_VERSION}`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command: ${name}\n\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(args);
  } catch (error) {
    // RangeError: an option printDocument found wrong, such as --copies 0.
    if (
      error instanceof UsageError ||
      error instanceof RangeError ||
      error instanceof PrinterAddressError ||
      error instanceof LogonInstallError ||
      (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`${(error as Error).message}\n\n${usage()}`);
      return 2;
    }
    console.error(error instanceof ConfigError ? (error as Error).message : `counterprint-agent: ${(error as Error).message}`);
    return 1;
  }
}

// No top-level await: the Windows package bundles this file as CommonJS (scripts/package-windows.mjs).
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
