import { execFile } from 'node:child_process';

/**
 * IPP printers announced on the local network by DNS-SD, through Avahi's `avahi-browse` (Debian package
 * avahi-utils; the avahi-daemon it asks is the computer's own, or a test's on its private D-Bus).
 * Only `_ipp._tcp` is browsed: a printer announcing `_ipps._tcp` alone is left out, as the agent does not
 * speak IPP over TLS yet (docs/decisions/073-printers-found-not-typed.md).
 */

export type AnnouncedPrinter = { name: string; uri: string; txt: Record<string, string> };

export type BrowseOptions = { env?: NodeJS.ProcessEnv; timeoutMs?: number };

export async function browseIppPrinters(options: BrowseOptions = {}): Promise<AnnouncedPrinter[]> {
  const lines = await new Promise<string[]>((resolve) =>
    execFile(
      'avahi-browse',
      ['--resolve', '--parsable', '--terminate', '--no-db-lookup', '_ipp._tcp'],
      { env: options.env ?? process.env, timeout: options.timeoutMs ?? 15_000 },
      (error, stdout) => resolve(error && !stdout ? [] : stdout.split('\n')),
    ),
  );
  const found = new Map<string, AnnouncedPrinter>();
  for (const line of lines) {
    const printer = parseResolved(line);
    // One printer is announced on every interface and address family: an IPv4 address wins.
    const known = printer && found.get(printer.name);
    if (printer && (!known || (known.uri.includes('://[') && !printer.uri.includes('://[')))) found.set(printer.name, printer);
  }
  return [...found.values()];
}

/** One `=;iface;proto;name;type;domain;host;address;port;"txt"…` line of avahi-browse -p, or null. */
export function parseResolved(line: string): AnnouncedPrinter | null {
  const fields = line.split(';');
  if (fields[0] !== '=' || fields.length < 10) return null;
  const [, , protocol, name, , , , address, port, ...rest] = fields;
  if (!name || !address || !port || !/^\d+$/.test(port)) return null;
  const txt = parseTxt(rest.join(';'));
  const path = (txt.rp ?? 'ipp/print').replace(/^\/+/, '');
  const host = protocol === 'IPv6' ? `[${address.split('%')[0]}]` : address;
  return { name: decodeAvahi(name), uri: `ipp://${host}:${port}/${path}`, txt };
}

/** avahi-browse writes each byte outside printable ASCII, and '.', ';' and '\\', as \DDD (decimal). */
function decodeAvahi(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && /^\d{3}$/.test(text.slice(i + 1, i + 4))) {
      bytes.push(Number(text.slice(i + 1, i + 4)));
      i += 3;
    } else bytes.push(...Buffer.from(text[i] ?? ''));
  }
  return Buffer.from(bytes).toString('utf8');
}

function parseTxt(text: string): Record<string, string> {
  const txt: Record<string, string> = {};
  for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    const entry = decodeAvahi(match[1] ?? '');
    const at = entry.indexOf('=');
    if (at > 0) txt[entry.slice(0, at).toLowerCase()] = entry.slice(at + 1);
  }
  return txt;
}
