import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsFor } from './run.js';
import { pdfOfPages } from './test-support/documents.js';
import { freePort, PrinterLab, type TestPrinter } from './test-support/printer-lab.js';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

let lab: PrinterLab;
let mono: TestPrinter;
let colour: TestPrinter;
let dir: string;

beforeAll(async () => {
  lab = await PrinterLab.open();
  [mono, colour] = await Promise.all([lab.start({ name: 'CLI BW' }), lab.start({ name: 'CLI Colour', color: true, duplex: true })]);
  dir = await mkdtemp(path.join(tmpdir(), 'counterprint-agent-cli-'));
});

afterAll(async () => {
  await lab?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function agent(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('counterprint-agent', () => {
  it('lists its commands', async () => {
    const { code, stdout } = await agent('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('counterprint-agent printers <ipp-uri>...');
    expect(stdout).toContain('counterprint-agent print <ipp-uri> <file.pdf>');
    expect(stdout).toContain('counterprint-agent pair <CODE> --server <URL> [--name NAME] [--config FILE]');
    expect(stdout).toContain(
      'counterprint-agent run [--discover] [--printer <ipp-uri>|cups:QUEUE|"windows:PRINTER NAME" ...] [--config FILE] [--journal DIR]',
    );
  });

  it('describes printers as JSON', async () => {
    const { code, stdout } = await agent('printers', mono.uri, colour.uri);
    expect(code).toBe(0);
    const printers = JSON.parse(stdout) as { name: string; color: boolean; duplex: boolean; state: string }[];
    expect(printers.map(({ name, color, duplex, state }) => ({ name, color, duplex, state }))).toEqual([
      { name: 'CLI BW', color: false, duplex: false, state: 'idle' },
      { name: 'CLI Colour', color: true, duplex: true, state: 'idle' },
    ]);
  });

  it('prints a PDF with the options given and follows it to the end', async () => {
    const file = path.join(dir, 'flyer.pdf');
    await writeFile(file, pdfOfPages(4));
    const { code, stdout } = await agent(
      'print',
      colour.uri,
      file,
      '--copies',
      '2',
      '--sides',
      'double',
      '--color',
      'color',
      '--pages',
      '1-2,4',
      '--media',
      'A4',
    );
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^sent: printer job \d+$/);
    expect(lines.at(-1)).toMatch(/^completed/);
    const record = (await colour.records()).at(-1);
    expect(record).toMatchObject({
      IPP_JOB_NAME: 'flyer.pdf',
      IPP_COPIES: '2',
      IPP_SIDES: 'two-sided-long-edge',
      IPP_PRINT_COLOR_MODE: 'color',
      IPP_PAGE_RANGES: '1-2,4-4',
      IPP_MEDIA: 'iso_a4_210x297mm',
    });
  });

  it('confirms a printer held after a short job, so it may print again', async () => {
    const journal = path.join(dir, 'confirm-journal');
    const printer = 'ipp://192.168.1.40:631/ipp/print';
    await holdsFor(journal).hold({ printer, jobId: 'j', fileId: 'f', message: 'Printed 5 of 6 sheets', at: new Date().toISOString() });
    const first = await agent('confirm', printer, '--journal', journal);
    expect(first).toMatchObject({ code: 0, stdout: `${printer} may print again.\n` });
    expect(await holdsFor(journal).get(printer)).toBeNull();
    expect((await agent('confirm', printer, '--journal', journal)).stdout).toBe(`${printer} was not on hold.\n`);
  });

  it('says what the printer cannot do, and exits 1', async () => {
    const file = path.join(dir, 'photo.pdf');
    await writeFile(file, pdfOfPages(1));
    const { code, stdout } = await agent('print', mono.uri, file, '--color', 'color');
    expect(code).toBe(1);
    expect(stdout).toBe('not supported by the printer: print-color-mode=color\nrefused: This printer prints black and white only\n');
  });

  it('answers bad use with usage, and exits 2', async () => {
    const missing = await agent('print', mono.uri);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('print needs a printer address and one PDF file');
    const pages = await agent('print', mono.uri, 'x.pdf', '--pages', '1-a');
    expect(pages.code).toBe(2);
    expect(pages.stderr).toContain("--pages must be page numbers such as 1-3,5 (not '1-a')");
    const file = path.join(dir, 'one.pdf');
    await writeFile(file, pdfOfPages(1));
    const copies = await agent('print', mono.uri, file, '--copies', 'two');
    expect(copies.code).toBe(2);
    expect(copies.stderr).toContain('copies must be a whole number from 1');
    const missingFile = await agent('print', mono.uri, path.join(dir, 'nowhere.pdf'));
    expect(missingFile.stderr).toContain(`Cannot read ${path.join(dir, 'nowhere.pdf')}`);
    expect((await agent('pair')).code).toBe(2);
  });

  it('checks install’s options as run would, before anything is written for logon', async () => {
    const typo = await agent('install', '--discovr');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("Unknown option '--discovr'");
    const port = await agent('install', '--discover', '--status-port', '70000');
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('--status-port must be a port number from 1 to 65535');
    const nothing = await agent('install', '--no-status-page');
    expect(nothing.stderr).toContain('run needs at least one --printer');
    // Sound options get as far as the logon start, which only Windows has.
    if (process.platform !== 'win32') {
      const discover = await agent('install', '--discover');
      expect(discover.code).toBe(2);
      expect(discover.stderr).toContain('install and uninstall are for Windows');
    }
  });

  it('says plainly why pairing or running cannot start', async () => {
    const config = path.join(dir, 'never', 'config.json');
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const code = await agent('pair', 'ABC', '--server', nobody, '--config', config);
    expect(code.code).toBe(2);
    expect(code.stderr).toContain('code must be the 8 letters and digits shown in Settings → Printers');
    const noServer = await agent('pair', 'ABCD-2345', '--config', config);
    expect(noServer.stderr).toContain("pair needs --server, the shop's Counterprint address");
    const unreachable = await agent('pair', 'ABCD-2345', '--server', nobody, '--config', config);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toBe(`Cannot reach ${nobody} (ECONNREFUSED). Check the address and this PC's internet connection.\n`);
    const notPaired = await agent('run', '--printer', mono.uri, '--config', config);
    expect(notPaired.code).toBe(1);
    expect(notPaired.stderr).toBe(`This agent is not paired yet (no ${config}): run counterprint-agent pair CODE --server URL\n`);
    const noPrinter = await agent('run', '--config', config);
    expect(noPrinter.code).toBe(2);
    expect(noPrinter.stderr).toContain('run needs at least one --printer ipp://…');
  });
});
