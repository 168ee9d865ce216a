import { describe, expect, it } from 'vitest';
import { LIST_PRINTERS_ARGS, listWindowsPrinters, parseWindowsPrinters, WindowsPrinterListError } from './printers.js';

// Outputs in the shape Windows PowerShell 5.1 prints for LIST_PRINTERS_ARGS (ConvertTo-Json -Compress of
// Win32_Printer's properties): a counter PC with a USB laser out of paper, a colour inkjet, a copier on the
// network, Microsoft's own PDF printer and a printer with a Hindi name.
const COUNTER_PC = `\uFEFF[${[
  '{"Name":"Canon LBP2900","DriverName":"Canon LBP2900","PortName":"USB001","Default":true,"WorkOffline":false,"PrinterStatus":1,"DetectedErrorState":4,"ExtendedDetectedErrorState":null,"CapabilityDescriptions":["Copies","Collate"],"PrinterPaperNames":["A4","Letter","Legal","A5","B5 (JIS)","Envelope #10"]}',
  '{"Name":"EPSON L3250 Series","DriverName":"EPSON L3250 Series","PortName":"WSD-5b2f","Default":false,"WorkOffline":false,"PrinterStatus":3,"DetectedErrorState":0,"ExtendedDetectedErrorState":0,"CapabilityDescriptions":["Copies","Color","Collate"],"PrinterPaperNames":["A4","Letter","4 x 6 in","A4","A5"]}',
  '{"Name":"\\\\\\\\SHOP-SERVER\\\\Ricoh & Co \\"Copier\\" 100%","DriverName":"RICOH PCL6 UniversalDriver V4.35","PortName":"IP_192.168.1.40","Default":false,"WorkOffline":false,"PrinterStatus":4,"DetectedErrorState":2,"ExtendedDetectedErrorState":0,"CapabilityDescriptions":["Copies","Color","Duplex","Collate"],"PrinterPaperNames":["A3","A4","A5","Legal"]}',
  '{"Name":"Microsoft Print to PDF","DriverName":"Microsoft Print To PDF","PortName":"PORTPROMPT:","Default":false,"WorkOffline":false,"PrinterStatus":3,"DetectedErrorState":0,"ExtendedDetectedErrorState":0,"CapabilityDescriptions":null,"PrinterPaperNames":null}',
  '{"Name":"प्रिंटर कक्ष","DriverName":"HP LaserJet M1005","PortName":"USB002","Default":false,"WorkOffline":true,"PrinterStatus":7,"DetectedErrorState":9,"ExtendedDetectedErrorState":0,"CapabilityDescriptions":["Copies"],"PrinterPaperNames":["A4"]}',
].join(',')}]\r\n`;

describe('the Windows printer list', () => {
  it('asks PowerShell, without a profile, for one JSON array of Win32_Printer', () => {
    expect(LIST_PRINTERS_ARGS.slice(0, 3)).toEqual(['-NoProfile', '-NonInteractive', '-Command']);
    expect(LIST_PRINTERS_ARGS[3]).toContain('ConvertTo-Json -Compress -Depth 3 -InputObject @(Get-CimInstance -ClassName Win32_Printer');
  });

  it('reads each printer: driver, port, default, colour, two-sided, papers, state and reasons', () => {
    expect(parseWindowsPrinters(COUNTER_PC)).toEqual([
      {
        name: 'Canon LBP2900',
        driver: 'Canon LBP2900',
        port: 'USB001',
        isDefault: true,
        color: false,
        duplex: false,
        paper: ['A4', 'Letter', 'Legal', 'A5', 'B5 (JIS)', 'Envelope #10'],
        state: 'stopped',
        reasons: ['media-empty'],
      },
      {
        name: 'EPSON L3250 Series',
        driver: 'EPSON L3250 Series',
        port: 'WSD-5b2f',
        isDefault: false,
        color: true,
        duplex: false,
        paper: ['A4', 'Letter', '4 x 6 in', 'A5'],
        state: 'idle',
        reasons: [],
      },
      {
        name: '\\\\SHOP-SERVER\\Ricoh & Co "Copier" 100%',
        driver: 'RICOH PCL6 UniversalDriver V4.35',
        port: 'IP_192.168.1.40',
        isDefault: false,
        color: true,
        duplex: true,
        paper: ['A3', 'A4', 'A5', 'Legal'],
        state: 'printing',
        reasons: [],
      },
      {
        name: 'Microsoft Print to PDF',
        driver: 'Microsoft Print To PDF',
        port: 'PORTPROMPT:',
        isDefault: false,
        color: false,
        duplex: false,
        paper: [],
        state: 'idle',
        reasons: [],
      },
      {
        name: 'प्रिंटर कक्ष',
        driver: 'HP LaserJet M1005',
        port: 'USB002',
        isDefault: false,
        color: false,
        duplex: false,
        paper: ['A4'],
        state: 'stopped',
        reasons: ['offline'],
      },
    ]);
  });

  it.each([
    [{ DetectedErrorState: 8 }, 'stopped', ['media-jam']],
    [{ DetectedErrorState: 7 }, 'stopped', ['door-open']],
    [{ DetectedErrorState: 6 }, 'stopped', ['toner-empty']],
    [{ DetectedErrorState: 11 }, 'stopped', ['output-area-full']],
    [{ DetectedErrorState: 10 }, 'stopped', ['other']],
    [{ DetectedErrorState: 3 }, 'idle', ['media-low']],
    [{ DetectedErrorState: 5, PrinterStatus: 4 }, 'printing', ['toner-low']],
    [{ PrinterStatus: 6 }, 'stopped', ['paused']],
    [{ PrinterStatus: 7 }, 'stopped', ['offline']],
    [{ WorkOffline: true }, 'stopped', ['offline']],
    [{ PrinterStatus: 5 }, 'printing', []],
  ])('reads %j as %s %j', (state, expected, reasons) => {
    const [p] = parseWindowsPrinters(JSON.stringify([{ Name: 'P', PrinterStatus: 3, DetectedErrorState: 2, ...state }]));
    expect(p).toMatchObject({ state: expected, reasons });
  });

  it('takes a lone printer PowerShell printed as an object, no printers at all, and skips a nameless entry', () => {
    expect(parseWindowsPrinters('{"Name":"Solo","PrinterPaperNames":"A4","CapabilityDescriptions":"Color"}')).toMatchObject([
      { name: 'Solo', paper: ['A4'], color: true },
    ]);
    expect(parseWindowsPrinters('[]')).toEqual([]);
    expect(parseWindowsPrinters('\r\n')).toEqual([]);
    expect(parseWindowsPrinters('[{"Name":""},{"DriverName":"x"},{"Name":"Kept"}]').map((p) => p.name)).toEqual(['Kept']);
  });

  it('says so when PowerShell answers with something other than JSON', () => {
    expect(() => parseWindowsPrinters('Get-CimInstance : Access denied\r\n')).toThrow(WindowsPrinterListError);
  });

  it('runs PowerShell with the argument vector and parses what it printed', async () => {
    const calls: (readonly string[])[] = [];
    const printers = await listWindowsPrinters(async (args) => {
      calls.push(args);
      return COUNTER_PC;
    });
    expect(calls).toEqual([LIST_PRINTERS_ARGS]);
    expect(printers.map((p) => p.name)).toHaveLength(5);
  });
});
