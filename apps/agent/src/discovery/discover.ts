import type { CupsOptions } from '../engines/cups/cups.js';
import { type BrowseOptions, browseIppPrinters } from './dnssd.js';
import { cupsQueues } from './lpstat.js';
import { type WindowsDiscoverOptions, windowsPrinters } from './windows.js';

export type DiscoverOptions = {
  cups?: CupsOptions;
  dnssd?: BrowseOptions | false;
  /** This PC's Windows printers: looked for on Windows only, unless given (a test passes its PowerShell). */
  windows?: WindowsDiscoverOptions | false;
};

/**
 * The printers this computer can print to without anyone typing an address: its Windows printers (on
 * Windows), its CUPS queues, then the IPP printers announced on the network. A printer reachable two ways
 * may be listed twice, once per way; staff pick one in Settings → Printers.
 */
export async function discoverPrinters(options: DiscoverOptions = {}): Promise<string[]> {
  const windows = options.windows ?? (process.platform === 'win32' ? {} : false);
  const [local, queues, announced] = await Promise.all([
    windows === false ? Promise.resolve([]) : windowsPrinters(windows),
    cupsQueues(options.cups),
    options.dnssd === false ? Promise.resolve([]) : browseIppPrinters(options.dnssd),
  ]);
  return [...new Set([...local, ...queues, ...announced.map((p) => p.uri)])];
}
