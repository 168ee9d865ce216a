import type { AddressInfo } from 'node:net';
import { deviceTopic, PRINTER_MISSING_WORDS, PRINTER_WARNING_WORDS } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, pdfBytes, upload } from '../../../test/support/fixtures.js';
import { createSecondInstance, createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import { subscribe, until } from '../../../test/support/stomp-client.js';

type Owner = Awaited<ReturnType<typeof ownerWithShop>>;

const printer = (uri: string, name: string, color: boolean, pageRanges = true) => ({
  uri,
  name,
  makeAndModel: 'Test printer',
  state: 'idle' as const,
  reasons: [],
  stateMessage: null,
  acceptingJobs: true,
  color,
  duplex: true,
  paper: ['A4'],
  pageRanges,
  pdf: true,
});
const BW = printer('ipp://127.0.0.1:8631/ipp/print/bw', 'Counter B&W', false);
const COLOUR = printer('ipp://127.0.0.1:8632/ipp/print/colour', 'Counter Colour', true, false);

describe.each(DATABASE_KINDS)('print agents on %s', (kind) => {
  let t: TestApp;
  let a: Owner;
  let b: Owner;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    a = await ownerWithShop(t.app, 'agents-a@example.com', { shopName: 'Alpha Agents' });
    b = await ownerWithShop(t.app, 'agents-b@example.com', { shopName: 'Beta Agents' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const device = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Pairs an agent with the owner's shop and reports its printers; answers its id and token. */
  const pairAgent = async (owner: Owner, printers = [BW, COLOUR]) => {
    const code = await call('POST', `/api/shops/${owner.shop.id}/devices/pairing-codes`, owner.auth);
    expect(code.statusCode).toBe(201);
    const paired = await call('POST', '/api/devices/pair', {}, { code: json(code).code.toLowerCase(), name: 'Counter PC' });
    expect(paired.statusCode, paired.body).toBe(201);
    const { deviceId, token } = json(paired);
    expect((await call('PUT', '/api/devices/me/printers', device(token), { printers })).statusCode).toBe(204);
    return { deviceId: deviceId as string, token: token as string };
  };
  const choose = (owner: Owner, choice: object) => call('PUT', `/api/shops/${owner.shop.id}/printers/choice`, owner.auth, choice);
  const jobWith = async (owner: Owner, options: object[]) => {
    const res = await upload(t.app, owner.shop.slug, [
      { name: 'name', value: 'Leela' },
      { name: 'options', value: JSON.stringify(options) },
      ...(await Promise.all(
        options.map(async (_, i) => ({ name: 'files', filename: `part-${i + 1}.pdf`, data: await pdfBytes(4, `Part ${i + 1}`) })),
      )),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    await t.app.services.pageCounter.idle();
    return json(res).jobId as string;
  };
  const staffJob = async (owner: Owner, jobId: string) =>
    json(await call('GET', `/api/shops/${owner.shop.id}/print-jobs`, owner.auth)).find((j: { id: string }) => j.id === jobId);

  it('pairs once per code: the code is shown as XXXX-XXXX, works once, and a wrong one is told so', async () => {
    const code = json(await call('POST', `/api/shops/${a.shop.id}/devices/pairing-codes`, a.auth));
    expect(code.code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    const first = await call('POST', '/api/devices/pair', {}, { code: code.code, name: 'Front desk' });
    expect(first.statusCode).toBe(201);
    expect(json(first)).toMatchObject({ shopId: a.shop.id, shopName: 'Alpha Agents', token: expect.stringMatching(/^cpd_/) });
    const again = await call('POST', '/api/devices/pair', {}, { code: code.code, name: 'Thief' });
    expect(again.statusCode).toBe(404);
    expect(json(again).error).toMatch(/wrong, used or expired/);
    const malformed = await call('POST', '/api/devices/pair', {}, { code: 'hello', name: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect((await call('POST', `/api/shops/${a.shop.id}/devices/pairing-codes`, b.auth)).statusCode).toBe(403);
  });

  it("refuses the agent's calls without its token, with a user's token, and with a made-up one", async () => {
    for (const headers of [{}, a.auth, device('cpd_madeup')]) {
      const res = await call('GET', '/api/devices/me/commands', headers);
      expect(res.statusCode).toBe(401);
    }
  });

  it('sends each file to the printer chosen for its colour, with its options, once however often Send is pressed', async () => {
    const agent = await pairAgent(a);
    const listed = json(await call('GET', `/api/shops/${a.shop.id}/printers`, a.auth));
    expect(listed.devices.find((d: { id: string }) => d.id === agent.deviceId)).toMatchObject({ connected: true, printers: [BW, COLOUR] });
    expect(
      (await choose(a, { bw: { deviceId: agent.deviceId, uri: 'ipp://elsewhere/x' }, color: null, markPrintedOnComplete: false }))
        .statusCode,
    ).toBe(400);

    const jobId = await jobWith(a, [
      { copies: 2, sides: 'double', pages: '2-3' },
      { color: 'color', pages: '1-2, 4' },
    ]);
    expect((await choose(a, { bw: { deviceId: agent.deviceId, uri: BW.uri }, color: null, markPrintedOnComplete: false })).statusCode).toBe(
      200,
    );
    const noColour = await call('POST', `/api/shops/print-jobs/${jobId}/send-to-printer`, a.auth);
    expect(noColour.statusCode).toBe(409);
    expect(json(noColour).error).toBe(PRINTER_MISSING_WORDS.color);

    const live = subscribe(base, agent.token, a.shop.id, deviceTopic(agent.deviceId));
    await live.subscribed;
    await choose(a, {
      bw: { deviceId: agent.deviceId, uri: BW.uri },
      color: { deviceId: agent.deviceId, uri: COLOUR.uri },
      markPrintedOnComplete: true,
    });
    expect((await call('POST', `/api/shops/print-jobs/${jobId}/send-to-printer`, a.auth)).statusCode).toBe(204);
    expect((await call('POST', `/api/shops/print-jobs/${jobId}/send-to-printer`, a.auth)).statusCode).toBe(204);
    await until(() => live.messages.length >= 2, 5000, 'two print commands');
    const commands = json(await call('GET', '/api/devices/me/commands', device(agent.token)));
    expect(commands).toHaveLength(2);
    expect(live.messages.map((m) => JSON.parse(m).command.id).sort()).toEqual(commands.map((c: { id: string }) => c.id).sort());
    const [bw, colour] = commands;
    // The B&W printer picks pages itself; the colour one cannot, so its document carries the pages.
    expect(bw).toMatchObject({ printerUri: BW.uri, copies: 2, sides: 'double', color: 'bw', media: 'A4', pageRanges: [[2, 3]] });
    expect(colour).toMatchObject({ printerUri: COLOUR.uri, copies: 1, sides: 'single', color: 'color', media: 'A4' });
    expect(colour.pageRanges).toBeUndefined();
    const doc = await call('GET', `/api/devices/me/commands/${colour.id}/document`, device(agent.token));
    expect(doc.statusCode).toBe(200);
    expect((await PDFDocument.load(doc.rawPayload)).getPageCount()).toBe(3);
    const whole = await call('GET', `/api/devices/me/commands/${bw.id}/document`, device(agent.token));
    expect((await PDFDocument.load(whole.rawPayload)).getPageCount()).toBe(4);
    expect((await staffJob(a, jobId)).printingAt).not.toBeNull();

    const report = (id: string, body: object) => call('POST', `/api/devices/me/commands/${id}/report`, device(agent.token), body);
    expect((await report(bw.id, { state: 'stopped', reasons: ['media-empty'], message: 'Tray 1 is empty' })).statusCode).toBe(204);
    let shown = await staffJob(a, jobId);
    expect(shown.files[0].printing).toMatchObject({
      state: 'stopped',
      printerName: 'Counter B&W',
      reasons: ['media-empty'],
      message: 'Tray 1 is empty',
    });
    await report(bw.id, { state: 'completed' });
    await report(colour.id, { state: 'sent', unsupported: ['sides'] });
    shown = await staffJob(a, jobId);
    expect(shown.status).toBe('queued');
    expect(shown.files[1].printing).toMatchObject({ state: 'sent', unsupported: ['sides'] });
    // A late word for a finished command changes nothing.
    await report(bw.id, { state: 'processing' });
    await report(colour.id, { state: 'completed' });
    shown = await staffJob(a, jobId);
    expect(shown.files.map((f: { printing: { state: string } }) => f.printing.state)).toEqual(['completed', 'completed']);
    // The shop asked for it: every file completed by the printer marks the job printed.
    expect(shown.status).toBe('done');
    expect(json(await call('GET', '/api/devices/me/commands', device(agent.token)))).toEqual([]);
    await live.stop();
  });

  it('puts the job back in the queue when a printer refused its file before printing a page, not when it refused part-way', async () => {
    const agent = await pairAgent(a);
    await choose(a, { bw: { deviceId: agent.deviceId, uri: BW.uri }, color: null, markPrintedOnComplete: false });
    const jobId = await jobWith(a, [{}]);
    const sendAndRefuse = async (reasons: string[]) => {
      expect((await call('POST', `/api/shops/print-jobs/${jobId}/send-to-printer`, a.auth)).statusCode).toBe(204);
      const [command] = json(await call('GET', '/api/devices/me/commands', device(agent.token)));
      expect((await staffJob(a, jobId)).printingAt).not.toBeNull();
      const body = { state: 'aborted', reasons, message: 'This printer prints black and white only', unsupported: ['color'] };
      const res = await call('POST', `/api/devices/me/commands/${command.id}/report`, device(agent.token), body);
      expect(res.statusCode).toBe(204);
      return staffJob(a, jobId);
    };
    expect(await sendAndRefuse(['refused'])).toMatchObject({ status: 'queued', printingAt: null });
    // Earlier colour runs of the file printed: the job stays "Printing since".
    expect((await sendAndRefuse(['refused', 'part-printed'])).printingAt).not.toBeNull();
    const badRun = await call('GET', `/api/devices/me/commands/${crypto.randomUUID()}/document?run=first`, device(agent.token));
    expect(badRun.statusCode).toBe(400);
  });

  it('sends an Auto file with colour and B&W pages as runs to the colour printer, each run a document of its pages only', async () => {
    const agent = await pairAgent(a);
    await choose(a, {
      bw: { deviceId: agent.deviceId, uri: BW.uri },
      color: { deviceId: agent.deviceId, uri: COLOUR.uri },
      markPrintedOnComplete: false,
    });
    const jobId = await jobWith(a, [{}]);
    await t.deps.database.db.execute(
      sql`UPDATE job_files SET print_options = print_options || '{"color": "auto"}'::jsonb, color_pages = '[2]'::jsonb,
            color_pages_checked = 4 WHERE job_id = ${jobId}`,
    );
    expect((await call('POST', `/api/shops/print-jobs/${jobId}/send-to-printer`, a.auth)).statusCode).toBe(204);
    const [command] = json(await call('GET', '/api/devices/me/commands', device(agent.token)));
    expect(command).toMatchObject({
      printerUri: COLOUR.uri,
      color: 'color',
      runs: [
        { pages: [[1, 1]], color: 'bw' },
        { pages: [[2, 2]], color: 'color' },
        { pages: [[3, 4]], color: 'bw' },
      ],
    });
    const pagesOf = async (run: number) => {
      const res = await call('GET', `/api/devices/me/commands/${command.id}/document?run=${run}`, device(agent.token));
      expect(res.statusCode, res.body).toBe(200);
      return (await PDFDocument.load(res.rawPayload)).getPageCount();
    };
    expect([await pagesOf(0), await pagesOf(1), await pagesOf(2)]).toEqual([1, 1, 2]);
    const past = await call('GET', `/api/devices/me/commands/${command.id}/document?run=3`, device(agent.token));
    expect(past.statusCode).toBe(404);
  });

  it('warns in Settings → Printers of two-sided printing and a paper the rate card sells that no chosen printer can print', async () => {
    const oneSided = { ...BW, uri: 'ipp://127.0.0.1:8633/ipp/print/one-sided', name: 'One-sided B&W', duplex: false };
    const agent = await pairAgent(b, [oneSided]);
    await t.deps.database.db.execute(
      sql`INSERT INTO rate_card_services (shop_id, service_name, base_price_paise, unit, paper, color, sides)
          VALUES (${b.shop.id}, 'B&W A3 two-sided', 400, 'per_page', 'A3', 'bw', 'double')`,
    );
    const shown = async () => json(await call('GET', `/api/shops/${b.shop.id}/printers`, b.auth)).warnings;
    expect(await shown()).toEqual([]);
    await choose(b, { bw: { deviceId: agent.deviceId, uri: oneSided.uri }, color: null, markPrintedOnComplete: false });
    const warnings = await shown();
    expect(warnings).toEqual(
      expect.arrayContaining([
        { need: 'duplex', paper: null, message: PRINTER_WARNING_WORDS.duplex },
        { need: 'paper', paper: 'A3', message: PRINTER_WARNING_WORDS.paper('A3') },
      ]),
    );
    // The printer has A4: the starter rate card's A4 prints are not warned of.
    expect(warnings.map((w: { paper: string | null }) => w.paper)).not.toContain('A4');
  });

  it('refuses to send a job while one of its files is still being converted, and sends nothing', async () => {
    const agent = await pairAgent(a);
    await choose(a, { bw: { deviceId: agent.deviceId, uri: BW.uri }, color: null, markPrintedOnComplete: false });
    const jobId = await jobWith(a, [{}, {}]);
    await t.deps.database.db.execute(sql`UPDATE job_files SET conversion = 'converting' WHERE job_id = ${jobId} AND position = 1`);
    const res = await call('POST', `/api/shops/print-jobs/${jobId}/send-to-printer`, a.auth);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({
      code: 'PRINT_NOT_READY',
      error: 'A file of this job is still being converted. Send it in a moment.',
    });
    expect(json(await call('GET', '/api/devices/me/commands', device(agent.token)))).toEqual([]);
  });

  it("keeps shops apart: another shop's agent sees, fetches and reports none of this shop's commands, nor subscribes to its topic", async () => {
    const mine = await pairAgent(a);
    const theirs = await pairAgent(b);
    await choose(a, { bw: { deviceId: mine.deviceId, uri: BW.uri }, color: null, markPrintedOnComplete: false });
    // Choosing another shop's agent is refused like any printer this shop never heard of.
    expect((await choose(b, { bw: { deviceId: mine.deviceId, uri: BW.uri }, color: null, markPrintedOnComplete: false })).statusCode).toBe(
      400,
    );
    const jobId = await jobWith(a, [{}]);
    expect((await call('POST', `/api/shops/print-jobs/${jobId}/send-to-printer`, b.auth)).statusCode).toBe(403);
    expect((await call('POST', `/api/shops/print-jobs/${jobId}/send-to-printer`, a.auth)).statusCode).toBe(204);
    const [command] = json(await call('GET', '/api/devices/me/commands', device(mine.token)));
    expect(json(await call('GET', '/api/devices/me/commands', device(theirs.token)))).toEqual([]);
    expect((await call('GET', `/api/devices/me/commands/${command.id}/document`, device(theirs.token))).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/devices/me/commands/${command.id}/report`, device(theirs.token), { state: 'completed' })).statusCode,
    ).toBe(404);
    const spy = subscribe(base, theirs.token, b.shop.id, deviceTopic(mine.deviceId));
    await expect(spy.subscribed).rejects.toThrow(`Access denied to ${deviceTopic(mine.deviceId)}`);
    const user = subscribe(base, a.token, a.shop.id, deviceTopic(mine.deviceId));
    await expect(user.subscribed).rejects.toThrow(/Access denied/);
    const agentOnShop = subscribe(base, mine.token, a.shop.id);
    await expect(agentOnShop.subscribed).rejects.toThrow(/Access denied/);
  });

  it('revoking an agent closes its connection, cancels what it had not finished, and refuses its token', async () => {
    const agent = await pairAgent(a);
    await choose(a, { bw: { deviceId: agent.deviceId, uri: BW.uri }, color: null, markPrintedOnComplete: false });
    const jobId = await jobWith(a, [{}]);
    const live = subscribe(base, agent.token, a.shop.id, deviceTopic(agent.deviceId));
    await live.subscribed;
    await call('POST', `/api/shops/print-jobs/${jobId}/send-to-printer`, a.auth);
    await until(() => live.messages.length === 1, 5000, 'the print command');
    expect((await call('DELETE', `/api/shops/${a.shop.id}/devices/${agent.deviceId}`, b.auth)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/shops/${a.shop.id}/devices/${agent.deviceId}`, a.auth)).statusCode).toBe(204);
    await until(() => live.closedAt !== undefined, 5000, 'the revoked agent to be disconnected');
    expect(live.messages.map((m) => JSON.parse(m).action)).toEqual(['print', 'revoked']);
    expect((await call('GET', '/api/devices/me/commands', device(agent.token))).statusCode).toBe(401);
    const shown = await staffJob(a, jobId);
    expect(shown.files[0].printing).toMatchObject({ state: 'canceled', reasons: ['agent-removed'] });
    const listed = json(await call('GET', `/api/shops/${a.shop.id}/printers`, a.auth));
    expect(listed.devices.map((d: { id: string }) => d.id)).not.toContain(agent.deviceId);
    expect(listed.choice.bw).toBeNull();
    const back = subscribe(base, agent.token, a.shop.id, deviceTopic(agent.deviceId));
    await expect(back.subscribed).rejects.toThrow(/Authentication failed/);
  });
  it.runIf(kind === 'postgres')('reaches an agent connected to another instance, and revokes it there at once', async () => {
    const agent = await pairAgent(a);
    await choose(a, { bw: { deviceId: agent.deviceId, uri: BW.uri }, color: null, markPrintedOnComplete: false });
    const jobId = await jobWith(a, [{}]);
    const second = await createSecondInstance(t);
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const base2 = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
      const live = subscribe(base2, agent.token, a.shop.id, deviceTopic(agent.deviceId));
      await live.subscribed;
      expect((await call('POST', `/api/shops/print-jobs/${jobId}/send-to-printer`, a.auth)).statusCode).toBe(204);
      await until(() => live.messages.length === 1, 5000, 'the command, through the other instance');
      expect(JSON.parse(live.messages[0]!)).toMatchObject({ action: 'print', command: { jobId, printerUri: BW.uri } });
      await call('DELETE', `/api/shops/${a.shop.id}/devices/${agent.deviceId}`, a.auth);
      await until(() => live.closedAt !== undefined, 5000, 'the other instance to disconnect the revoked agent');
    } finally {
      await second.close();
    }
  });
});
