import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOfficeCorpus, canUnshareNetwork, type OfficeCorpus, runSoffice } from '../../test/support/office-corpus.js';
import { type ConversionResult, DocumentConverter } from './converter.js';
import { detectDocument } from './detect.js';
import { DEFAULT_LIBREOFFICE_LIMITS, findSoffice, LibreOffice } from './libreoffice.js';

// Real LibreOffice, sequentially (one conversion at a time keeps this file near 60 s on 2 cores).
const logger = pino({ level: 'silent' });
let root: string;
let work: string;
let corpus: OfficeCorpus;
let listener: Server;
let requests: string[];
let marker: string;
let converter: DocumentConverter;
const timings: Record<string, number> = {};

async function convertFile(path: string, label: string, c: DocumentConverter = converter): Promise<ConversionResult> {
  const detected = await detectDocument(path);
  if (!detected.ok) throw new Error(`${label}: detect said ${detected.reason} (${detected.detail})`);
  const result = await c.convert({ shopId: 'shop-a', input: { path }, detected });
  timings[label] = result.ms;
  return result;
}

/** Live (not zombie) processes whose command line mentions `needle`. */
function processesMentioning(needle: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      if (cmd.includes(needle) && state !== 'Z') found.push(`${pid} ${cmd}`);
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

beforeAll(async () => {
  if (!findSoffice()) throw new Error('LibreOffice is not installed: apt-get install libreoffice-writer-nogui (see .ci/run)');
  root = await mkdtemp(join(tmpdir(), 'conversion-test-'));
  work = join(root, 'work');
  await mkdir(work);
  marker = join(root, 'the-macro-ran');
  requests = [];
  listener = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  const { port } = listener.address() as AddressInfo;
  corpus = await buildOfficeCorpus(join(root, 'corpus'), { linkedImageUrl: `http://127.0.0.1:${port}/x.png`, macroMarker: marker });
  converter = new DocumentConverter({ logger, concurrency: 1, tmpRoot: work });
}, 60_000);

afterAll(async () => {
  listener?.close();
  if (root) await rm(root, { recursive: true, force: true });
  // Measured numbers for the report: ms per conversion, soffice start included.
  console.info('conversion ms:', JSON.stringify(timings));
});

describe('DocumentConverter with LibreOffice', () => {
  it('is available here and converts in a network namespace of its own', () => {
    expect(converter.available()).toBe(true);
    expect(converter.networkIsolated).toBe(canUnshareNetwork());
  });

  it.each([
    ['docx', 1],
    ['docx', 7],
    ['docx', 23],
  ] as const)('a %s of %i pages gives a PDF of exactly that many pages', async (_, pages) => {
    const result = await convertFile(corpus.docx[pages], `docx-${pages}`);
    expect(result).toMatchObject({ ok: true, pages });
    if (result.ok) expect(result.pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it.each([
    ['odt', () => corpus.odt7, 7],
    ['rtf', () => corpus.rtf23, 23],
    ['pptx', () => corpus.pptx7, 7],
    ['xlsx', () => corpus.xlsx1, 1],
  ] as const)('an %s gives a PDF of its real page count', async (kind, file, pages) => {
    expect(await convertFile(file(), kind)).toMatchObject({ ok: true, pages });
  });

  it.each([
    ['a UTF-8 CSV', 'orders.csv', Buffer.from('name,copies\nरमेश,2\nSita,3\n'), 'रमेश'],
    ['a Latin-1 text', 'notes.txt', Buffer.from('Café au lait\nsecond line\n', 'latin1'), 'Café au lait'],
  ])('converts %s in its own encoding', async (_, name, content, expected) => {
    const path = join(root, name);
    await writeFile(path, content);
    const result = await convertFile(path, name);
    expect(result).toMatchObject({ ok: true, pages: 1 });
    if (!result.ok) return;
    await writeFile(`${path}.pdf`, result.pdf);
    expect(execFileSync('pdftotext', [`${path}.pdf`, '-'], { encoding: 'utf8' })).toContain(expected);
  });

  it('converts a Devanagari DOCX with a Devanagari font embedded', async () => {
    const result = await convertFile(corpus.devanagariDocx, 'devanagari');
    expect(result).toMatchObject({ ok: true, pages: 1 });
    if (!result.ok) return;
    const pdf = join(root, 'devanagari.pdf');
    await writeFile(pdf, result.pdf);
    const fonts = execFileSync('pdffonts', [pdf], { encoding: 'utf8' });
    const notoInstalled = execFileSync('fc-list', [':lang=hi', 'family'], { encoding: 'utf8' }).includes('Noto');
    if (notoInstalled) expect(fonts).toMatch(/Noto\S*Devanagari/);
    else expect(fonts).toMatch(/Devanagari|Lohit|Mangal|Gargi/i);
  });

  it('never fetches an image the document links to', async () => {
    // The control: an ordinary LibreOffice does fetch it, so the document really asks for it.
    const control = join(root, 'control');
    await runSoffice([
      `-env:UserInstallation=file://${join(control, 'profile')}`,
      '--headless',
      '--norestore',
      '--convert-to',
      'pdf',
      '--outdir',
      control,
      corpus.linkedImageDocx,
    ]);
    expect(requests.length).toBeGreaterThan(0);
    requests.length = 0;

    expect(await convertFile(corpus.linkedImageDocx, 'linked-image')).toMatchObject({ ok: true, pages: 1 });
    expect(requests).toEqual([]);
    // And without the network namespace, the profile's settings alone keep it from fetching.
    const settingsOnly = new DocumentConverter({ logger, concurrency: 1, tmpRoot: work, isolateNetwork: false });
    expect(settingsOnly.networkIsolated).toBe(false);
    expect(await convertFile(corpus.linkedImageDocx, 'linked-image-settings-only', settingsOnly)).toMatchObject({ ok: true });
    expect(requests).toEqual([]);
  });

  it('never runs a macro in the document', async () => {
    // The control: opened by a LibreOffice that allows macros, the document writes the marker.
    const control = join(root, 'macro-control', 'user');
    await mkdir(control, { recursive: true });
    await writeFile(
      join(control, 'registrymodifications.xcu'),
      '<?xml version="1.0" encoding="UTF-8"?><oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>0</value></prop></item></oor:items>',
    );
    const opened = runSoffice(
      [`-env:UserInstallation=file://${join(root, 'macro-control')}`, '--headless', '--norestore', corpus.macroOdt],
      {
        timeoutMs: 20_000,
      },
    );
    const deadline = Date.now() + 20_000;
    while (!existsSync(marker) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    for (const line of processesMentioning(join(root, 'macro-control'))) process.kill(Number(line.split(' ')[0]), 'SIGKILL');
    await opened;
    expect(existsSync(marker)).toBe(true);
    await rm(marker);

    expect(await convertFile(corpus.macroOdt, 'macro')).toMatchObject({ ok: true, pages: 1 });
    expect(existsSync(marker)).toBe(false);
  }, 45_000);

  it('gives up a conversion past its time limit as too complex, and leaves no process behind', async () => {
    const hurried = new DocumentConverter({ logger, concurrency: 1, tmpRoot: work, limits: { timeoutMs: 700 } });
    const result = await convertFile(corpus.docx[23], 'time-limit', hurried);
    expect(result).toMatchObject({ ok: false, reason: 'too-complex' });
    await new Promise((r) => setTimeout(r, 300));
    expect(processesMentioning(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
  });

  it('says damaged when LibreOffice cannot open the file', async () => {
    const truncated = join(root, 'truncated.docx');
    await writeFile(truncated, (await readFile(corpus.docx[7])).subarray(0, 2500));
    // detect refuses it first; LibreOffice on its own says the same.
    expect(await detectDocument(truncated)).toMatchObject({ ok: false, reason: 'damaged' });
    const office = new LibreOffice({ soffice: findSoffice()!, limits: DEFAULT_LIBREOFFICE_LIMITS, logger, tmpRoot: work });
    expect(await office.toPdf({ path: truncated, kind: 'docx' })).toMatchObject({ ok: false, reason: 'damaged' });
  });

  it('refuses a password-protected document before converting it', async () => {
    for (const file of [corpus.passwordOdt, corpus.passwordDoc]) {
      expect(await detectDocument(file)).toMatchObject({ ok: false, reason: 'password-protected' });
    }
  });

  it('converts from memory as well as from a file, and removes every temporary file', async () => {
    const detected = await detectDocument(corpus.docx[1]);
    if (!detected.ok) throw new Error('detect');
    const result = await converter.convert({ shopId: 'shop-b', input: { buffer: await readFile(corpus.docx[1]) }, detected });
    expect(result).toMatchObject({ ok: true, pages: 1 });
    expect(readdirSync(work)).toEqual([]);
  });
});

describe('DocumentConverter without LibreOffice', () => {
  it('starts, says it is off, and refuses to convert', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => lines.push(l) });
    const off = new DocumentConverter({ logger: log, soffice: '/nonexistent/soffice' });
    expect(off.available()).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('document conversion is off');
    await expect(off.convert({ shopId: 's', input: { path: '/dev/null' }, detected: { ok: true, kind: 'docx' } })).rejects.toThrow(/off/);
  });
});
