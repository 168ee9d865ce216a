import type { TPrintCommand, TPrintCommandState, TPrinterChoice, TReportedPrinter } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';

export type DeviceRow = {
  id: string;
  shop_id: string;
  name: string;
  created_at: Date;
  last_seen_at: Date | null;
  revoked_at: Date | null;
  printers: TReportedPrinter[];
};

export type CommandRow = {
  id: string;
  shop_id: string;
  device_id: string;
  job_id: string;
  file_id: string;
  printer_uri: string;
  printer_name: string;
  options: Omit<TPrintCommand, 'id' | 'jobId' | 'fileId' | 'printerUri'>;
  state: TPrintCommandState;
};

const FINAL = sql`('completed', 'aborted', 'canceled')`;

export async function insertPairingCode(db: Db, codeHash: string, shopId: string, userId: string, expiresAt: Date): Promise<void> {
  await db.execute(
    sql`INSERT INTO device_pairing_codes (code_hash, shop_id, created_by, expires_at) VALUES (${codeHash}, ${shopId}, ${userId}, ${expiresAt})`,
  );
}

/** Uses the code once: two agents racing with one code, one wins. */
export async function claimPairingCode(
  db: Db,
  codeHash: string,
  now: Date,
): Promise<{ shop_id: string; created_by: string | null } | undefined> {
  const rows = await queryRows<{ shop_id: string; created_by: string | null }>(
    db,
    sql`UPDATE device_pairing_codes SET used_at = ${now}
        WHERE code_hash = ${codeHash} AND used_at IS NULL AND expires_at > ${now}
        RETURNING shop_id, created_by`,
  );
  return rows[0];
}

export async function insertDevice(
  db: Db,
  d: { shopId: string; name: string; tokenHash: string; createdBy: string | null },
): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO print_devices (shop_id, name, token_hash, created_by) VALUES (${d.shopId}, ${d.name}, ${d.tokenHash}, ${d.createdBy}) RETURNING id`,
  );
  return rows[0]!.id;
}

export const devicesOfShop = (db: Db, shopId: string) =>
  queryRows<DeviceRow>(db, sql`SELECT * FROM print_devices WHERE shop_id = ${shopId} AND revoked_at IS NULL ORDER BY created_at`);

/** Marks the device seen; at most once a minute, so a chatty agent does not write on every call. */
export async function touchDevice(db: Db, deviceId: string, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE print_devices SET last_seen_at = ${now}
        WHERE id = ${deviceId} AND (last_seen_at IS NULL OR last_seen_at < ${new Date(now.getTime() - 60_000)})`,
  );
}

export async function savePrinters(db: Db, deviceId: string, printers: TReportedPrinter[], now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE print_devices SET printers = ${JSON.stringify(printers)}::jsonb, last_seen_at = ${now} WHERE id = ${deviceId}`,
  );
}

/** Revokes the shop's device; answers false when there is no such live device in that shop. */
export async function revokeDevice(db: Db, shopId: string, deviceId: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE print_devices SET revoked_at = ${now} WHERE id = ${deviceId} AND shop_id = ${shopId} AND revoked_at IS NULL RETURNING id`,
  );
  if (rows.length === 0) return false;
  await db.execute(
    sql`UPDATE print_commands SET state = 'canceled', reasons = '["agent-removed"]'::jsonb, updated_at = ${now}
        WHERE device_id = ${deviceId} AND state NOT IN ${FINAL}`,
  );
  await db.execute(
    sql`UPDATE shop_printer_choice SET
          bw_device_id = CASE WHEN bw_device_id = ${deviceId} THEN NULL ELSE bw_device_id END,
          bw_uri = CASE WHEN bw_device_id = ${deviceId} THEN NULL ELSE bw_uri END,
          color_device_id = CASE WHEN color_device_id = ${deviceId} THEN NULL ELSE color_device_id END,
          color_uri = CASE WHEN color_device_id = ${deviceId} THEN NULL ELSE color_uri END
        WHERE shop_id = ${shopId}`,
  );
  return true;
}

export async function choiceOf(db: Db, shopId: string): Promise<TPrinterChoice> {
  const rows = await queryRows<{
    bw_device_id: string | null;
    bw_uri: string | null;
    color_device_id: string | null;
    color_uri: string | null;
    mark_printed_on_complete: boolean;
  }>(db, sql`SELECT * FROM shop_printer_choice WHERE shop_id = ${shopId}`);
  const r = rows[0];
  return {
    bw: r?.bw_device_id && r.bw_uri ? { deviceId: r.bw_device_id, uri: r.bw_uri } : null,
    color: r?.color_device_id && r.color_uri ? { deviceId: r.color_device_id, uri: r.color_uri } : null,
    markPrintedOnComplete: r?.mark_printed_on_complete ?? false,
  };
}

export async function saveChoice(db: Db, shopId: string, c: TPrinterChoice): Promise<void> {
  await db.execute(
    sql`INSERT INTO shop_printer_choice (shop_id, bw_device_id, bw_uri, color_device_id, color_uri, mark_printed_on_complete)
        VALUES (${shopId}, ${c.bw?.deviceId ?? null}, ${c.bw?.uri ?? null}, ${c.color?.deviceId ?? null}, ${c.color?.uri ?? null}, ${c.markPrintedOnComplete})
        ON CONFLICT (shop_id) DO UPDATE SET bw_device_id = excluded.bw_device_id, bw_uri = excluded.bw_uri,
          color_device_id = excluded.color_device_id, color_uri = excluded.color_uri,
          mark_printed_on_complete = excluded.mark_printed_on_complete`,
  );
}

export type NewCommand = Omit<CommandRow, 'id' | 'state'>;

/**
 * Inserts the commands of one Send; a file already at a printer (an open command) is skipped by the
 * unique index, so two clicks on Send print once. Answers the commands inserted.
 */
export async function insertCommands(db: Db, commands: NewCommand[]): Promise<CommandRow[]> {
  const made: CommandRow[] = [];
  for (const c of commands) {
    const rows = await queryRows<CommandRow>(
      db,
      sql`INSERT INTO print_commands (shop_id, device_id, job_id, file_id, printer_uri, printer_name, options)
          VALUES (${c.shop_id}, ${c.device_id}, ${c.job_id}, ${c.file_id}, ${c.printer_uri}, ${c.printer_name}, ${JSON.stringify(c.options)}::jsonb)
          ON CONFLICT (file_id) WHERE state NOT IN ('completed', 'aborted', 'canceled') DO NOTHING
          RETURNING *`,
    );
    if (rows[0]) made.push(rows[0]);
  }
  return made;
}

export const openCommandsOf = (db: Db, deviceId: string) =>
  queryRows<CommandRow>(
    db,
    sql`SELECT * FROM print_commands WHERE device_id = ${deviceId} AND state NOT IN ${FINAL} ORDER BY created_at LIMIT 200`,
  );

export async function commandOfDevice(db: Db, deviceId: string, commandId: string): Promise<CommandRow | undefined> {
  const rows = await queryRows<CommandRow>(db, sql`SELECT * FROM print_commands WHERE id = ${commandId} AND device_id = ${deviceId}`);
  return rows[0];
}

/** Records the printer's word; a command already final keeps its end (a late 'processing' changes nothing). */
export async function recordReport(
  db: Db,
  commandId: string,
  r: { state: TPrintCommandState; reasons: string[]; message: string | null; unsupported: string[] },
  now: Date,
): Promise<CommandRow | undefined> {
  const rows = await queryRows<CommandRow>(
    db,
    sql`UPDATE print_commands SET state = ${r.state}, reasons = ${JSON.stringify(r.reasons)}::jsonb, message = ${r.message},
          unsupported = CASE WHEN ${r.unsupported.length} > 0 THEN ${JSON.stringify(r.unsupported)}::jsonb ELSE unsupported END,
          updated_at = ${now}
        WHERE id = ${commandId} AND state NOT IN ${FINAL}
        RETURNING *`,
  );
  return rows[0];
}

/** Whether every file given (a job's live files) has a completed command as its latest. */
export async function allFilesPrinted(db: Db, fileIds: string[]): Promise<boolean> {
  if (fileIds.length === 0) return true;
  const rows = await queryRows<{ waiting: number }>(
    db,
    sql`SELECT count(*)::int AS waiting FROM unnest(${sql.param(fileIds)}::uuid[]) AS f(id)
        WHERE coalesce((SELECT c.state FROM print_commands c WHERE c.file_id = f.id ORDER BY c.created_at DESC LIMIT 1), '') <> 'completed'`,
  );
  return rows[0]!.waiting === 0;
}

/** The job's files still on it, in order, as a printer is sent them. */
export type PrintableFiles = (jobId: string) => Promise<JobToSend['files']>;

export type JobToSend = {
  id: string;
  shop_id: string;
  number: number;
  status: string;
  customer_name: string | null;
  files: {
    id: string;
    original_name: string;
    print_options: unknown;
    pages: number | null;
    conversion: string;
    color_pages: number[] | null;
    color_pages_checked: number | null;
  }[];
};

/** A job and its printable files (asked of the feature that owns them), as Send needs them. */
export async function jobToSend(db: Db, jobId: string, filesOf: PrintableFiles): Promise<JobToSend | undefined> {
  const rows = await queryRows<Omit<JobToSend, 'files'>>(
    db,
    sql`SELECT id, shop_id, number, status, customer_name FROM jobs WHERE id = ${jobId}`,
  );
  if (!rows[0]) return undefined;
  return { ...rows[0], files: await filesOf(jobId) };
}

export async function commandById(db: Db, commandId: string): Promise<CommandRow | undefined> {
  const rows = await queryRows<CommandRow>(db, sql`SELECT * FROM print_commands WHERE id = ${commandId}`);
  return rows[0];
}

/** What the shop's active rate card sells per page: paper, sides and colour of its page services. */
export const soldPrints = (db: Db, shopId: string) =>
  queryRows<{ paper: string | null; sides: string | null; color: string | null }>(
    db,
    sql`SELECT DISTINCT paper, sides, color FROM rate_card_services
        WHERE shop_id = ${shopId} AND is_active AND NOT extra AND unit = 'per_page'`,
  );

/**
 * Puts a job back in the queue after a printer refused its file before printing anything: unless
 * another of its files is at a printer or printed, the job no longer shows "Printing since".
 */
export async function returnToQueue(db: Db, jobId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE jobs SET printing_at = NULL
        WHERE id = ${jobId} AND status = 'queued' AND printing_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM print_commands c WHERE c.job_id = ${jobId}
                          AND c.state NOT IN ('aborted', 'canceled'))
        RETURNING id`,
  );
  return rows.length > 0;
}

export async function liveDeviceByTokenHash(db: Db, tokenHash: string): Promise<{ id: string; shop_id: string } | undefined> {
  const rows = await queryRows<{ id: string; shop_id: string }>(
    db,
    sql`SELECT id, shop_id FROM print_devices WHERE token_hash = ${tokenHash} AND revoked_at IS NULL`,
  );
  return rows[0];
}

export async function liveDeviceExists(db: Db, deviceId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`SELECT id FROM print_devices WHERE id = ${deviceId} AND revoked_at IS NULL`);
  return rows.length > 0;
}
