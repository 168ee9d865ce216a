import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { DocumentKind } from '@counterprint/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zip } from '../../test/support/office-corpus.js';
import { DocumentConverter } from './converter.js';
import { detectDocument } from './detect.js';

// Real LibreOffice in its sandbox, fed documents that name files on the server's disk.
const logger = pino({ level: 'silent' });
let root: string;
let dataDir: string;
let work: string;
let converter: DocumentConverter;
const SECRET_TEXT = 'SERVERSECRETLINE';

/** A PNG of one colour, `size` pixels square. */
function png(size: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x7f)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF whose only text is `text`. */
function pdfWithText(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 700 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const includePicture = (path: string) =>
  `{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\f0 Before {\\field{\\*\\fldinst INCLUDEPICTURE "${path}" \\\\d}{\\fldrslt stored}} after\\par}`;

/** The PDF's images (pdfimages -list rows) and text. */
async function look(pdf: Buffer): Promise<{ images: string[]; text: string }> {
  const file = join(root, `look-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  return { images, text };
}

async function convert(name: string, content: Buffer | string, kind?: DocumentKind) {
  const path = join(root, name);
  await writeFile(path, content);
  const detected = await detectDocument(path);
  if (!detected.ok) throw new Error(`${name}: detect said ${detected.reason}`);
  return converter.convert({ shopId: 'shop-a', address: 'uploader-a', input: { path }, detected: kind ? { ...detected, kind } : detected });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'confinement-test-'));
  dataDir = join(root, 'data');
  work = join(root, 'work');
  await mkdir(join(dataDir, 'blobs'), { recursive: true });
  await mkdir(work);
  await writeFile(join(dataDir, 'blobs', 'secret.png'), png(40));
  await writeFile(join(dataDir, 'blobs', 'secret.pdf'), pdfWithText(SECRET_TEXT));
  converter = new DocumentConverter({ logger, concurrency: 1, tmpRoot: work });
  expect(converter.available()).toBe(true);
}, 60_000);

afterAll(async () => {
  await converter?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('LibreOffice sees no file of the server', () => {
  it("an RTF's INCLUDEPICTURE of a PNG or a PDF on the server's disk puts neither in the PDF", async () => {
    for (const target of ['secret.png', 'secret.pdf']) {
      const result = await convert(`include-${target}.rtf`, includePicture(join(dataDir, 'blobs', target)));
      expect(result).toMatchObject({ ok: true, pages: 1 });
      if (!result.ok) continue;
      const { images, text } = await look(result.pdf);
      expect(images).toEqual([]);
      expect(text).not.toContain(SECRET_TEXT);
      expect(text).toContain('Before');
    }
  }, 60_000);

  it('the sandbox alone keeps them out: the same RTF handed over unstripped (as a file LibreOffice types itself)', async () => {
    for (const target of ['secret.png', 'secret.pdf']) {
      const result = await convert(`unstripped-${target}.rtf`, includePicture(join(dataDir, 'blobs', target)), 'ole2-office');
      expect(result).toMatchObject({ ok: true, pages: 1 });
      if (!result.ok) continue;
      const { images, text } = await look(result.pdf);
      expect(images).toEqual([]);
      expect(text).not.toContain(SECRET_TEXT);
    }
  }, 60_000);

  it('a reference to a file that exists and to one that does not come out the same (no oracle)', async () => {
    const outcomes = [];
    for (const target of [join(dataDir, 'secrets.json'), join(dataDir, 'no-such-file.txt')]) {
      await writeFile(join(dataDir, 'secrets.json'), '{"jwtSecret":"x"}');
      for (const kind of [undefined, 'ole2-office'] as const) {
        const result = await convert('probe.rtf', includePicture(target), kind);
        outcomes.push(result.ok ? { ok: true, pages: result.pages, ...(await look(result.pdf)) } : { ok: false, reason: result.reason });
      }
    }
    expect(outcomes[0]).toMatchObject({ ok: true, images: [] });
    expect(outcomes.slice(1)).toEqual([outcomes[0], outcomes[0], outcomes[0]]);
  }, 60_000);

  it("an ODT's file-name field does not print the server's folder", async () => {
    const content = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3"><office:body><office:text><text:p>Name: <text:file-name text:display="full">x</text:file-name> end</text:p></office:text></office:body></office:document-content>`;
    const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`;
    const odt = zip([
      { name: 'mimetype', content: Buffer.from('application/vnd.oasis.opendocument.text') },
      { name: 'content.xml', content: Buffer.from(content) },
      { name: 'META-INF/manifest.xml', content: Buffer.from(manifest) },
    ]);
    const result = await convert('file-name.odt', odt);
    expect(result).toMatchObject({ ok: true, pages: 1 });
    if (!result.ok) return;
    const { text } = await look(result.pdf);
    expect(text).toContain('Name:');
    expect(text).not.toContain(root);
    expect(text).not.toContain(tmpdir());
  }, 30_000);
});
