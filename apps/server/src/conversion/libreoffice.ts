import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ConversionFailure, DocumentKind } from '@counterprint/contract';
import type { Logger } from 'pino';
import type { TextEncoding } from './detect.js';

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
const UNSHARE = '/usr/bin/unshare';

/** The first soffice found on this machine, or undefined: the server runs without conversion then. */
export function findSoffice(candidates: string[] = SOFFICE_CANDIDATES): string | undefined {
  return candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Macros never run (the highest security level, and execution switched off), links are never
 * updated on load, and images from untrusted places are not fetched. Written into a fresh profile
 * for every conversion, so no document can leave anything behind for the next one.
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

/** LibreOffice's import filter options for text: its own encoding numbers and names. */
function textFilter(input: ConvertInput): string | undefined {
  if (input.kind === 'csv') {
    // Separator, text delimiter ("), character set (76 UTF-8, 12 ISO-8859-1), first line 1.
    const separator = (input.delimiter ?? ',').charCodeAt(0);
    return `CSV:${separator},34,${input.encoding === 'latin-1' ? 12 : 76},1`;
  }
  if (input.kind === 'txt') return `Text (encoded):${input.encoding === 'latin-1' ? 'ISO-8859-1' : 'UTF8'},LF,,,`;
  return undefined;
}

/**
 * Converts one document to PDF with a throw-away soffice: its own profile, an empty environment, no
 * network (a network namespace of its own when `unshare` may make one: root in CI and in production
 * containers with CAP_SYS_ADMIN), bounded memory and output, and a wall clock after which its whole
 * process group is killed. See docs/decisions/032-document-conversion-sandbox.md.
 */
export class LibreOffice {
  private readonly isolated: boolean;
  private readonly bounded: boolean;
  private readonly soffice: string;
  private readonly limits: LibreOfficeLimits;
  private readonly logger: Logger;
  private readonly tmpRoot: string;

  constructor(options: {
    soffice: string;
    limits: LibreOfficeLimits;
    logger: Logger;
    tmpRoot?: string;
    /** false: rely on the profile's settings alone even where a network namespace could be made. */
    isolateNetwork?: boolean;
  }) {
    ({ soffice: this.soffice, limits: this.limits, logger: this.logger } = options);
    this.tmpRoot = options.tmpRoot ?? tmpdir();
    const logger = this.logger;
    this.isolated = options.isolateNetwork !== false && canUnshareNetwork();
    if (!this.isolated && options.isolateNetwork !== false) {
      logger.warn('unshare --net is not permitted here: conversions rely on LibreOffice settings alone to stay off the network');
    }
    this.bounded = existsSync(PRLIMIT);
    if (!this.bounded) logger.warn('prlimit not found: conversions run without memory and output rlimits');
  }

  /** Whether conversions run in a network namespace of their own. */
  get networkIsolated(): boolean {
    return this.isolated;
  }

  async toPdf(input: ConvertInput): Promise<PdfOutcome> {
    const started = Date.now();
    const work = await mkdtemp(join(this.tmpRoot, 'counterprint-convert-'));
    try {
      const outcome = await this.convertIn(work, input);
      return { ...outcome, ms: Date.now() - started };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async convertIn(work: string, input: ConvertInput): Promise<Outcome> {
    const profile = join(work, 'profile');
    const out = join(work, 'out');
    const tmp = join(work, 'tmp');
    await Promise.all([mkdir(join(profile, 'user'), { recursive: true }), mkdir(out), mkdir(tmp)]);
    await writeFile(join(profile, 'user', 'registrymodifications.xcu'), REGISTRY);
    // Our own name: the customer's file name never reaches a command line.
    const source = join(work, `document.${EXTENSIONS[input.kind]}`);
    await copyFile(input.path, source);

    const filter = textFilter(input);
    const office = [
      this.soffice,
      `-env:UserInstallation=${pathToFileURL(profile).href}`,
      '--headless',
      '--invisible',
      '--norestore',
      '--nolockcheck',
      '--nodefault',
      '--nologo',
      ...(filter ? [`--infilter=${filter}`] : []),
      '--convert-to',
      'pdf',
      '--outdir',
      out,
      source,
    ];
    const { memoryBytes, maxOutputBytes } = this.limits;
    const bounded = this.bounded ? [PRLIMIT, `--as=${memoryBytes}`, `--fsize=${maxOutputBytes}`, '--', ...office] : office;
    const argv = this.isolated ? [UNSHARE, '--net', '--', ...bounded] : bounded;
    const run = await this.run(argv, { PATH: '/usr/bin:/bin', HOME: profile, TMPDIR: tmp, LANG: 'C.UTF-8' });

    const pdfPath = join(out, 'document.pdf');
    const size = await stat(pdfPath).then(
      (s) => s.size,
      () => 0,
    );
    if (run.timedOut) return { ok: false, reason: 'too-complex', detail: `still converting after ${this.limits.timeoutMs} ms` };
    if (run.signal) return { ok: false, reason: 'too-complex', detail: `soffice ended by ${run.signal}` };
    if (size > 0) return { ok: true, pdf: await readFile(pdfPath) };
    return { ok: false, ...classify(run.stderr) };
  }

  private run(argv: string[], env: NodeJS.ProcessEnv): Promise<{ timedOut: boolean; signal: string | null; stderr: string }> {
    return new Promise((resolve) => {
      // detached: soffice and everything it starts share one new process group, killed as one.
      const child = spawn(argv[0]!, argv.slice(1), { env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      let timedOut = false;
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (text: string) => {
        if (stderr.length < 16_384) stderr += text;
      });
      const killGroup = () => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // The group is gone already.
        }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup();
      }, this.limits.timeoutMs);
      child.on('error', (err) => {
        clearTimeout(timer);
        resolve({ timedOut, signal: null, stderr: `${stderr}\nspawn failed: ${err.message}` });
      });
      child.on('close', (_code, signal) => {
        clearTimeout(timer);
        // Anything soffice left running in its group goes with it.
        killGroup();
        if (stderr.trim()) this.logger.debug({ stderr: stderr.slice(0, 2000) }, 'soffice said');
        resolve({ timedOut, signal, stderr });
      });
    });
  }
}

/** soffice exits 0 even when it converted nothing; what it printed is all there is to go on. */
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

let unshareProbe: boolean | undefined;

function canUnshareNetwork(): boolean {
  if (unshareProbe === undefined) {
    const probe = spawnSync(UNSHARE, ['--net', '--', '/bin/true'], { stdio: 'ignore', timeout: 5000 });
    unshareProbe = probe.status === 0;
  }
  return unshareProbe;
}
