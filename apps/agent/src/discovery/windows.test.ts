import { describe, expect, it } from 'vitest';
import { discoverPrinters } from './discover.js';
import { windowsPrinters } from './windows.js';

// Win32_Printer as Windows PowerShell 5.1 prints it (see engines/windows/printers.test.ts): a counter PC's
// own printers, Windows's file-making ones among them.
const row = (Name: string, PortName: string, Default = false) =>
  JSON.stringify({ Name, PortName, Default, DriverName: Name, PrinterStatus: 3, DetectedErrorState: 0 });
const COUNTER_PC = `\uFEFF[${[
  row('Microsoft Print to PDF', 'PORTPROMPT:'),
  row('EPSON L3250 Series', 'WSD-5b2f'),
  row('Fax', 'SHRFAX:'),
  row('OneNote for Windows 10', 'Microsoft.Office.OneNote_16001.14326.20164.0_x64__8wekyb3d8bbwe_microsoft.onenote'),
  row('Microsoft XPS Document Writer', 'PORTPROMPT:'),
  row('Canon LBP2900 "front" & 100%', 'USB001', true),
  row('प्रिंटर कक्ष', 'IP_192.168.1.40'),
].join(',')}]\r\n`;

describe('Windows printers found, not typed', () => {
  it('lists the PC’s paper printers as windows: addresses, the default first, names whole', async () => {
    expect(await windowsPrinters({ powershell: async () => COUNTER_PC })).toEqual([
      'windows:Canon LBP2900 "front" & 100%',
      'windows:EPSON L3250 Series',
      'windows:प्रिंटर कक्ष',
    ]);
  });

  it('finds none, with no error, when PowerShell cannot be run', async () => {
    expect(await windowsPrinters({ powershell: () => Promise.reject(new Error('powershell.exe not found')) })).toEqual([]);
  });

  it('adds them to what run --discover finds; off Windows it does not look', async () => {
    const cups = { server: '127.0.0.1:9' };
    const found = await discoverPrinters({ windows: { powershell: async () => COUNTER_PC }, cups, dnssd: false });
    expect(found).toHaveLength(3);
    expect(found[0]).toBe('windows:Canon LBP2900 "front" & 100%');
    if (process.platform !== 'win32') expect(await discoverPrinters({ cups, dnssd: false })).toEqual([]);
  });
});
