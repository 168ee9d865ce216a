import { z } from 'zod';

/**
 * Print agents (issue 22): a program on the counter PC, paired with a shop by a short code, that
 * prints jobs on the shop's printers over IPP and reports what each printer really did.
 *
 * Staff (shop owner's bearer token):
 *   POST   /api/shops/:shopId/devices/pairing-codes      → 201 ZPairingCode
 *   GET    /api/shops/:shopId/printers                   → ZShopPrinters
 *   PUT    /api/shops/:shopId/printers/choice            ZPrinterChoice → ZShopPrinters
 *   DELETE /api/shops/:shopId/devices/:deviceId          → 204 (revoked: its connection closes)
 *   POST   /api/shops/print-jobs/:id/send-to-printer     → 204
 * Agent, public:
 *   POST   /api/devices/pair                             ZPairRequest → 201 ZPairResponse
 * Agent (Authorization: Bearer cpd_…, the device token):
 *   PUT    /api/devices/me/printers                      ZPrinterReport → 204
 *   GET    /api/devices/me/commands                      → ZPrintCommand[] (not yet final)
 *   GET    /api/devices/me/commands/:id/document         → application/pdf
 *   POST   /api/devices/me/commands/:id/report           ZCommandReport → 204
 *   STOMP  /ws-endpoint: CONNECT with the same Authorization header, SUBSCRIBE deviceTopic(deviceId);
 *          each MESSAGE body is a TDeviceMessage. A revoked device gets ERROR and is disconnected.
 */

/** Pairing codes: 8 letters and digits without look-alikes (no 0/O, 1/I/L), shown as XXXX-XXXX. */
export const PAIRING_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PAIRING_CODE_TTL_SECONDS = 600;
export const DEVICE_TOKEN_PREFIX = 'cpd_';
/** The STOMP topic an agent subscribes to; nobody else may. */
export const deviceTopic = (deviceId: string) => `/topic/devices/${deviceId}/commands`;

export const ZPairingCode = z.object({ code: z.string(), expiresAt: z.string() });
export type TPairingCode = z.infer<typeof ZPairingCode>;

export const ZPairRequest = z.object({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .transform((c) => c.toUpperCase().replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^[2-9A-HJKMNP-Z]{8}$/, 'code must be the 8 letters and digits shown in Settings → Printers')),
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(60, 'name must be at most 60 characters'),
});
export type TPairRequest = z.input<typeof ZPairRequest>;

export const ZPairResponse = z.object({ deviceId: z.string(), token: z.string(), shopId: z.string(), shopName: z.string() });
export type TPairResponse = z.infer<typeof ZPairResponse>;

/** A printer as the agent found it (IPP Get-Printer-Attributes); bounded, since an agent is not trusted with the server's memory. */
export const ZReportedPrinter = z.object({
  uri: z.string().min(1).max(300),
  name: z.string().max(200),
  makeAndModel: z.string().max(200).nullable(),
  state: z.enum(['idle', 'processing', 'stopped']),
  reasons: z.array(z.string().max(100)).max(20),
  stateMessage: z.string().max(300).nullable(),
  acceptingJobs: z.boolean(),
  color: z.boolean(),
  duplex: z.boolean(),
  paper: z.array(z.string().max(40)).max(50),
  pageRanges: z.boolean(),
  pdf: z.boolean(),
});
export type TReportedPrinter = z.infer<typeof ZReportedPrinter>;
export const ZPrinterReport = z.object({ printers: z.array(ZReportedPrinter).max(20) });

export const ZDevice = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  connected: z.boolean(),
  printers: z.array(ZReportedPrinter),
});
export type TDevice = z.infer<typeof ZDevice>;

/** Which printer takes black-and-white files and which takes colour ones. */
export const ZPrinterRef = z.object({ deviceId: z.uuid({ error: 'deviceId must be a device id' }), uri: z.string().min(1).max(300) });
export type TPrinterRef = z.infer<typeof ZPrinterRef>;
export const ZPrinterChoice = z.object({
  bw: ZPrinterRef.nullable(),
  color: ZPrinterRef.nullable(),
  markPrintedOnComplete: z.boolean(),
});
export type TPrinterChoice = z.infer<typeof ZPrinterChoice>;

/**
 * What the chosen printers cannot do of what the shop sells, for Settings → Printers: files needing it
 * cannot be sent to a printer.
 */
export const ZPrinterWarning = z.object({ need: z.enum(['duplex', 'paper', 'color']), paper: z.string().nullable(), message: z.string() });
export type TPrinterWarning = z.infer<typeof ZPrinterWarning>;

export const ZShopPrinters = z.object({
  devices: z.array(ZDevice),
  choice: ZPrinterChoice,
  warnings: z.array(ZPrinterWarning).default([]),
});
export type TShopPrinters = z.infer<typeof ZShopPrinters>;

/** Where a file sent to a printer is; only the printer's own word moves it past `sent`. */
export const PRINT_COMMAND_STATES = ['queued', 'sent', 'processing', 'stopped', 'completed', 'aborted', 'canceled'] as const;
export type TPrintCommandState = (typeof PRINT_COMMAND_STATES)[number];
export const FINAL_PRINT_COMMAND_STATES: readonly TPrintCommandState[] = ['completed', 'aborted', 'canceled'];

/** What the agent is told to print: the options are IPP's to carry out, the pages already in the document. */
export const ZPrintCommand = z.object({
  id: z.string(),
  jobId: z.string(),
  fileId: z.string(),
  jobName: z.string(),
  printerUri: z.string(),
  copies: z.number().int(),
  sides: z.enum(['single', 'double']),
  color: z.enum(['bw', 'color']),
  media: z.string(),
  /** Present when the printer selects the pages itself; then the document has every page. */
  pageRanges: z.array(z.tuple([z.number().int(), z.number().int()])).optional(),
  /**
   * A file with colour and black-and-white pages: each run is printed on its own, in order, in its own
   * colour mode, from the document `?run=<index>` (the pages of that run only), every copy whole before
   * the next. Absent: the document prints whole in `color`.
   */
  runs: z.array(z.object({ pages: z.array(z.tuple([z.number().int(), z.number().int()])), color: z.enum(['bw', 'color']) })).optional(),
});
export type TPrintCommand = z.infer<typeof ZPrintCommand>;

export const ZCommandReport = z.object({
  state: z.enum(['sent', 'processing', 'stopped', 'completed', 'aborted', 'canceled']),
  /** The printer's reasons (media-empty, offline, paused…) or the agent's (refused, unreachable). */
  reasons: z.array(z.string().max(100)).max(20).default([]),
  message: z.string().max(300).nullable().default(null),
  /** Options the printer did not honour, in our words (copies, sides, color, pageRanges, media). */
  unsupported: z.array(z.string().max(100)).max(20).default([]),
});
export type TCommandReport = z.input<typeof ZCommandReport>;

/** A file's printing, as staff see it on the job. */
export const ZFilePrinting = z.object({
  state: z.enum(PRINT_COMMAND_STATES),
  printerName: z.string(),
  reasons: z.array(z.string()),
  message: z.string().nullable(),
  unsupported: z.array(z.string()),
  updatedAt: z.string(),
});
export type TFilePrinting = z.infer<typeof ZFilePrinting>;

/** Messages an agent receives on its topic. */
export type TDeviceMessage = { action: 'print'; command: TPrintCommand } | { action: 'revoked' };

/** Why Send found no chosen printer for a file, in the words staff read. */
export const PRINTER_MISSING_WORDS = {
  color: 'No chosen printer prints colour. Choose a colour printer in Settings → Printers.',
  duplex: 'No chosen printer prints two-sided. Choose one that does in Settings → Printers, or change the file to one-sided.',
  paper: (paper: string) => `No chosen printer takes ${paper} paper. Choose one that does in Settings → Printers, or change the paper.`,
} as const;

/** What Settings → Printers warns of: the rate card sells it, and no chosen printer can print it. */
export const PRINTER_WARNING_WORDS = {
  duplex: 'Your rate card sells two-sided printing, but no chosen printer prints two-sided: such files cannot be sent to a printer.',
  color: 'Your rate card sells colour printing, but no chosen printer prints colour: such files cannot be sent to a printer.',
  paper: (paper: string) =>
    `Your rate card sells ${paper} paper, but no chosen printer reported ${paper}: such files cannot be sent to a printer.`,
} as const;
