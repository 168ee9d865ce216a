import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ZipEntry, zipArchive } from './zip.js';

/**
 * Office documents made at test time by LibreOffice itself from flat-XML sources, so that no binary
 * fixture is downloaded or committed. One soffice run (a Basic macro in a builder profile of its own)
 * writes every file; it runs without network when `unshare` allows, so the linked image is never
 * fetched while building.
 */
/** The page counts every converted kind of the corpus comes in. */
export const CORPUS_PAGES = [1, 7, 23] as const;
export type CorpusPages = (typeof CORPUS_PAGES)[number];
type ByPages = Record<CorpusPages, string>;

export type OfficeCorpus = {
  dir: string;
  docx: ByPages;
  odt: ByPages;
  rtf: ByPages;
  pptx: ByPages;
  xlsx: ByPages;
  /** One DOCX a script, each a sentence in Hindi, Tamil or Bengali. */
  indicDocx: Record<IndicScript, string>;
  linkedImageDocx: string;
  macroOdt: string;
  doc: string;
  xls: string;
  ppt: string;
  ods: string;
  odp: string;
  passwordOdt: string;
  passwordDoc: string;
  /** Saved by LibreOffice with a password: an OLE2 file holding the encrypted OOXML package. */
  passwordDocx: string;
};

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
  'xmlns:script="urn:oasis:names:tc:opendocument:xmlns:script:1.0"',
  'xmlns:ooo="http://openoffice.org/2004/office"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:dom="http://www.w3.org/2001/xml-events"',
].join(' ');

function flat(mimetype: string, inner: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.${mimetype}">${inner}</office:document>\n`;
}

/** A text of `pages` pages: every paragraph after the first starts a new page. */
export function textWithPages(pages: number, words = 'Page'): string {
  const paras = Array.from({ length: pages }, (_, i) => `<text:p${i > 0 ? ' text:style-name="Break"' : ''}>${words} ${i + 1}</text:p>`);
  return flat(
    'text',
    '<office:automatic-styles><style:style style:name="Break" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style></office:automatic-styles>' +
      `<office:body><office:text>${paras.join('')}</office:text></office:body>`,
  );
}

function slides(count: number): string {
  const pages = Array.from(
    { length: count },
    (_, i) =>
      `<draw:page draw:name="s${i + 1}"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>Slide ${i + 1}</text:p></draw:text-box></draw:frame></draw:page>`,
  );
  return flat('presentation', `<office:body><office:presentation>${pages.join('')}</office:presentation></office:body>`);
}

function sheets(count: number): string {
  const tables = Array.from(
    { length: count },
    (_, i) =>
      `<table:table table:name="Sheet${i + 1}"><table:table-row><table:table-cell><text:p>Sheet ${i + 1}</text:p></table:table-cell></table:table-row></table:table>`,
  );
  return flat('spreadsheet', `<office:body><office:spreadsheet>${tables.join('')}</office:spreadsheet></office:body>`);
}

function linkedImage(url: string): string {
  return flat(
    'text',
    `<office:body><office:text><text:p>A picture from elsewhere: <draw:frame draw:name="picture" text:anchor-type="as-char" svg:width="2cm" svg:height="2cm"><draw:image xlink:href="${url}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p></office:text></office:body>`,
  );
}

/** A document whose Basic macro, run when it is opened, writes `marker`. */
function macroDocument(marker: string): string {
  const basic = `Sub Main\n  n = FreeFile\n  Open &quot;${marker}&quot; For Output As #n\n  Print #n, &quot;the macro ran&quot;\n  Close #n\nEnd Sub\n`;
  return flat(
    'text',
    '<office:scripts><office:script script:language="ooo:Basic"><ooo:libraries><ooo:library-embedded ooo:name="Standard">' +
      `<ooo:module ooo:name="Module1"><ooo:source-code>${basic}</ooo:source-code></ooo:module></ooo:library-embedded></ooo:libraries></office:script>` +
      '<office:event-listeners><script:event-listener script:language="ooo:script" script:event-name="dom:load" xlink:href="vnd.sun.star.script:Standard.Module1.Main?language=Basic&amp;location=document" xlink:type="simple"/></office:event-listeners>' +
      '</office:scripts><office:body><office:text><text:p>A document with a macro.</text:p></office:text></office:body>',
  );
}

/** Sentences in the scripts of the shops' customers, each of which needs its own font to print. */
export const INDIC_TEXT = {
  Devanagari: 'नमस्ते दुनिया। यह दस्तावेज़ हिंदी में है, और मराठी भाषेतही वाचता येतो.',
  Tamil: 'வணக்கம் உலகம். இந்த ஆவணம் தமிழில் உள்ளது.',
  Bengali: 'নমস্কার বিশ্ব। এই নথিটি বাংলায় লেখা।',
} as const;
export type IndicScript = keyof typeof INDIC_TEXT;
const INDIC_SCRIPTS = Object.keys(INDIC_TEXT) as IndicScript[];

/** [source, target, LibreOffice filter, password] for the builder macro. */
type Store = [string, string, string, string];

function builderModule(stores: Store[]): string {
  const q = (s: string) => `&quot;${s}&quot;`;
  const calls = stores.map(([src, dst, filter, pw]) => `  Save(${q(src)}, ${q(dst)}, ${q(filter)}, ${q(pw)})`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" script:language="StarBasic">
Sub Build
${calls}
End Sub

Sub Save(src As String, dst As String, filter As String, pw As String)
  On Error Goto Failed
  Dim load(0) As New com.sun.star.beans.PropertyValue
  load(0).Name = ${q('Hidden')}
  load(0).Value = True
  doc = StarDesktop.loadComponentFromURL(ConvertToURL(src), ${q('_blank')}, 0, load())
  Dim plain(0) As New com.sun.star.beans.PropertyValue
  plain(0).Name = ${q('FilterName')}
  plain(0).Value = filter
  Dim locked(1) As New com.sun.star.beans.PropertyValue
  locked(0).Name = ${q('FilterName')}
  locked(0).Value = filter
  locked(1).Name = ${q('Password')}
  locked(1).Value = pw
  REM OOXML takes its password as EncryptionData; without a CryptoType the export fails with a write error.
  Dim secret(1) As New com.sun.star.beans.NamedValue
  secret(0).Name = ${q('OOXPassword')}
  secret(0).Value = pw
  secret(1).Name = ${q('CryptoType')}
  secret(1).Value = ${q('Standard')}
  Dim ooxml(1) As New com.sun.star.beans.PropertyValue
  ooxml(0).Name = ${q('FilterName')}
  ooxml(0).Value = filter
  ooxml(1).Name = ${q('EncryptionData')}
  ooxml(1).Value = CreateUnoValue(${q('[]com.sun.star.beans.NamedValue')}, secret())
  If pw = ${q('')} Then
    doc.storeToURL(ConvertToURL(dst), plain())
  ElseIf InStr(filter, ${q('2007')}) &gt; 0 Then
    doc.storeToURL(ConvertToURL(dst), ooxml())
  Else
    doc.storeToURL(ConvertToURL(dst), locked())
  End If
  doc.close(True)
  Exit Sub
Failed:
  n = FreeFile
  Open dst &amp; ${q('.error')} For Output As #n
  Print #n, Error$
  Close #n
End Sub
</script:module>
`;
}

/**
 * A profile whose Standard library holds `module`, for running it with `macro:///`. LibreOffice
 * fills a new profile's Basic libraries from its presets on first start, so it starts once first.
 */
async function builderProfile(dir: string, module: string): Promise<string> {
  await runSoffice([`-env:UserInstallation=file://${dir}`, '--headless', '--norestore', '--terminate_after_init']);
  const standard = join(dir, 'user', 'basic', 'Standard');
  if (!existsSync(join(standard, 'script.xlb'))) throw new Error(`LibreOffice made no Basic library in ${dir}`);
  await writeFile(join(standard, 'Module1.xba'), module);
  return dir;
}

export function canUnshareNetwork(): boolean {
  return spawnSync('/usr/bin/unshare', ['--net', '--', '/bin/true'], { stdio: 'ignore' }).status === 0;
}

/** Runs soffice to the end, its whole process group killed if it overruns. */
export function runSoffice(args: string[], opts: { timeoutMs?: number; offline?: boolean } = {}): Promise<string> {
  const argv = opts.offline && canUnshareNetwork() ? ['/usr/bin/unshare', '--net', '--', 'soffice', ...args] : ['soffice', ...args];
  return new Promise((resolve, reject) => {
    // soffice's own temporary files and pipes go in a folder of this run's, removed when it ends.
    const tmp = mkdtempSync(join(tmpdir(), 'cp-soffice-'));
    const child = spawn(argv[0]!, argv.slice(1), {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TMPDIR: tmp },
    });
    let said = '';
    child.stdout.on('data', (c) => (said += c));
    child.stderr.on('data', (c) => (said += c));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), opts.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      rmSync(tmp, { recursive: true, force: true });
      resolve(said);
    });
  });
}

/** Every target of `stores` exists, or an error naming each missing one with what Basic said of it. */
function assertWritten(stores: Store[], said: string): void {
  const missing = stores.map(([, dst]) => dst).filter((p) => !existsSync(p));
  if (missing.length === 0) return;
  const why = missing.map((p) => `${p}: ${existsSync(`${p}.error`) ? readFileSync(`${p}.error`, 'utf8').trim() : 'no error recorded'}`);
  throw new Error(`LibreOffice did not write ${why.join('; ')}\n${said}`);
}

export async function buildOfficeCorpus(dir: string, opts: { linkedImageUrl: string; macroMarker: string }): Promise<OfficeCorpus> {
  const src = join(dir, 'src');
  await mkdir(src, { recursive: true });
  const sources: Record<string, string> = {
    ...Object.fromEntries(CORPUS_PAGES.map((n) => [`text${n}.fodt`, textWithPages(n)])),
    ...Object.fromEntries(CORPUS_PAGES.map((n) => [`slides${n}.fodp`, slides(n)])),
    ...Object.fromEntries(CORPUS_PAGES.map((n) => [`sheets${n}.fods`, sheets(n)])),
    ...Object.fromEntries(
      INDIC_SCRIPTS.map((script) => [
        `${script}.fodt`,
        flat('text', `<office:body><office:text><text:p>${INDIC_TEXT[script]}</text:p></office:text></office:body>`),
      ]),
    ),
    'linked.fodt': linkedImage(opts.linkedImageUrl),
    'macro.fodt': macroDocument(opts.macroMarker),
  };
  for (const [name, xml] of Object.entries(sources)) await writeFile(join(src, name), xml);

  const at = (name: string) => join(dir, name);
  const s = (name: string) => join(src, name);
  const byPages = (stem: string, ext: string) => Object.fromEntries(CORPUS_PAGES.map((n) => [n, at(`${stem}${n}.${ext}`)])) as ByPages;
  const c: OfficeCorpus = {
    dir,
    docx: byPages('text', 'docx'),
    odt: byPages('text', 'odt'),
    rtf: byPages('text', 'rtf'),
    pptx: byPages('slides', 'pptx'),
    xlsx: byPages('sheets', 'xlsx'),
    indicDocx: Object.fromEntries(INDIC_SCRIPTS.map((script) => [script, at(`${script}.docx`)])) as Record<IndicScript, string>,
    linkedImageDocx: at('linked.docx'),
    macroOdt: at('macro.odt'),
    doc: at('text1.doc'),
    xls: at('sheets1.xls'),
    ppt: at('slides7.ppt'),
    ods: at('sheets1.ods'),
    odp: at('slides7.odp'),
    passwordOdt: at('password.odt'),
    passwordDoc: at('password.doc'),
    passwordDocx: at('password.docx'),
  };
  const word = 'MS Word 2007 XML';
  const stores: Store[] = [
    ...CORPUS_PAGES.flatMap((n): Store[] => [
      [s(`text${n}.fodt`), c.docx[n], word, ''],
      [s(`text${n}.fodt`), c.odt[n], 'writer8', ''],
      [s(`text${n}.fodt`), c.rtf[n], 'Rich Text Format', ''],
      [s(`slides${n}.fodp`), c.pptx[n], 'Impress MS PowerPoint 2007 XML', ''],
      [s(`sheets${n}.fods`), c.xlsx[n], 'Calc MS Excel 2007 XML', ''],
    ]),
    ...INDIC_SCRIPTS.map((script): Store => [s(`${script}.fodt`), c.indicDocx[script], word, '']),
    [s('linked.fodt'), c.linkedImageDocx, word, ''],
    [s('macro.fodt'), c.macroOdt, 'writer8', ''],
    [s('text1.fodt'), c.doc, 'MS Word 97', ''],
    [s('sheets1.fods'), c.xls, 'MS Excel 97', ''],
    [s('slides7.fodp'), c.ppt, 'MS PowerPoint 97', ''],
    [s('sheets1.fods'), c.ods, 'calc8', ''],
    [s('slides7.fodp'), c.odp, 'impress8', ''],
    [s('text1.fodt'), c.passwordOdt, 'writer8', 'secret'],
    [s('text1.fodt'), c.passwordDoc, 'MS Word 97', 'secret'],
    [s('text1.fodt'), c.passwordDocx, word, 'secret'],
  ];
  const profile = await builderProfile(join(dir, 'builder-profile'), builderModule(stores));
  const said = await runSoffice(
    [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--nolockcheck', 'macro:///Standard.Module1.Build'],
    { offline: true },
  );
  assertWritten(stores, said);
  return c;
}

/** A paragraph of ordinary prose, so that a benchmark's pages carry text as real ones do. */
const PROSE =
  'The print shop keeps the original as it came and prints the PDF it made from it. Every page holds a few lines of text like this one, in the default font and size, so that laying out and exporting it costs what an ordinary letter or report costs. '.repeat(
    6,
  );

/** DOCX files of the given page counts and PPTX files of the given slide counts, made by LibreOffice like the corpus (for the benchmark). */
export async function buildSizedDocuments(
  dir: string,
  wanted: { docxPages: number[]; pptxSlides: number[] },
): Promise<{ docx: Record<number, string>; pptx: Record<number, string> }> {
  const src = join(dir, 'src');
  await mkdir(src, { recursive: true });
  const docx: Record<number, string> = {};
  const pptx: Record<number, string> = {};
  const stores: Store[] = [];
  for (const pages of wanted.docxPages) {
    await writeFile(join(src, `text${pages}.fodt`), textWithPages(pages, PROSE));
    docx[pages] = join(dir, `text${pages}.docx`);
    stores.push([join(src, `text${pages}.fodt`), docx[pages], 'MS Word 2007 XML', '']);
  }
  for (const count of wanted.pptxSlides) {
    await writeFile(join(src, `slides${count}.fodp`), slides(count));
    pptx[count] = join(dir, `slides${count}.pptx`);
    stores.push([join(src, `slides${count}.fodp`), pptx[count], 'Impress MS PowerPoint 2007 XML', '']);
  }
  const profile = await builderProfile(join(dir, 'builder-profile'), builderModule(stores));
  const said = await runSoffice(
    [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--nolockcheck', 'macro:///Standard.Module1.Build'],
    { offline: true },
  );
  assertWritten(stores, said);
  return { docx, pptx };
}

// --- A ZIP writer for files LibreOffice would never make ------------------------------------

/** A ZIP of deflated entries; an entry's content may be shared (the same bytes, many names). */
export function zip(entries: ZipEntry[]): Buffer {
  return zipArchive(entries, 'deflate');
}

/** A compound file (OLE2) with the streams of a password-protected OOXML file, made from `doc`. */
export function renameOle2Streams(ole2: Buffer, renames: Record<string, string>): Buffer {
  const out = Buffer.from(ole2);
  for (const [from, to] of Object.entries(renames)) {
    const needle = Buffer.from(`${from}\0`, 'utf16le');
    const at = out.indexOf(needle);
    if (at < 0 || at % 128 !== 0) throw new Error(`no directory entry named ${from}`);
    const name = Buffer.alloc(64);
    name.write(`${to}\0`, 'utf16le');
    name.copy(out, at);
    out.writeUInt16LE((to.length + 1) * 2, at + 64);
  }
  return out;
}
