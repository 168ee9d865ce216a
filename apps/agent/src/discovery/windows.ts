import { windowsPrinter } from '../engines/windows/engine.js';
import { listWindowsPrinters, type RunPowerShell } from '../engines/windows/printers.js';

export type WindowsDiscoverOptions = { powershell?: RunPowerShell };

// Ports of Windows's own printers that make files or faxes, not paper: Print to PDF, XPS, OneNote, Fax.
const NOT_PAPER_PORTS = /^(PORTPROMPT:|SHRFAX:|nul:|FILE:|XPSPort:|Microsoft\.Office\.OneNote.*)$/i;

/**
 * This PC's Windows printers, as windows: printer addresses, the default first; the ones that only
 * make files are left out. PowerShell missing or failing: none (docs/decisions/073-printers-found-not-typed.md).
 */
export async function windowsPrinters(options: WindowsDiscoverOptions = {}): Promise<string[]> {
  const printers = await listWindowsPrinters(options.powershell).catch(() => []);
  return printers
    .filter((p) => !NOT_PAPER_PORTS.test(p.port ?? ''))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
    .map((p) => windowsPrinter(p.name));
}
