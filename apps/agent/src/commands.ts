import type { TCommandReport, TPrintCommand } from '@counterprint/contract';
import { PDFDocument } from 'pdf-lib';
import type { PrinterHolds } from './counter/holds.js';
import { type CounterOptions, checkCount, counterWords, expectedSheets, readPageCounter } from './counter/page-counter.js';
import { type Engines, engineFor } from './engines/engine.js';
import { defaultEngines } from './engines/index.js';
import { PrinterAddressError, PrinterAnswerError, PrinterUnreachableError } from './ipp.js';
import { type Journal, JournalError, type JournalKey, type JournalOutcome } from './journal.js';
import { printOnce } from './once.js';
import type { PrintOptions, UnsupportedOption } from './print.js';
import { type DeviceApi, DeviceRevokedError } from './server.js';
import type { JobEvent, WatchOptions } from './watch.js';

export type Report = Required<TCommandReport>;

/**
 * A job the printer holds; `reported` is the state and reasons last told to the server; `counter` the
 * printer's page counter before it, and the sheets the job should add.
 */
type Submitted = {
  ippJobId: number;
  unsupported: string[];
  reported: string;
  counter?: { host: string; before: number; expected: number };
};

type Part = { run: number; partWay: boolean };

/** How long a printer that did not answer SNMP is not asked again. */
const NO_COUNTER_MS = 10 * 60_000;

export type CommandQueueOptions = {
  api: Pick<DeviceApi, 'document' | 'report'>;
  journal: Journal;
  /** The printers this agent was started with; a command for any other address is refused. */
  printers: readonly string[];
  log: (line: string) => void;
  /** The server refused the device token: the agent must stop. */
  onRevoked: () => void;
  /** A job ended (or was refused): the printers' state is worth telling again. */
  onJobEnded?: () => void;
  /** Each state as it is told to the server (the local status page shows the last). */
  onReport?: (command: TPrintCommand, report: Report) => void;
  watch?: Omit<WatchOptions, 'signal'>;
  /** How each kind of printer is reached (default: IPP and CUPS). */
  engines?: Engines;
  /**
   * Read network printers' page counters over SNMP around each job (absent: not read); a job that comes
   * out short puts its printer on hold in `holds` until staff confirm (docs/decisions/073).
   */
  counter?: CounterOptions;
  holds?: PrinterHolds;
};

/**
 * Every print command, whether it came over STOMP or from the list fetched after a (re)connect, goes
 * through here: a command already under way is not started twice, commands for one printer are sent to
 * it one after another (in the order they came), and each job is then followed at the printer on its own,
 * with every state reported to the server as it happens.
 */
export class CommandQueue {
  private readonly active = new Set<string>();
  private readonly turns = new Map<string, Promise<unknown>>();
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  private readonly engines: Engines;
  private readonly noCounterUntil = new Map<string, number>();

  constructor(private readonly o: CommandQueueOptions) {
    this.engines = o.engines ?? defaultEngines();
  }

  add(command: TPrintCommand): void {
    if (this.active.has(command.id) || this.stopping.signal.aborted) return;
    this.active.add(command.id);
    const work: Promise<void> = this.carryOut(command)
      .catch((error: unknown) => this.failed(command, error))
      .finally(() => {
        this.active.delete(command.id);
        this.running.delete(work);
        this.o.onJobEnded?.();
      });
    this.running.add(work);
  }

  /** Resolves once every command taken so far has ended (or stopped being followed). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** Stops following jobs; a Print-Job under way finishes first, so the journal knows where it stands. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.idle();
  }

  private async carryOut(command: TPrintCommand): Promise<void> {
    const key: JournalKey = { jobId: command.jobId, fileId: command.fileId };
    if (!this.o.printers.includes(command.printerUri)) {
      this.o.log(`${label(command)}: refused, this agent was not started with printer ${command.printerUri}`);
      return this.send(command, report('aborted', ['unknown-printer'], 'This agent does not look after this printer'));
    }
    if (command.runs?.length) return this.carryOutRuns(command);
    const entry = await this.o.journal.read(key);
    if (entry?.phase === 'submitted' && entry.outcome) {
      if (entry.outcome.commandId === command.id) {
        const { state, reasons, message } = entry.outcome;
        return this.send(command, report(state, reasons, message, optionNames(entry.unsupported)));
      }
      // A new command for a file that has already printed: staff asked for it again.
      await this.o.journal.forget(key);
    }
    await this.sendAndFollow(command, command, key);
  }

  /**
   * Sends one document in the printer's turn and follows it. A printer whose page counter answers is
   * given one job at a time, so the counter's rise across a job is that job's alone.
   */
  private async sendAndFollow(command: TPrintCommand, part: TPrintCommand, key: JournalKey, at?: Part, last = true) {
    const counted = await this.counterBefore(command.printerUri);
    const sendThenFollow = async () => {
      const sent = await this.submit(part, key, at, counted);
      return sent ? this.follow(command, key, sent, last) : null;
    };
    if (counted) return this.inTurn(command.printerUri, sendThenFollow);
    const sent = await this.inTurn(command.printerUri, () => this.submit(part, key, at));
    return sent ? this.follow(command, key, sent, last) : null;
  }

  /** The printer's network host and counter now, or null when it has none that answers. */
  private async counterBefore(printer: string): Promise<{ host: string } | null> {
    if (!this.o.counter || (this.noCounterUntil.get(printer) ?? 0) > Date.now()) return null;
    const host = await engineFor(printer, this.engines)
      .counterHost(printer)
      .catch(() => null);
    if (host && (await readPageCounter(host, this.o.counter)) !== null) return { host };
    this.noCounterUntil.set(printer, Date.now() + NO_COUNTER_MS);
    return null;
  }

  /**
   * A file with colour and B&W pages: each run is its own printer job in its own colour mode, in page
   * order, each copy whole before the next so the pile comes out collated. The command completes when
   * the last run of the last copy does; a run that fails ends it there (docs/decisions/059).
   */
  private async carryOutRuns(command: TPrintCommand): Promise<void> {
    const runs = command.runs ?? [];
    const parts = Array.from({ length: command.copies }, (_, copy) => runs.map((run, index) => ({ run, index, copy }))).flat();
    for (const [at, { run, index, copy }] of parts.entries()) {
      const key: JournalKey = { jobId: command.jobId, fileId: `${command.fileId}/copy-${copy + 1}/run-${index + 1}` };
      const part: TPrintCommand = { ...command, color: run.color, copies: 1 };
      const last = at === parts.length - 1;
      const entry = await this.o.journal.read(key);
      if (entry?.phase === 'submitted' && entry.outcome?.commandId === command.id) {
        if (entry.outcome.state === 'completed' && !last) continue;
        const { state, reasons, message } = entry.outcome;
        return this.send(command, report(state, reasons, message, optionNames(entry.unsupported)));
      }
      if (entry?.phase === 'submitted' && entry.outcome) await this.o.journal.forget(key);
      if ((await this.sendAndFollow(command, part, key, { run: index, partWay: at > 0 }, last)) !== 'completed') return;
    }
  }

  /** `run`: one colour run's document; `partWay`: earlier runs have printed, so a refusal is not "nothing printed". */
  private async submit(command: TPrintCommand, key: JournalKey, part?: Part, counted?: { host: string } | null): Promise<Submitted | null> {
    if (this.stopping.signal.aborted) return null;
    if (await this.held(command)) return null;
    const document = await this.o.api.document(command.id, part?.run);
    const before = counted ? await readPageCounter(counted.host, this.o.counter) : null;
    const engine = engineFor(command.printerUri, this.engines);
    const result = await printOnce(this.o.journal, key, command.printerUri, document, printOptions(command), {
      engine,
      commandId: command.id,
    });
    if (result.outcome === 'unknown') {
      this.o.log(`${label(command)}: ${result.message}`);
      await this.send(command, report('aborted', ['outcome-unknown'], result.message));
      return null;
    }
    const unsupported = optionNames(result.unsupported);
    if (result.outcome === 'refused') {
      this.o.log(`${label(command)}: refused by the printer: ${result.message}`);
      await this.send(command, report('aborted', part?.partWay ? ['refused', 'part-printed'] : ['refused'], result.message, unsupported));
      return null;
    }
    this.o.log(`${label(command)}: ${result.resumed ? 'already at' : 'sent to'} the printer as job ${result.ippJobId}`);
    if (!result.resumed) await this.send(command, report('sent', [], null, unsupported));
    // A job found again after a restart has no reading from before it: its count cannot be checked.
    const pages = counted && before !== null && !result.resumed ? await pageCount(document) : null;
    const counter =
      counted && before !== null && pages !== null ? { host: counted.host, before, expected: expectedSheets(pages, command) } : undefined;
    return { ippJobId: result.ippJobId, unsupported, reported: result.resumed ? '' : 'sent|', ...(counter ? { counter } : {}) };
  }

  /**
   * A printer on hold after a short job takes nothing until staff confirm (`counterprint-agent confirm`),
   * or send that short file again, which is their word that the printer is fine. A held command stays
   * open, and is tried again when the agent next fetches its commands.
   */
  private async held(command: TPrintCommand): Promise<boolean> {
    const hold = await this.o.holds?.get(command.printerUri);
    if (!hold) return false;
    if (hold.jobId === command.jobId && hold.fileId === command.fileId) {
      await this.o.holds?.release(command.printerUri);
      this.o.log(`${label(command)}: sent again by staff, so the printer is no longer on hold`);
      return false;
    }
    await this.send(command, report('stopped', ['held-after-shortfall'], `Waiting: ${hold.message}`));
    return true;
  }

  /** The job's 'completed' checked against the page counter: a short count is not reported as printed. */
  private async counted(command: TPrintCommand, sent: Submitted, next: Report): Promise<Report> {
    if (next.state !== 'completed' || !sent.counter) return next;
    const after = await readPageCounter(sent.counter.host, this.o.counter);
    if (after === null) return next;
    const check = checkCount(sent.counter.before, after, sent.counter.expected);
    const words = counterWords(check);
    this.o.log(`${label(command)}: ${words}`);
    if (!check.short) return report('completed', next.reasons, words, next.unsupported);
    await this.o.holds?.hold({
      printer: command.printerUri,
      jobId: command.jobId,
      fileId: command.fileId,
      message: words,
      at: new Date().toISOString(),
    });
    return report('aborted', ['counter-shortfall', 'part-printed'], words, next.unsupported);
  }

  /**
   * Reports the job's states until it ends; answers how it ended, or null while it is still at the
   * printer. `last` false: a colour run before the file's last, whose 'completed' is not the command's.
   */
  private async follow(command: TPrintCommand, key: JournalKey, sent: Submitted, last = true): Promise<Report['state'] | null> {
    const engine = engineFor(command.printerUri, this.engines);
    const events = engine.watch(command.printerUri, sent.ippJobId, { ...this.o.watch, signal: this.stopping.signal });
    let reported = sent.reported;
    let ended: Report['state'] | null = null;
    for await (const event of events) {
      // Still at the printer: the command stays open, and the next look at the server's list resumes it.
      if (event.state === 'timed-out') return null;
      const next = await this.counted(command, sent, reportOf(event, sent.unsupported));
      // The watch's first look repeats the 'sent' just reported.
      const said = `${next.state}|${next.reasons.join(',')}`;
      if (said === reported) continue;
      reported = said;
      this.o.log(`${label(command)}: ${next.state}${next.reasons.length ? ` (${next.reasons.join(', ')})` : ''}`);
      if (isOutcome(next.state)) {
        ended = next.state;
        await this.o.journal.finish(key, { commandId: command.id, state: next.state, reasons: next.reasons, message: next.message });
      }
      if (last || next.state !== 'completed') await this.send(command, next);
    }
    return ended;
  }

  /** Runs `work` after the work already queued for the same printer. */
  private inTurn<T>(printerUri: string, work: () => Promise<T>): Promise<T> {
    const previous = this.turns.get(printerUri) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => {});
    this.turns.set(printerUri, settled);
    void settled.then(() => {
      if (this.turns.get(printerUri) === settled) this.turns.delete(printerUri);
    });
    return next;
  }

  /** Reports one state; only a refused device token stops the command (a lost report is sent again later). */
  private async send(command: TPrintCommand, next: Report): Promise<void> {
    this.o.onReport?.(command, next);
    try {
      await this.o.api.report(command.id, next);
    } catch (error) {
      if (error instanceof DeviceRevokedError) throw error;
      this.o.log(`${label(command)}: could not report ${next.state}: ${(error as Error).message}`);
    }
  }

  private async failed(command: TPrintCommand, error: unknown): Promise<void> {
    if (this.stopping.signal.aborted && (error as Error).name === 'AbortError') return;
    if (error instanceof DeviceRevokedError) return this.o.onRevoked();
    const message = (error as Error).message;
    this.o.log(`${label(command)}: ${message}`);
    // Cut off after it reached the printer: the journal finds the job again when the command comes back.
    if (error instanceof PrinterUnreachableError && error.delivered === 'maybe') {
      return this.quietly(command, report('stopped', ['unreachable'], message));
    }
    if (error instanceof PrinterUnreachableError) return this.quietly(command, report('aborted', ['unreachable'], message));
    if (error instanceof RangeError || error instanceof PrinterAddressError)
      return this.quietly(command, report('aborted', ['refused'], message));
    if (error instanceof JournalError || error instanceof PrinterAnswerError) {
      return this.quietly(command, report('aborted', ['agent-error'], message));
    }
    // Anything else (the server unreachable, the document withdrawn): the command stays open for a later try.
  }

  private quietly(command: TPrintCommand, next: Report): Promise<void> {
    return this.send(command, next).catch(() => this.o.onRevoked());
  }
}

/** The document's pages, or null when pdf-lib cannot read it (then its count is not checked). */
async function pageCount(document: Uint8Array): Promise<number | null> {
  try {
    return (await PDFDocument.load(document, { ignoreEncryption: true, updateMetadata: false })).getPageCount();
  } catch {
    return null;
  }
}

function printOptions(command: TPrintCommand): PrintOptions {
  return {
    jobName: command.jobName,
    copies: command.copies,
    sides: command.sides,
    color: command.color,
    media: command.media,
    ...(command.pageRanges?.length ? { pageRanges: command.pageRanges } : {}),
  };
}

function reportOf(event: JobEvent, unsupported: string[]): Report {
  switch (event.state) {
    case 'unreachable':
      return report('stopped', ['unreachable'], event.message, unsupported);
    case 'unknown':
      return report(
        'aborted',
        ['job-lost'],
        `${event.message ?? 'The printer no longer lists this job'}: check whether it printed`,
        unsupported,
      );
    case 'timed-out':
      throw new Error('a watch that timed out has no report');
    default:
      return report(event.state, event.reasons, event.message, unsupported);
  }
}

const OUTCOMES = new Set<string>(['completed', 'aborted', 'canceled']);
const isOutcome = (state: Report['state']): state is JournalOutcome['state'] => OUTCOMES.has(state);

function report(state: Report['state'], reasons: string[], message: string | null, unsupported: string[] = []): Report {
  return {
    state,
    reasons: reasons.slice(0, 20).map((r) => r.slice(0, 100)),
    message: message === null ? null : message.slice(0, 300),
    unsupported: unsupported.slice(0, 20),
  };
}

/** The options a printer would not honour, in the contract's words (copies, sides, color, pageRanges, media). */
function optionNames(unsupported: UnsupportedOption[]): string[] {
  return [...new Set(unsupported.map((u) => (u.option ?? u.attribute).slice(0, 100)))];
}

const label = (command: TPrintCommand) => `"${command.jobName}"`;
