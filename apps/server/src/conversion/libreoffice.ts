import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ConversionFailure, DocumentKind } from '@counterprint/contract';
import type { Logger } from 'pino';
import { isExecutable } from '../executable.js';
import { bwrapArgs, JAIL } from './confinement.js';
import type { TextEncoding } from './detect.js';
import { type OfficeAnswer, type OfficeLaunch, OfficeProcess, runOnce } from './office-process.js';
import { withoutFileFields } from './rtf-fields.js';

const READY_TIMEOUT_MS = 60_000;

export type LibreOfficeLimits = {
  /** Wall clock for one conversion; then the whole process group is SIGKILLed. */
  timeoutMs: number;
  /** Address space of soffice (RLIMIT_AS). */
  memoryBytes: number;
  /** Largest file soffice may write, the PDF included (RLIMIT_FSIZE). */
  maxOutputBytes: number;
};

export const DEFAULT_LIBREOFFICE_LIMITS: LibreOfficeLimits = {
  timeoutMs: 60_000,
  memoryBytes: 2 * 1024 * 1024 * 1024,
  maxOutputBytes: 512 * 1024 * 1024,
};

type Outcome = { ok: true; pdf: Buffer } | { ok: false; reason: ConversionFailure; detail: string };
export type PdfOutcome = Outcome & { ms: number };

export type ConvertInput = { path: string; kind: DocumentKind; encoding?: TextEncoding; delimiter?: string };

const SOFFICE_CANDIDATES = ['/usr/bin/soffice', '/usr/lib/libreoffice/program/soffice', '/opt/libreoffice/program/soffice'];
const PRLIMIT = '/usr/bin/prlimit';
/**
 * Conversions run at a lower CPU priority: on a busy machine the kernel serves the server's requests
 * first, so uploads keep their pace while documents convert (bench/ upload-under-conversion).
 */
const NICE = existsSync('/usr/bin/nice') ? ['/usr/bin/nice', '-n', '10'] : [];

/** The first soffice found on this machine, or undefined: the server runs without conversion then. */
export function findSoffice(candidates: string[] = SOFFICE_CANDIDATES): string | undefined {
  return candidates.find(isExecutable);
}

/**
 * Macros never run (the highest security level, and execution switched off), links are never
 * updated on load, and images from untrusted places are not fetched. Written over the profile of
 * every soffice before it starts; no document runs code that could change it in memory.
 */
const REGISTRY = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>1</value></prop></item>
</oor:items>
`;
// Writer's Link 0 is NEVER (sw's UpdateLinks enum); Calc's 1 is LM_NEVER (ScLkUpdMode).

const EXTENSIONS: Record<DocumentKind, string> = {
  pdf: 'pdf',
  doc: 'doc',
  xls: 'xls',
  ppt: 'ppt',
  // No hint: LibreOffice's type detection looks at the streams itself.
  'ole2-office': 'bin',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
  rtf: 'rtf',
  csv: 'csv',
  txt: 'txt',
};

/** The import filter for text: LibreOffice's own encoding numbers and names, as `--infilter` takes them. */
function textFilter(input: ConvertInput): { name: string; options: string } | undefined {
  if (input.kind === 'csv') {
    // Separator, text delimiter ("), character set (76 UTF-8, 12 ISO-8859-1), first line 1.
    const separator = (input.delimiter ?? ',').charCodeAt(0);
    return { name: 'Text - txt - csv (StarCalc)', options: `${separator},34,${input.encoding === 'latin-1' ? 12 : 76},1` };
  }
  if (input.kind === 'txt') return { name: 'Text (encoded)', options: `${input.encoding === 'latin-1' ? 'ISO-8859-1' : 'UTF8'},LF,,,` };
  return undefined;
}

/** A soffice serves this many conversions, then a fresh one takes its place (decision 034). */
export const DEFAULT_CONVERSIONS_PER_PROCESS = 20;

/**
 * Converts documents to PDF with sandboxed soffice processes: each runs in bubblewrap, where only
 * the installation and its own folder exist (the caller checks canConfine() first), with its own
 * profile, an empty environment, no network, bounded memory and output, and a wall clock per
 * conversion after which its whole process group is killed. A process stays warm for the next
 * document and is replaced after `conversionsPerProcess` conversions, after any conversion that did
 * not give a PDF, and after a timeout. See docs/decisions/032-document-conversion-sandbox.md and
 * 034-warm-converter.md.
 */
export class LibreOffice {
  private readonly isolated: boolean;
  private readonly bounded: boolean;
  private readonly soffice: string;
  private readonly limits: LibreOfficeLimits;
  private readonly logger: Logger;
  private readonly tmpRoot: string;
  private readonly conversionsPerProcess: number;
  private readonly idle: OfficeProcess[] = [];
  private readonly busy = new Set<OfficeProcess>();
  /** Replacements started when a soffice was retired after its share of conversions. */
  private readonly spares: Promise<OfficeProcess | undefined>[] = [];
  private template: Promise<string> | undefined;
  private startedProcesses = 0;
  private closed = false;

  constructor(options: {
    soffice: string;
    limits: LibreOfficeLimits;
    logger: Logger;
    tmpRoot?: string;
    /** false: share the server's network, relying on the profile's settings alone to stay off it. */
    isolateNetwork?: boolean;
    /** Conversions one soffice serves before a fresh one replaces it; 1 is a process per document. */
    conversionsPerProcess?: number;
  }) {
    ({ soffice: this.soffice, limits: this.limits, logger: this.logger } = options);
    this.tmpRoot = options.tmpRoot ?? tmpdir();
    this.conversionsPerProcess = Math.max(1, options.conversionsPerProcess ?? DEFAULT_CONVERSIONS_PER_PROCESS);
    this.isolated = options.isolateNetwork !== false;
    this.bounded = existsSync(PRLIMIT);
    if (!this.bounded) this.logger.warn('prlimit not found: conversions run without memory and output rlimits');
  }

  /** Whether conversions run in a network namespace of their own. */
  get networkIsolated(): boolean {
    return this.isolated;
  }

  /** soffice processes started so far (the template's first start not counted), and the pids of those alive. */
  get processes(): { started: number; alive: number[] } {
    const alive = [...this.idle, ...this.busy].filter((o) => o.alive).map((o) => o.pid!);
    return { started: this.startedProcesses, alive };
  }

  /** `timeoutMs`, when given, may only shorten the configured limit. */
  async toPdf(input: ConvertInput, timeoutMs?: number): Promise<PdfOutcome> {
    const started = Date.now();
    const outcome = await this.convert(input, Math.min(timeoutMs ?? this.limits.timeoutMs, this.limits.timeoutMs));
    return { ...outcome, ms: Date.now() - started };
  }

  /** Ends every soffice and removes their folders and the template; later conversions are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const spares = await Promise.all(this.spares.splice(0));
    const all = [...this.idle.splice(0), ...this.busy, ...spares.filter((o) => o !== undefined)];
    await Promise.all(all.map((o) => o.stop()));
    const template = await this.template?.catch(() => undefined);
    if (template) await rm(dirname(template), { recursive: true, force: true });
  }

  private async convert(input: ConvertInput, timeoutMs: number): Promise<Outcome> {
    const office = await this.take();
    let ok = false;
    try {
      const answer = await this.convertIn(office, input, timeoutMs);
      ok = answer.ok;
      return await this.outcome(answer, office.exchange, timeoutMs);
    } finally {
      // The document and its PDF leave the process's folder before it serves anyone else.
      await emptyFolder(office.exchange);
      await this.give(office, ok);
    }
  }

  /**
   * Only the one document goes into the sandbox, under our own name (the customer's file name never
   * reaches LibreOffice); an RTF without the fields that would read other files.
   */
  private async convertIn(office: OfficeProcess, input: ConvertInput, timeoutMs: number): Promise<OfficeAnswer> {
    const source = `document.${EXTENSIONS[input.kind]}`;
    const target = join(office.exchange, source);
    if (input.kind === 'rtf') await writeFile(target, withoutFileFields(await readFile(input.path)));
    else await copyFile(input.path, target);
    return office.convert({ source, pdf: 'document.pdf', filter: textFilter(input) }, timeoutMs);
  }

  private async outcome(answer: OfficeAnswer, exchange: string, timeoutMs: number): Promise<Outcome> {
    const pdf = join(exchange, 'document.pdf');
    if (!answer.ok && answer.kind === 'timed-out') {
      return { ok: false, reason: 'too-complex', detail: `still converting after ${timeoutMs} ms` };
    }
    if (!answer.ok && answer.kind === 'ended') return { ok: false, reason: 'too-complex', detail: 'soffice ended while converting' };
    const size = await stat(pdf).then(
      (s) => s.size,
      () => 0,
    );
    if (answer.ok && size > 0) return { ok: true, pdf: await readFile(pdf) };
    return { ok: false, ...classify(answer.ok ? '' : `Error: ${answer.said}`) };
  }

  /** A warm soffice, the one started when the last was retired, or a fresh one. */
  private async take(): Promise<OfficeProcess> {
    if (this.closed) throw new Error('the converter is closed');
    let office = this.idle.pop();
    while (office && !office.alive) {
      await office.stop();
      office = this.idle.pop();
    }
    if (!office) {
      const spare = await this.spares.shift();
      if (spare?.alive) office = spare;
      else await spare?.stop();
    }
    office ??= await this.startOne();
    if (this.closed) {
      await office.stop();
      throw new Error('the converter is closed');
    }
    this.busy.add(office);
    return office;
  }

  private async startOne(): Promise<OfficeProcess> {
    const dir = await mkdtemp(join(this.tmpRoot, 'counterprint-office-'));
    try {
      const office = await OfficeProcess.start(await this.launch(), dir);
      this.startedProcesses++;
      return office;
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
  }

  /**
   * Back to the idle ones, unless it has served its share or the conversion did not give a PDF. One
   * that has served its share is replaced at once, so the next document need not wait for a start;
   * after a failure the next conversion starts one (a stream of bad files does not keep soffice busy).
   */
  private async give(office: OfficeProcess, succeeded: boolean): Promise<void> {
    this.busy.delete(office);
    const healthy = succeeded && office.alive && !this.closed;
    if (healthy && office.conversions < this.conversionsPerProcess) {
      this.idle.push(office);
      return;
    }
    await office.stop();
    if (healthy && !this.closed) {
      this.spares.push(
        this.startOne().catch((err: Error) => {
          this.logger.warn({ err: err.message }, 'a replacement soffice did not start');
          return undefined;
        }),
      );
    }
  }

  private async launch(): Promise<OfficeLaunch> {
    this.template ??= this.makeTemplate();
    const { memoryBytes, maxOutputBytes } = this.limits;
    const bounded = [...NICE, ...(this.bounded ? [PRLIMIT, `--as=${memoryBytes}`, `--fsize=${maxOutputBytes}`, '--'] : [])];
    const sandbox = (folder: string) => [...bounded, ...bwrapArgs(folder, { shareNet: !this.isolated })];
    return { soffice: this.soffice, sandbox, templateProfile: await this.template, registry: REGISTRY, logger: this.logger };
  }

  /** A profile LibreOffice has started in once, so that no process pays for its first start again. */
  private async makeTemplate(): Promise<string> {
    const dir = await mkdtemp(join(this.tmpRoot, 'counterprint-office-template-'));
    const profile = join(dir, 'profile');
    const tmp = join(dir, 'tmp');
    await mkdir(join(profile, 'user'), { recursive: true });
    await mkdir(tmp);
    await writeFile(join(profile, 'user', 'registrymodifications.xcu'), REGISTRY);
    const inside = join(JAIL, 'profile');
    const said = await runOnce(
      { soffice: this.soffice, sandbox: bwrapArgs(dir, { shareNet: !this.isolated }) },
      [`-env:UserInstallation=${pathToFileURL(inside).href}`, '--headless', '--norestore', '--nologo', '--terminate_after_init'],
      { PATH: '/usr/bin:/bin', HOME: inside, TMPDIR: join(JAIL, 'tmp'), LANG: 'C.UTF-8' },
      READY_TIMEOUT_MS,
    );
    if (!existsSync(join(profile, 'user', 'basic', 'Standard', 'script.xlb'))) {
      this.template = undefined;
      await rm(dir, { recursive: true, force: true });
      throw new Error(`LibreOffice did not initialise a profile: ${said.slice(0, 500)}`);
    }
    return profile;
  }
}

/** What LibreOffice said when it gave no PDF (the exception of a failed load or store) is all there is to go on. */
function classify(stderr: string): { reason: ConversionFailure; detail: string } {
  const said = stderr
    .split('\n')
    .filter((l) => l.startsWith('Error'))
    .join(' ')
    .slice(0, 300);
  if (/no export filter/i.test(stderr)) return { reason: 'unsupported', detail: said || 'no export filter' };
  // A damaged file and one whose password we lack look the same from here; detectDocument tells
  // encrypted files apart before they get this far.
  return { reason: 'damaged', detail: said || 'soffice wrote no PDF' };
}

async function emptyFolder(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.map((n) => rm(join(dir, n), { recursive: true, force: true })));
}
