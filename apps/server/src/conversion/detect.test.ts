import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOfficeCorpus, type OfficeCorpus, renameOle2Streams, zip } from '../../test/support/office-corpus.js';
import { DEFAULT_DETECT_LIMITS, detectDocument } from './detect.js';

let root: string;
let corpus: OfficeCorpus;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'detect-test-'));
  corpus = await buildOfficeCorpus(join(root, 'corpus'), { linkedImageUrl: 'http://127.0.0.1:9/x.png', macroMarker: join(root, 'marker') });
}, 60_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

async function file(name: string, content: Buffer | string): Promise<string> {
  const path = join(root, name);
  await writeFile(path, content);
  return path;
}

describe('detectDocument', () => {
  it.each([
    ['docx', () => corpus.docx[7]],
    ['pptx', () => corpus.pptx[7]],
    ['xlsx', () => corpus.xlsx[1]],
    ['odt', () => corpus.odt[7]],
    ['ods', () => corpus.ods],
    ['odp', () => corpus.odp],
    ['doc', () => corpus.doc],
    ['xls', () => corpus.xls],
    ['ppt', () => corpus.ppt],
    ['rtf', () => corpus.rtf[23]],
  ] as const)('knows a %s made by LibreOffice by its content', async (kind, path) => {
    expect(await detectDocument(path())).toEqual({ ok: true, kind });
  });

  it('goes by content, not name: a Word document called .pdf is a Word document', async () => {
    const renamed = await file('report.pdf', await readFile(corpus.docx[1]));
    expect(await detectDocument(renamed)).toEqual({ ok: true, kind: 'docx' });
  });

  it('knows a PDF', async () => {
    expect(await detectDocument(await file('a.bin', '%PDF-1.7\n%…'))).toEqual({ ok: true, kind: 'pdf' });
  });

  it('tells CSV from plain text, UTF-8 from Latin-1', async () => {
    expect(await detectDocument(await file('a.csv', 'name,copies\nरमेश,2\nSita,3\n'))).toEqual({
      ok: true,
      kind: 'csv',
      encoding: 'utf-8',
      delimiter: ',',
    });
    expect(await detectDocument(await file('b.txt', Buffer.from('Café au lait\nthree lines, one comma\nhere\n', 'latin1')))).toEqual({
      ok: true,
      kind: 'txt',
      encoding: 'latin-1',
    });
    expect(await detectDocument(await file('c.txt', 'a;b;c\n1;2;3\n'))).toMatchObject({ kind: 'csv', delimiter: ';' });
  });

  it('refuses binary content it does not know, and an empty file', async () => {
    expect(await detectDocument(await file('x.docx', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2])))).toMatchObject({
      ok: false,
      reason: 'unsupported',
    });
    expect(await detectDocument(await file('empty.txt', ''))).toMatchObject({ ok: false, reason: 'unsupported' });
    const plainZip = await file('photos.docx', zip([{ name: 'a.jpg', content: Buffer.from('x') }]));
    expect(await detectDocument(plainZip)).toMatchObject({ ok: false, reason: 'unsupported' });
  });

  it('says damaged for a truncated DOCX', async () => {
    const truncated = await file('truncated.docx', (await readFile(corpus.docx[7])).subarray(0, 2500));
    expect(await detectDocument(truncated)).toMatchObject({ ok: false, reason: 'damaged' });
  });

  it('refuses a ZIP bomb named .docx from its central directory, without inflating it', async () => {
    const zeros = Buffer.alloc(8 * 1024 * 1024);
    const entries = [{ name: 'word/document.xml', content: Buffer.from('<w:document/>') }];
    for (let i = 0; i < 70; i++) entries.push({ name: `word/media/image${i}.png`, content: zeros });
    const bomb = await file('invoice.docx', zip(entries));
    expect((await readFile(bomb)).length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    expect(await detectDocument(bomb)).toMatchObject({ ok: false, reason: 'too-complex' });
    expect(Date.now() - started).toBeLessThan(1000);
    // Under the caps the same shape is a DOCX: the refusal is the caps', not the shape's.
    expect(await detectDocument(bomb, { ...DEFAULT_DETECT_LIMITS, maxZipUncompressedBytes: 2 ** 40 })).toEqual({ ok: true, kind: 'docx' });
    expect(await detectDocument(bomb, { maxZipUncompressedBytes: 2 ** 40, maxZipEntries: 10 })).toMatchObject({ reason: 'too-complex' });
  });

  it('refuses a ZIP bomb that understates its sizes, by inflating each entry no further than it declared', async () => {
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const liar = await file(
      'letter.docx',
      zip([
        { name: 'word/document.xml', content: Buffer.from('<w:document/>') },
        { name: 'word/media/image1.png', content: zeros, declaredSize: 1000 },
      ]),
    );
    expect((await readFile(liar)).length).toBeLessThan(1024 * 1024);
    // Its directory alone is innocent: 1 KB declared.
    expect(await detectDocument(liar)).toMatchObject({ ok: false, reason: 'too-complex', detail: expect.stringContaining('image1.png') });
    // The same lie in an ODF manifest, which is read to look for a password.
    const odt = zip([
      { name: 'mimetype', content: Buffer.from('application/vnd.oasis.opendocument.text') },
      { name: 'META-INF/manifest.xml', content: zeros, declaredSize: 100 },
    ]);
    expect(await detectDocument(await file('letter.odt', odt))).toMatchObject({ ok: false, reason: 'too-complex' });
    // The same archive telling the truth is a DOCX under the default caps.
    const honest = await file(
      'honest.docx',
      zip([
        { name: 'word/document.xml', content: Buffer.from('<w:document/>') },
        { name: 'word/media/image1.png', content: zeros },
      ]),
    );
    expect(await detectDocument(honest)).toEqual({ ok: true, kind: 'docx' });
  });

  it('knows password-protected documents: ODF, Word 97, and OOXML inside OLE2', async () => {
    expect(await detectDocument(corpus.passwordOdt)).toMatchObject({ ok: false, reason: 'password-protected', kind: 'odt' });
    expect(await detectDocument(corpus.passwordDoc)).toMatchObject({ ok: false, reason: 'password-protected', kind: 'doc' });
    expect(await detectDocument(corpus.passwordDocx)).toMatchObject({ ok: false, reason: 'password-protected' });
    // The same shape as Office's own, with no encryption behind it: the streams' names alone decide.
    const ooxml = renameOle2Streams(await readFile(corpus.doc), { WordDocument: 'EncryptedPackage', '1Table': 'EncryptionInfo' });
    expect(await detectDocument(await file('locked.docx', ooxml))).toMatchObject({ ok: false, reason: 'password-protected' });
  });

  it('says damaged for an OLE2 file whose directory leads nowhere', async () => {
    const broken = Buffer.from(await readFile(corpus.doc));
    broken.writeUInt32LE(0x7fffffff, 0x30);
    expect(await detectDocument(await file('broken.doc', broken))).toMatchObject({ ok: false, reason: 'damaged' });
  });
});
