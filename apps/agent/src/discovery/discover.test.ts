import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cupsEngine, cupsPrinter } from '../engines/cups/cups.js';
import { defaultEngines } from '../engines/index.js';
import { describePrinters } from '../report-printers.js';
import { CupsLab } from '../test-support/cups-lab.js';
import { PrinterLab, type TestPrinter } from '../test-support/printer-lab.js';
import { discoverPrinters } from './discover.js';
import { browseIppPrinters, parseResolved } from './dnssd.js';
import { cupsQueues } from './lpstat.js';

let lab: PrinterLab;
let cups: CupsLab;
let announced: TestPrinter;
let silent: TestPrinter;

const ANNOUNCED_NAME = 'Shop Laser “front” & co';
const QUEUE = 'काउंटर&Front%1';

beforeAll(async () => {
  lab = await PrinterLab.open();
  await lab.startAvahi();
  [announced, silent] = await Promise.all([
    lab.start({ name: ANNOUNCED_NAME, color: true, duplex: true, advertise: true }),
    lab.start({ name: 'Not Announced' }),
  ]);
  cups = await CupsLab.open();
  await cups.addQueue(QUEUE, silent.uri);
}, 120_000);

afterAll(async () => {
  await cups?.close();
  await lab?.close();
});

/** Avahi publishes a little after the printer answers: browse until it is listed, or 20 s have gone. */
async function browseUntilAnnounced() {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = await browseIppPrinters({ env: lab.env });
    if (found.some((p) => p.name === ANNOUNCED_NAME) || Date.now() > deadline) return found;
  }
}

describe('printers found, not typed', () => {
  it('finds the announced printer by DNS-SD at its own address, and not the silent one', async () => {
    const found = await browseUntilAnnounced();
    const mine = found.find((p) => p.name === ANNOUNCED_NAME);
    expect(mine?.uri).toBe(`ipp://127.0.0.1:${announced.port}/ipp/print`);
    expect(mine?.txt).toMatchObject({ color: 'T', duplex: 'T' });
    expect(found.some((p) => p.uri.includes(`:${silent.port}/`))).toBe(false);
  });

  it('lists the CUPS queues through lpstat, hostile names whole', async () => {
    expect(await cupsQueues({ server: cups.server })).toEqual([cupsPrinter(QUEUE)]);
  });

  it('reports both with colour, duplex, papers and state', async () => {
    await browseUntilAnnounced();
    const printers = await discoverPrinters({ cups: { server: cups.server }, dnssd: { env: lab.env } });
    expect(printers).toEqual(expect.arrayContaining([cupsPrinter(QUEUE), announced.uri]));
    const engines = { ...defaultEngines(), cups: cupsEngine({ server: cups.server }) };
    const reported = await describePrinters(printers, new Map(), engines);
    expect(reported.find((p) => p.uri === announced.uri)).toMatchObject({
      name: ANNOUNCED_NAME,
      state: 'idle',
      color: true,
      duplex: true,
      pdf: true,
    });
    const queue = reported.find((p) => p.uri === cupsPrinter(QUEUE));
    expect(queue).toMatchObject({ name: QUEUE, state: 'idle', color: false, duplex: false, pdf: true });
    expect(queue?.paper).toContain('A4');
  });

  it('finds nothing, rather than failing, where there is no CUPS and no Avahi', async () => {
    expect(await cupsQueues({ server: '127.0.0.1:1' })).toEqual([]);
    expect(await browseIppPrinters({ env: { ...process.env, DBUS_SYSTEM_BUS_ADDRESS: 'unix:path=/nonexistent' } })).toEqual([]);
  });

  it('reads avahi-browse lines: escaped names, IPv6, the resource path', () => {
    expect(
      parseResolved('=;lo;IPv4;A\\032\\226\\128\\156b\\226\\128\\157\\059c;_ipp._tcp;local;h.local;10.0.0.5;631;"rp=ipp/print" "Color=F"'),
    ).toEqual({
      name: 'A “b”;c',
      uri: 'ipp://10.0.0.5:631/ipp/print',
      txt: { rp: 'ipp/print', color: 'F' },
    });
    expect(parseResolved('=;eth0;IPv6;P;_ipp._tcp;local;h.local;fe80::1%eth0;8631;"rp=printers/x"')?.uri).toBe(
      'ipp://[fe80::1]:8631/printers/x',
    );
    expect(parseResolved('+;lo;IPv4;P;_ipp._tcp;local')).toBeNull();
  });
});
