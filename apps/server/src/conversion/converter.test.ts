import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOfficeCorpus, CORPUS_PAGES, type OfficeCorpus, runSoffice } from '../../test/support/office-corpus.js';
import { processesMentioning } from '../../test/support/processes.js';
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
  const result = await c.convert({ shopId: 'shop-a', address: 'one-sender', input: { path }, detected });
  timings[label] = result.ms;
  return result;
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
  await converter?.stop();
  if (root) await rm(root, { recursive: true, force: true });
  // Measured numbers for the report: ms per conversion, soffice start included.
  console.info('conversion ms:', JSON.stringify(timings));
});

describe('DocumentConverter with LibreOffice', () => {
  it('is available here and converts in a network namespace of its own', () => {
    expect(converter.available()).toBe(true);
    // bubblewrap's namespaces, network included, are a condition of converting at all.
    expect(converter.networkIsolated).toBe(true);
  });

  const kinds = ['docx', 'odt', 'rtf', 'pptx', 'xlsx'] as const;
  it.each(kinds.flatMap((kind) => CORPUS_PAGES.map((pages) => [kind, pages] as const)))(
    'a %s of %i pages gives a PDF of exactly that many pages',
    async (kind, pages) => {
      const result = await convertFile(corpus[kind][pages], `${kind}-${pages}`);
      expect(result).toMatchObject({ ok: true, pages });
      if (result.ok) expect(result.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    },
  );

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

  // .ci/run installs fonts-noto-core, so each script must be drawn with its own Noto font.
  it.each(['Devanagari', 'Tamil', 'Bengali'] as const)('converts a %s DOCX with the Noto font of that script embedded', async (script) => {
    const result = await convertFile(corpus.indicDocx[script], script);
    expect(result).toMatchObject({ ok: true, pages: 1 });
    if (!result.ok) return;
    const pdf = join(root, `${script}.pdf`);
    await writeFile(pdf, result.pdf);
    expect(execFileSync('pdffonts', [pdf], { encoding: 'utf8' })).toMatch(new RegExp(`Noto\\S*${script}`));
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
    await settingsOnly.stop();
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
    const own = join(root, 'hurried');
    await mkdir(own);
    const hurried = new DocumentConverter({ logger, concurrency: 1, tmpRoot: own, limits: { timeoutMs: 700 } });
    try {
      // A warm soffice first, so that the time limit falls on a conversion, not on a start.
      expect(await convertFile(corpus.docx[1], 'warm-up', hurried)).toMatchObject({ ok: true });
      // Thousands of pages: seconds of work even for a warm soffice.
      const long = join(root, 'long.csv');
      await writeFile(long, Array.from({ length: 60_000 }, (_, i) => `${i},row ${i},${i * 7},${i % 13}\n`).join(''));
      const result = await convertFile(long, 'time-limit', hurried);
      expect(result).toMatchObject({ ok: false, reason: 'too-complex' });
      await new Promise((r) => setTimeout(r, 300));
      expect(processesMentioning(own)).toEqual([]);
      expect(hurried.processes.alive).toEqual([]);
      // Only the template profile is left, until the converter stops.
      expect(readdirSync(own).map((n) => n.replace(/-[^-]+$/, ''))).toEqual(['counterprint-office-template']);
    } finally {
      await hurried.stop();
    }
    expect(readdirSync(own)).toEqual([]);
  }, 30_000);

  it('cuts a conversion short at the shorter limit its request asks for (a document already cut short once)', async () => {
    const long = join(root, 'long-retried.csv');
    await writeFile(long, Array.from({ length: 60_000 }, (_, i) => `${i},row ${i},${i * 7},${i % 13}\n`).join(''));
    const detected = await detectDocument(long);
    if (!detected.ok) throw new Error(`detect said ${detected.reason}`);
    const result = await converter.convert({ shopId: 'shop-a', address: 'one-sender', input: { path: long }, detected, timeoutMs: 700 });
    expect(result).toMatchObject({ ok: false, reason: 'too-complex', detail: 'still converting after 700 ms' });
  }, 30_000);

  it('says damaged when LibreOffice cannot open the file', async () => {
    const truncated = join(root, 'truncated.docx');
    await writeFile(truncated, (await readFile(corpus.docx[7])).subarray(0, 2500));
    // detect refuses it first; LibreOffice on its own says the same.
    expect(await detectDocument(truncated)).toMatchObject({ ok: false, reason: 'damaged' });
    const office = new LibreOffice({ soffice: findSoffice()!, limits: DEFAULT_LIBREOFFICE_LIMITS, logger, tmpRoot: work });
    expect(await office.toPdf({ path: truncated, kind: 'docx' })).toMatchObject({ ok: false, reason: 'damaged' });
    await office.close();
  });

  it('refuses a password-protected document before converting it', async () => {
    for (const file of [corpus.passwordOdt, corpus.passwordDoc, corpus.passwordDocx]) {
      expect(await detectDocument(file)).toMatchObject({ ok: false, reason: 'password-protected' });
    }
  });

  it('converts from memory as well as from a file, and removes every temporary file', async () => {
    const detected = await detectDocument(corpus.docx[1]);
    if (!detected.ok) throw new Error('detect');
    const result = await converter.convert({
      shopId: 'shop-b',
      address: 'one-sender',
      input: { buffer: await readFile(corpus.docx[1]) },
      detected,
    });
    expect(result).toMatchObject({ ok: true, pages: 1 });
    // What stays is the warm soffice's own folder and the template profile; nothing of a conversion.
    expect(readdirSync(work).filter((n) => !n.startsWith('counterprint-office-'))).toEqual([]);
  });
});

describe('a warm LibreOffice', () => {
  /** The folders of the soffice processes alive under `dir` (the template's aside). */
  const officeDirs = (dir: string) => readdirSync(dir).filter((n) => n.startsWith('counterprint-office-') && !n.includes('template'));

  it('serves a set number of conversions, then a fresh soffice with a fresh profile takes over', async () => {
    const own = join(root, 'reuse');
    await mkdir(own);
    const reused = new DocumentConverter({ logger, concurrency: 1, tmpRoot: own, conversionsPerProcess: 2 });
    try {
      expect(await convertFile(corpus.docx[1], 'reuse-1', reused)).toMatchObject({ ok: true, pages: 1 });
      const first = reused.processes;
      expect(first.started).toBe(1);
      expect(first.alive).toHaveLength(1);
      // What a document might leave in the profile: a changed registry and a file of its own.
      const [dir] = officeDirs(own);
      const registry = join(own, dir!, 'profile', 'user', 'registrymodifications.xcu');
      await writeFile(registry, (await readFile(registry, 'utf8')).replace('<value>3</value>', '<value>0</value>'));
      await writeFile(join(own, dir!, 'profile', 'user', 'left-behind'), 'x');

      expect(await convertFile(corpus.docx[7], 'reuse-2', reused)).toMatchObject({ ok: true, pages: 7 });
      // Retired after its second: gone with its profile (a replacement may be starting already).
      expect(processesMentioning(join(own, dir!))).toEqual([]);
      expect(existsSync(join(own, dir!))).toBe(false);

      expect(await convertFile(corpus.docx[1], 'reuse-3', reused)).toMatchObject({ ok: true, pages: 1 });
      const second = reused.processes;
      expect(second.started).toBe(2);
      expect(second.alive).toHaveLength(1);
      expect(second.alive[0]).not.toBe(first.alive[0]);
      const [fresh] = officeDirs(own);
      expect(fresh).not.toBe(dir);
      const profile = join(own, fresh!, 'profile', 'user');
      expect(existsSync(join(profile, 'left-behind'))).toBe(false);
      expect(readFileSync(join(profile, 'registrymodifications.xcu'), 'utf8')).toMatch(/MacroSecurityLevel" oor:op="fuse"><value>3</);
    } finally {
      await reused.stop();
    }
    expect(processesMentioning(own)).toEqual([]);
    expect(readdirSync(own)).toEqual([]);
  }, 60_000);

  it('replaces the soffice after a conversion that gave no PDF, and after one that crashed it', async () => {
    const own = join(root, 'retire');
    await mkdir(own);
    const retiring = new DocumentConverter({ logger, concurrency: 1, tmpRoot: own });
    const truncated = join(root, 'truncated-again.docx');
    await writeFile(truncated, (await readFile(corpus.docx[7])).subarray(0, 2500));
    try {
      expect(await convertFile(corpus.docx[1], 'retire-warm', retiring)).toMatchObject({ ok: true });
      // detect would refuse this file; handed over as a DOCX anyway, LibreOffice cannot load it.
      const damaged = await retiring.convert({
        shopId: 's',
        address: 'one-sender',
        input: { path: truncated },
        detected: { ok: true, kind: 'docx' },
      });
      expect(damaged).toMatchObject({ ok: false, reason: 'damaged' });
      expect(retiring.processes).toEqual({ started: 1, alive: [] });
      // Nor does a password it is not given make it wait for one.
      const locked = await retiring.convert({
        shopId: 's',
        address: 'one-sender',
        input: { path: corpus.passwordOdt },
        detected: { ok: true, kind: 'odt' },
      });
      expect(locked).toMatchObject({ ok: false, reason: 'damaged' });
      expect(retiring.processes).toEqual({ started: 2, alive: [] });

      expect(await convertFile(corpus.docx[1], 'retire-next', retiring)).toMatchObject({ ok: true });
      const [pid] = retiring.processes.alive;
      expect(retiring.processes.started).toBe(3);
      // A crash while idle: the next conversion gets a new soffice, not an error.
      process.kill(-pid!, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 200));
      expect(await convertFile(corpus.docx[7], 'after-crash', retiring)).toMatchObject({ ok: true, pages: 7 });
      expect(retiring.processes.started).toBe(4);
    } finally {
      await retiring.stop();
    }
    expect(processesMentioning(own)).toEqual([]);
  }, 60_000);
});

describe('DocumentConverter without LibreOffice', () => {
  it('starts, says it is off, and refuses to convert', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => lines.push(l) });
    const off = new DocumentConverter({ logger: log, soffice: '/nonexistent/soffice' });
    expect(off.available()).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('document conversion is off');
    await expect(
      off.convert({ shopId: 's', address: 'one-sender', input: { path: '/dev/null' }, detected: { ok: true, kind: 'docx' } }),
    ).rejects.toThrow(/off/);
  });

  it('without bubblewrap it never runs LibreOffice: conversion is off, and it says so as an error', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => lines.push(l) });
    const unconfined = new DocumentConverter({ logger: log, bwrap: '/nonexistent/bwrap' });
    expect(unconfined.available()).toBe(false);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 50, msg: expect.stringMatching(/^document conversion is off: bubblewrap/) });
    await expect(
      unconfined.convert({ shopId: 's', address: 'a', input: { path: '/dev/null' }, detected: { ok: true, kind: 'docx' } }),
    ).rejects.toThrow(/off/);
  });
});
