import type { CupsOptions } from '../engines/cups/cups.js';
import { type BrowseOptions, browseIppPrinters } from './dnssd.js';
import { cupsQueues } from './lpstat.js';

export type DiscoverOptions = { cups?: CupsOptions; dnssd?: BrowseOptions | false };

/**
 * The printers this computer can print to without anyone typing an address: its CUPS queues, then the IPP
 * printers announced on the network. A printer behind a CUPS queue may be listed twice, once per way of
 * reaching it; staff pick one in Settings → Printers.
 */
export async function discoverPrinters(options: DiscoverOptions = {}): Promise<string[]> {
  const [queues, announced] = await Promise.all([
    cupsQueues(options.cups),
    options.dnssd === false ? Promise.resolve([]) : browseIppPrinters(options.dnssd),
  ]);
  return [...new Set([...queues, ...announced.map((p) => p.uri)])];
}
