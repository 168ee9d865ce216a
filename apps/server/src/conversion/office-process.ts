import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { JAIL } from './confinement.js';

/** How one soffice is started: the sandbox around it and the profile it copies. */
export type OfficeLaunch = {
  soffice: string;
  /** nice/prlimit/bwrap prefix for a process whose own folder is the one given (it appears at JAIL inside). */
  sandbox: (folder: string) => string[];
  /** A profile LibreOffice has initialised once (its Basic libraries exist), copied for every process. */
  templateProfile: string;
  /** Written over the copied profile's registrymodifications.xcu before the process starts. */
  registry: string;
  logger: Logger;
};

/** `source` and `pdf` are file names in the process's exchange folder, the only place a document is put for it. */
export type OfficeJob = { source: string; pdf: string; filter?: { name: string; options: string } };
export type OfficeAnswer =
  | { ok: true }
  | { ok: false; kind: 'refused'; said: string }
  | { ok: false; kind: 'timed-out' }
  | { ok: false; kind: 'ended'; said: string };

const POLL_MS = 5;
const READY_TIMEOUT_MS = 60_000;
// The process ends itself after this long without work; bwrap's --die-with-parent ends it with the server.
const IDLE_SECONDS = 600;

// Without these a profile counts as new and LibreOffice sets it up again, replacing its Basic library with the presets.
const SETUP_DONE = [
  '<item oor:path="/org.openoffice.Setup/Office"><prop oor:name="ooSetupInstCompleted" oor:op="fuse"><value>true</value></prop></item>',
  '<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooLocale" oor:op="fuse"><value>en-US</value></prop></item>',
].join('\n');

const OFFICE_FLAGS = ['--headless', '--invisible', '--norestore', '--nolockcheck', '--nodefault', '--nologo'];

/** Runs soffice once to the end (or the timeout), to initialise a template profile. */
export function runOnce(launch: { soffice: string; sandbox: string[] }, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number) {
  return new Promise<string>((resolve) => {
    const argv = [...launch.sandbox, launch.soffice, ...args];
    const child = spawn(argv[0]!, argv.slice(1), { env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    child.stderr.setEncoding('utf8').on('data', (t: string) => {
      if (said.length < 16_384) said += t;
    });
    const timer = setTimeout(() => killGroup(child), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve(`${said}\nspawn failed: ${err.message}`);
    });
    child.on('close', () => {
      clearTimeout(timer);
      killGroup(child);
      resolve(said);
    });
  });
}

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

/** A Basic string literal inside the module's XML. */
const basic = (s: string) => `&quot;${s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;&quot;')}&quot;`;

/**
 * The serving loop, in LibreOffice Basic in the application's own library (not a document's, so
 * the macro settings that stop document macros do not stop it): it takes one job file at a time,
 * loads the document hidden, read-only, with macros never executed and links never updated,
 * exports the PDF and answers in a result file.
 */
function serveModule(dir: string): string {
  const q = (s: string) => `&quot;${s}&quot;`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" script:language="StarBasic">
Sub Serve
  Dim dir As String, job As String, reply As String
  Dim idle As Long
  dir = ${basic(dir)}
  Answer(dir, ${q('ready')})
  Do
    job = dir &amp; ${q('/job')}
    If FileExists(job) Then
      reply = Take(job)
      Answer(dir, reply)
      idle = 0
    Else
      Wait ${POLL_MS}
      idle = idle + 1
      If idle * ${POLL_MS} &gt; ${IDLE_SECONDS * 1000} Then Exit Do
    End If
  Loop
  StarDesktop.terminate()
End Sub

Sub Answer(dir As String, text As String)
  n = FreeFile
  Open dir &amp; ${q('/answer.tmp')} For Output As #n
  Print #n, text
  Close #n
  Name dir &amp; ${q('/answer.tmp')} As dir &amp; ${q('/answer')}
End Sub

Function Take(job As String) As String
  Dim source As String, pdf As String, filterName As String, filterOptions As String
  n = FreeFile
  Open job For Input As #n
  Line Input #n, source
  Line Input #n, pdf
  Line Input #n, filterName
  Line Input #n, filterOptions
  Close #n
  Kill job
  Take = Convert(source, pdf, filterName, filterOptions)
End Function

Function Convert(source As String, pdf As String, filterName As String, filterOptions As String) As String
  Dim doc As Object
  On Error GoTo Failed
  If filterName = ${q('')} Then
    Dim plainArgs(3) As New com.sun.star.beans.PropertyValue
    Settings(plainArgs())
    doc = StarDesktop.loadComponentFromURL(source, ${q('_blank')}, 0, plainArgs())
  Else
    Dim textArgs(5) As New com.sun.star.beans.PropertyValue
    Settings(textArgs())
    textArgs(4).Name = ${q('FilterName')}
    textArgs(4).Value = filterName
    textArgs(5).Name = ${q('FilterOptions')}
    textArgs(5).Value = filterOptions
    doc = StarDesktop.loadComponentFromURL(source, ${q('_blank')}, 0, textArgs())
  End If
  If IsNull(doc) Then
    Convert = ${q('refused: source file could not be loaded')}
    Exit Function
  End If
  Dim pdfArgs(0) As New com.sun.star.beans.PropertyValue
  pdfArgs(0).Name = ${q('FilterName')}
  If doc.supportsService(${q('com.sun.star.sheet.SpreadsheetDocument')}) Then
    pdfArgs(0).Value = ${q('calc_pdf_Export')}
  ElseIf doc.supportsService(${q('com.sun.star.presentation.PresentationDocument')}) Then
    pdfArgs(0).Value = ${q('impress_pdf_Export')}
  ElseIf doc.supportsService(${q('com.sun.star.drawing.DrawingDocument')}) Then
    pdfArgs(0).Value = ${q('draw_pdf_Export')}
  ElseIf doc.supportsService(${q('com.sun.star.text.TextDocument')}) Then
    pdfArgs(0).Value = ${q('writer_pdf_Export')}
  Else
    doc.close(True)
    Convert = ${q('refused: no export filter for this document')}
    Exit Function
  End If
  doc.storeToURL(pdf, pdfArgs())
  doc.close(True)
  Convert = ${q('ok')}
  Exit Function
Failed:
  Convert = ${q('refused: ')} &amp; Error$
  If Not IsNull(doc) Then doc.close(True)
End Function

Sub Settings(props())
  props(0).Name = ${q('Hidden')}
  props(0).Value = True
  props(1).Name = ${q('ReadOnly')}
  props(1).Value = True
  REM com.sun.star.document.MacroExecMode.NEVER_EXECUTE
  props(2).Name = ${q('MacroExecutionMode')}
  props(2).Value = 0
  REM com.sun.star.document.UpdateDocMode.NO_UPDATE
  props(3).Name = ${q('UpdateDocMode')}
  props(3).Value = 0
End Sub
</script:module>
`;
}

/**
 * One long-running soffice that converts one document at a time, inside the same sandbox as a
 * throw-away one (decision 032), in a profile copied from the template with our registry written
 * over it. Its owner retires it after a set number of conversions, after any conversion that did
 * not end well, and on a timeout (the whole process group is killed). See decision 034.
 */
export class OfficeProcess {
  conversions = 0;
  private ended = false;
  private said = '';
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
    private readonly logger: Logger,
  ) {
    child.stderr!.setEncoding('utf8').on('data', (t: string) => {
      this.said = (this.said + t).slice(-4096);
    });
    this.exited = new Promise((resolve) =>
      child.once('close', () => {
        this.ended = true;
        // One that ended itself (idle, or the server gone) leaves no profile behind either.
        void rm(dir, { recursive: true, force: true }).then(resolve, resolve);
      }),
    );
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return !this.ended;
  }

  /** The folder a document is copied into for this process, emptied after each conversion. */
  get exchange(): string {
    return join(this.dir, 'exchange');
  }

  /**
   * Copies the template profile into `dir`, writes the registry and the serving loop, starts soffice
   * in its sandbox (where `dir` is JAIL and nothing else of the server's disk exists) and waits until it serves.
   */
  static async start(launch: OfficeLaunch, dir: string): Promise<OfficeProcess> {
    const profile = join(dir, 'profile');
    await mkdir(join(dir, 'tmp'), { recursive: true });
    await mkdir(join(dir, 'exchange'));
    await cp(launch.templateProfile, profile, { recursive: true });
    await writeFile(
      join(profile, 'user', 'registrymodifications.xcu'),
      launch.registry.replace('</oor:items>', `${SETUP_DONE}\n</oor:items>`),
    );
    await writeFile(join(profile, 'user', 'basic', 'Standard', 'Module1.xba'), serveModule(JAIL));
    const argv = [
      ...launch.sandbox(dir),
      launch.soffice,
      `-env:UserInstallation=${pathToFileURL(join(JAIL, 'profile')).href}`,
      ...OFFICE_FLAGS,
      'macro:///Standard.Module1.Serve',
    ];
    // detached: soffice and everything it starts share one new process group, killed as one.
    const child = spawn(argv[0]!, argv.slice(1), {
      env: { PATH: '/usr/bin:/bin', HOME: join(JAIL, 'profile'), TMPDIR: join(JAIL, 'tmp'), LANG: 'C.UTF-8' },
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.on('error', () => {});
    const office = new OfficeProcess(child, dir, launch.logger);
    const answer = await office.awaitAnswer(READY_TIMEOUT_MS);
    if (answer !== 'ready') {
      await office.stop();
      throw new Error(`LibreOffice did not start serving: ${answer ?? 'no answer'}; it said ${office.said.slice(0, 500)}`);
    }
    return office;
  }

  /** One conversion; on a timeout the process group is killed before this returns. */
  async convert(job: OfficeJob, timeoutMs: number): Promise<OfficeAnswer> {
    this.conversions++;
    this.said = '';
    const inside = (name: string) => pathToFileURL(join(JAIL, 'exchange', name)).href;
    const lines = [inside(job.source), inside(job.pdf), job.filter?.name ?? '', job.filter?.options ?? ''];
    await writeFile(join(this.dir, 'job.tmp'), `${lines.join('\n')}\n`);
    await rename(join(this.dir, 'job.tmp'), join(this.dir, 'job'));
    const answer = await this.awaitAnswer(timeoutMs);
    if (answer === 'ok') return { ok: true };
    if (answer !== undefined) return { ok: false, kind: 'refused', said: answer.replace(/^refused: /, '') };
    if (!this.alive) return { ok: false, kind: 'ended', said: this.said.slice(0, 500) };
    await this.stop();
    return { ok: false, kind: 'timed-out' };
  }

  /** Kills the process group and removes the process's folder. */
  async stop(): Promise<void> {
    killGroup(this.child);
    await this.exited;
    // Children soffice started in its group outlive the first one's exit.
    killGroup(this.child);
    await rm(this.dir, { recursive: true, force: true });
  }

  /** The next answer the serving loop writes, or undefined when the time is up or the process ended. */
  private async awaitAnswer(timeoutMs: number): Promise<string | undefined> {
    const file = join(this.dir, 'answer');
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && this.alive) {
      if (existsSync(file)) {
        const text = (await readFile(file, 'utf8')).trim();
        await rm(file, { force: true });
        return text;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    if (this.said.trim()) this.logger.debug({ stderr: this.said.slice(0, 2000) }, 'soffice said');
    return undefined;
  }
}
