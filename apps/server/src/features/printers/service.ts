import { randomInt } from 'node:crypto';
import {
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_TTL_SECONDS,
  PRINTER_MISSING_WORDS,
  parsePageRanges,
  type TCommandReport,
  type TDevice,
  type TDeviceMessage,
  type TPairingCode,
  type TPairRequest,
  type TPairResponse,
  type TPrintCommand,
  type TPrintCommandState,
  type TPrinterChoice,
  type TPrinterRef,
  type TPrintOptions,
  type TReportedPrinter,
  type TShopPrinters,
  ZCommandReport,
  ZPairRequest,
} from '@counterprint/contract';
import { hashSecret, newDeviceToken, type PrintDevice } from '../../auth/device-tokens.js';
import { type AuthUser, requireShopAccess } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.js';
import { parseOrBadRequest } from '../../http/validation.js';
import { optionsOfFile } from '../../pricing/job-pricing.js';
import { type ColourPlan, colourPlan } from '../../printing/colour-runs.js';
import type { DeviceEvent } from '../../realtime/device-channel.js';
import { findShopById } from '../shops/repo.js';
import { findInUsersShop } from '../shops/scope.js';
import { type Candidate, candidatesFor, choosePrinter, type FileNeeds, type Missing, printerWarnings } from './choice.js';
import { deviceOfToken } from './devices.js';
import * as repo from './repo.js';

/** Which pages the document holds (features/preparation/print-ready.ts). */
export type PagePick = { printerPicksPages: boolean } | { pages: [number, number][] };

export type PrintersDeps = {
  db: Db;
  clock: Clock;
  /** Delivers to an agent on whichever instance holds its connection. */
  sendToDevice: (event: DeviceEvent) => Promise<void>;
  /** Staff's screens see the job change (a file's printing state). */
  announceJob: (shopId: string, jobId: string) => void;
  /** Send is staff at work on the job: the customer's changes stop (features/jobs). */
  startPrinting: (user: AuthUser, jobId: string) => Promise<unknown>;
  markPrintedByPrinter: (jobId: string) => Promise<void>;
  /** The print-ready PDF (features/preparation/print-ready.ts); `counted` false for a colour run after a file's first. */
  printReady: (jobId: string, fileId: string, pick: PagePick, counted: boolean) => Promise<{ pdf: Buffer; name: string }>;
  /** The job's files still on it, asked of the feature that owns them. */
  printableFiles: repo.PrintableFiles;
};

/** An agent that reported within this long is shown as connected (it reports every minute). */
const CONNECTED_WITHIN_MS = 150_000;
const jobNotFound = () => notFound('Job not found', 'JOB_NOT_FOUND');
const commandNotFound = () => notFound('Print command not found', 'COMMAND_NOT_FOUND');

function newPairingCode(): string {
  return Array.from({ length: 8 }, () => PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)]).join('');
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Print agents, the shop's printers and the files sent to them (issue 22). */
export class PrintersService {
  constructor(private readonly d: PrintersDeps) {}

  async pairingCode(user: AuthUser, shopId: string): Promise<TPairingCode> {
    await requireShopAccess(this.d.db, user, shopId);
    const code = newPairingCode();
    const expiresAt = new Date(this.d.clock.now().getTime() + PAIRING_CODE_TTL_SECONDS * 1000);
    await repo.insertPairingCode(this.d.db, hashSecret(code), shopId, user.id, expiresAt);
    return { code: `${code.slice(0, 4)}-${code.slice(4)}`, expiresAt: expiresAt.toISOString() };
  }

  /** Trades a pairing code for a device token; the code works once, for ten minutes. */
  async pair(input: TPairRequest): Promise<TPairResponse> {
    const { code, name } = parseOrBadRequest(ZPairRequest, input, 'code and name are required');
    const claimed = await repo.claimPairingCode(this.d.db, hashSecret(code), this.d.clock.now());
    if (!claimed)
      throw new HttpError(
        404,
        'PAIRING_CODE_UNKNOWN',
        'This pairing code is wrong, used or expired. Make a new one in Settings → Printers.',
      );
    const shop = await findShopById(this.d.db, claimed.shop_id);
    if (!shop) throw notFound('Shop not found', 'SHOP_NOT_FOUND');
    const { token, hash } = newDeviceToken();
    const deviceId = await repo.insertDevice(this.d.db, { shopId: shop.id, name, tokenHash: hash, createdBy: claimed.created_by });
    return { deviceId, token, shopId: shop.id, shopName: shop.name };
  }

  async shopPrinters(user: AuthUser, shopId: string): Promise<TShopPrinters> {
    await requireShopAccess(this.d.db, user, shopId);
    const now = this.d.clock.now().getTime();
    const devices: TDevice[] = (await repo.devicesOfShop(this.d.db, shopId)).map((r) => ({
      id: r.id,
      name: r.name,
      createdAt: iso(r.created_at)!,
      lastSeenAt: iso(r.last_seen_at),
      connected: r.last_seen_at !== null && now - new Date(r.last_seen_at).getTime() < CONNECTED_WITHIN_MS,
      printers: r.printers,
    }));
    const choice = await repo.choiceOf(this.d.db, shopId);
    return { devices, choice, warnings: printerWarnings(await repo.soldPrints(this.d.db, shopId), choice, devices) };
  }

  /** Which printer takes which files; each must be one a live agent of this shop reported. */
  async choose(user: AuthUser, shopId: string, choice: TPrinterChoice): Promise<TShopPrinters> {
    await requireShopAccess(this.d.db, user, shopId);
    const devices = await repo.devicesOfShop(this.d.db, shopId);
    const known = (ref: TPrinterRef | null) =>
      !ref || devices.some((d) => d.id === ref.deviceId && d.printers.some((p) => p.uri === ref.uri));
    if (!known(choice.bw) || !known(choice.color))
      throw badRequest('Choose a printer one of this shop\u2019s print agents reported', 'PRINTER_UNKNOWN');
    await repo.saveChoice(this.d.db, shopId, choice);
    return this.shopPrinters(user, shopId);
  }

  async revoke(user: AuthUser, shopId: string, deviceId: string): Promise<void> {
    await requireShopAccess(this.d.db, user, shopId);
    if (!(await repo.revokeDevice(this.d.db, shopId, deviceId, this.d.clock.now())))
      throw notFound('Print agent not found', 'DEVICE_NOT_FOUND');
    await this.d.sendToDevice({ deviceId, kind: 'revoked' });
  }

  /**
   * Sends every file of a queued job to a chosen printer that can print it as ordered and priced: its
   * colour (an Auto file with no colour page is B&W), its sides and its paper (choice.ts). A file
   * already at a printer is not sent twice; a file no chosen printer can print stops the whole Send.
   */
  async send(user: AuthUser, jobId: string): Promise<void> {
    const job = await findInUsersShop(
      this.d.db,
      user,
      repo.jobToSend(this.d.db, jobId, this.d.printableFiles),
      (j) => j.shop_id,
      jobNotFound,
    );
    if (job.status !== 'queued') throw conflict(`Job is already ${job.status === 'done' ? 'printed' : 'cancelled'}`, 'JOB_NOT_QUEUED');
    if (job.files.length === 0) throw conflict('This job has no files left to print', 'JOB_EMPTY');
    // The agent would fetch a document that does not exist yet and report the job failed.
    if (job.files.some((f) => f.conversion === 'converting'))
      throw conflict('A file of this job is still being converted. Send it in a moment.', 'PRINT_NOT_READY');
    const choice = await repo.choiceOf(this.d.db, job.shop_id);
    if (!choice.bw && !choice.color) throw conflict('Choose a printer in Settings → Printers first', 'PRINTER_NOT_CHOSEN');
    const devices = await repo.devicesOfShop(this.d.db, job.shop_id);
    const reported = (ref: TPrinterRef) => devices.find((d) => d.id === ref.deviceId)?.printers.find((p) => p.uri === ref.uri);
    const commands = job.files.map((f) => {
      const options = optionsOfFile({ printOptions: f.print_options });
      const plan = colourPlan({ options, pages: f.pages, colorPages: f.color_pages, colorPagesChecked: f.color_pages_checked });
      const needs: FileNeeds = { color: plan.mode === 'bw' ? 'bw' : 'color', sides: options.sides, paper: options.paper };
      const candidates = candidatesFor(needs, choice, reported);
      if (candidates.length === 0) throw conflict('The chosen printer is no longer reported by its agent', 'PRINTER_GONE');
      const chosen = choosePrinter(needs, candidates);
      if ('missing' in chosen) throw conflict(missingWords(chosen.missing, options.paper), 'PRINTER_CANNOT');
      return commandFor(job, f, options, chosen, plan);
    });
    await this.d.startPrinting(user, jobId);
    const made = await repo.insertCommands(this.d.db, commands);
    for (const c of made) await this.d.sendToDevice({ deviceId: c.device_id, kind: 'command', commandId: c.id });
    this.d.announceJob(job.shop_id, jobId);
  }

  /** What the agent is told for one command (the STOMP message), or null once it is final or gone. */
  async messageFor(commandId: string): Promise<TDeviceMessage | null> {
    const c = await repo.commandById(this.d.db, commandId);
    if (!c || !OPEN.has(c.state)) return null;
    return { action: 'print', command: toCommand(c) };
  }

  // ---- the agent's side, authenticated by its device token ----

  /** The live agent a bearer token names, for the routes' guard. */
  deviceOfToken(token: string): Promise<PrintDevice | undefined> {
    return deviceOfToken(this.d.db, token);
  }

  async reportPrinters(device: PrintDevice, printers: TReportedPrinter[]): Promise<void> {
    await repo.savePrinters(this.d.db, device.id, printers, this.d.clock.now());
  }

  async openCommands(device: PrintDevice): Promise<TPrintCommand[]> {
    await repo.touchDevice(this.d.db, device.id, this.d.clock.now());
    return (await repo.openCommandsOf(this.d.db, device.id)).map(toCommand);
  }

  /** The document of a command, or of one of its colour runs (only that run's pages). */
  async document(device: PrintDevice, commandId: string, run?: number): Promise<{ pdf: Buffer; name: string }> {
    const c = await repo.commandOfDevice(this.d.db, device.id, commandId);
    if (!c) throw commandNotFound();
    if (!OPEN.has(c.state)) throw new HttpError(410, 'COMMAND_FINISHED', 'This print command is finished or was cancelled');
    if (run === undefined) return this.d.printReady(c.job_id, c.file_id, { printerPicksPages: c.options.pageRanges !== undefined }, true);
    const pages = c.options.runs?.[run]?.pages;
    if (!pages) throw notFound('This print command has no such run', 'RUN_NOT_FOUND');
    return this.d.printReady(c.job_id, c.file_id, { pages }, run === 0);
  }

  async report(device: PrintDevice, commandId: string, input: TCommandReport): Promise<void> {
    const r = parseOrBadRequest(ZCommandReport, input, 'The report is not valid');
    const c = await repo.commandOfDevice(this.d.db, device.id, commandId);
    if (!c) throw commandNotFound();
    const now = this.d.clock.now();
    await repo.touchDevice(this.d.db, device.id, now);
    const updated = await repo.recordReport(this.d.db, commandId, r, now);
    if (!updated) return;
    // Nothing printed: the job is back in the queue, not "Printing since" (docs/product/rules.md).
    if (refusedBeforePrinting(updated.state, r.reasons)) await repo.returnToQueue(this.d.db, c.job_id);
    this.d.announceJob(c.shop_id, c.job_id);
    if (updated.state === 'completed' && (await repo.choiceOf(this.d.db, c.shop_id)).markPrintedOnComplete) {
      const files = await this.d.printableFiles(c.job_id);
      if (
        await repo.allFilesPrinted(
          this.d.db,
          files.map((f) => f.id),
        )
      )
        await this.d.markPrintedByPrinter(c.job_id);
    }
  }
}

const OPEN: ReadonlySet<string> = new Set(['queued', 'sent', 'processing', 'stopped']);

function toCommand(c: repo.CommandRow): TPrintCommand {
  return { id: c.id, jobId: c.job_id, fileId: c.file_id, printerUri: c.printer_uri, ...c.options };
}

/**
 * Page ranges for a printer that picks pages itself, clipped to the document's pages; undefined
 * when every page prints or the pages are not counted, and then the document carries the choice.
 */
function printerPageRanges(pages: string, count: number | null): [number, number][] | undefined {
  if (pages === 'all' || count === null) return undefined;
  const parsed = parsePageRanges(pages);
  if (!parsed.ok) return undefined;
  const clipped = parsed.ranges.filter(([from]) => from <= count).map(([from, to]): [number, number] => [from, Math.min(to, count)]);
  return clipped.length > 0 ? clipped : undefined;
}

/** Reasons an agent gives when the printer was never given the job, or turned it away whole. */
const NOTHING_PRINTED = new Set(['refused', 'unknown-printer', 'unreachable']);
const refusedBeforePrinting = (state: TPrintCommandState, reasons: readonly string[]) =>
  state === 'aborted' && reasons.some((r) => NOTHING_PRINTED.has(r)) && !reasons.includes('part-printed');

const missingWords = (missing: Missing, paper: string) =>
  missing === 'paper' ? PRINTER_MISSING_WORDS.paper(paper) : PRINTER_MISSING_WORDS[missing];

function commandFor(
  job: repo.JobToSend,
  file: repo.JobToSend['files'][number],
  o: TPrintOptions,
  { ref, printer }: Candidate,
  plan: ColourPlan,
): repo.NewCommand {
  // A mixed file's runs carry their own pages; the printer is not asked to pick them.
  const picks = plan.mode !== 'mixed' && o.nup === 1 && printer.pageRanges;
  const ranges = picks ? printerPageRanges(o.pages, file.pages) : undefined;
  return {
    shop_id: job.shop_id,
    device_id: ref.deviceId,
    job_id: job.id,
    file_id: file.id,
    printer_uri: ref.uri,
    printer_name: printer.name,
    options: {
      jobName: `#${job.number} ${job.customer_name ?? 'Customer'} — ${file.original_name}`.slice(0, 120),
      copies: o.copies,
      sides: o.sides,
      // An agent that knows no runs prints a mixed file whole, in colour.
      color: plan.mode === 'bw' ? 'bw' : 'color',
      media: o.paper,
      ...(ranges ? { pageRanges: ranges } : {}),
      ...(plan.mode === 'mixed' ? { runs: plan.runs } : {}),
    },
  };
}
