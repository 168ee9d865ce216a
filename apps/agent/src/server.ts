import {
  type TCommandReport,
  type TPairResponse,
  type TPrintCommand,
  type TReportedPrinter,
  ZPairResponse,
  ZPrintCommand,
} from '@counterprint/contract';

/**
 * The Counterprint server's routes for print agents (packages/contract/src/devices.ts), over fetch with
 * a time limit. Failures come back as three kinds the caller acts on differently: the server could not be
 * reached (try again later), it refused the device token (the agent was removed), it refused the request.
 */

export class ServerUnreachableError extends Error {
  override readonly name = 'ServerUnreachableError';
}

/** The device token no longer opens anything: the shop removed this agent. */
export class DeviceRevokedError extends Error {
  override readonly name = 'DeviceRevokedError';
}

export class ServerRefusedError extends Error {
  override readonly name = 'ServerRefusedError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const REQUEST_TIMEOUT_MS = 30_000;
const DOCUMENT_TIMEOUT_MS = 300_000;

/** "counterprint.example.com/" → "https://counterprint.example.com"; RangeError for what is no web address. */
export function serverAddress(input: string): string {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(input.trim()) ? input.trim() : `https://${input.trim()}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RangeError(`--server must be the shop's Counterprint address, such as https://counterprint.example.com (not '${input}')`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RangeError('--server must start with https:// or http://');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export async function pairDevice(server: string, code: string, name: string): Promise<TPairResponse> {
  const response = await call(server, '/api/devices/pair', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, name }),
  });
  const paired = ZPairResponse.safeParse(await response.json().catch(() => null));
  if (!paired.success) throw new ServerRefusedError(`${server} did not answer like a Counterprint server`, response.status);
  return paired.data;
}

/** The routes an agent calls with its device token. */
export class DeviceApi {
  constructor(
    readonly server: string,
    private readonly token: string,
  ) {}

  async reportPrinters(printers: TReportedPrinter[]): Promise<void> {
    await this.send('PUT', '/api/devices/me/printers', { printers });
  }

  /** The commands not yet final; one the agent cannot read is left out rather than guessed at. */
  async commands(): Promise<{ commands: TPrintCommand[]; unreadable: number }> {
    const response = await call(this.server, '/api/devices/me/commands', { headers: this.headers() });
    const body: unknown = await response.json().catch(() => null);
    const items = Array.isArray(body) ? body : [];
    const commands = items.flatMap((item) => {
      const command = ZPrintCommand.safeParse(item);
      return command.success ? [command.data] : [];
    });
    return { commands, unreadable: items.length - commands.length };
  }

  /** The command's document, or only the pages of its colour run `run` (TPrintCommand's runs). */
  async document(commandId: string, run?: number): Promise<Uint8Array> {
    const response = await call(
      this.server,
      `/api/devices/me/commands/${encodeURIComponent(commandId)}/document${run === undefined ? '' : `?run=${run}`}`,
      { headers: this.headers() },
      DOCUMENT_TIMEOUT_MS,
    );
    return new Uint8Array(await response.arrayBuffer());
  }

  async report(commandId: string, report: TCommandReport): Promise<void> {
    await this.send('POST', `/api/devices/me/commands/${encodeURIComponent(commandId)}/report`, report);
  }

  private async send(method: string, route: string, body: unknown): Promise<void> {
    const response = await call(this.server, route, {
      method,
      headers: { ...this.headers(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
  }

  private headers(): Record<string, string> {
    return { authorization: `Bearer ${this.token}` };
  }
}

async function call(server: string, route: string, init: RequestInit, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${server}${route}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why =
      (error as Error).name === 'TimeoutError' ? 'no answer in time' : (cause?.code ?? cause?.message ?? (error as Error).message);
    throw new ServerUnreachableError(`Cannot reach ${server} (${why})`);
  }
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  if (response.status === 401) throw new DeviceRevokedError('The server no longer accepts this agent');
  throw new ServerRefusedError(errorText(text) ?? `${server} answered ${response.status} ${response.statusText}`.trim(), response.status);
}

function errorText(body: string): string | null {
  try {
    const error = (JSON.parse(body) as { error?: unknown }).error;
    return typeof error === 'string' && error.trim() ? error.slice(0, 300) : null;
  } catch {
    return null;
  }
}
