import http from 'node:http';
import ipp from 'ipp';

/**
 * One IPP request to a printer: the `ipp` package encodes and decodes the messages; the HTTP exchange
 * is ours, because the package's own has no time limit and throws outside its callback when a printer's
 * answer cannot be read (docs/decisions/045-print-agent-speaks-ipp.md).
 */

// The package logs every out-of-band value it meets ("no-value", "unsupported"); for us they are no value.
ipp.parse.handleUnknownTag = () => null;

const ANSWER_MAX_BYTES = 4 * 1024 * 1024;
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;

/**
 * The printer could not be asked. `delivered` says whether it may have received the request anyway:
 * 'no' when no connection was made, 'maybe' when it dropped or went quiet after connecting.
 */
export class PrinterUnreachableError extends Error {
  override readonly name = 'PrinterUnreachableError';
  constructor(
    message: string,
    readonly delivered: 'no' | 'maybe',
  ) {
    super(message);
  }
}

/** The printer answered, but not with an IPP message we can read. */
export class PrinterAnswerError extends Error {
  override readonly name = 'PrinterAnswerError';
}

/** A printer address this agent cannot use (wrong scheme, not a URL). */
export class PrinterAddressError extends Error {
  override readonly name = 'PrinterAddressError';
}

export type IppGroup = Record<string, unknown>;

export type IppAnswer = {
  /** IPP status keyword, e.g. successful-ok or client-error-not-found. */
  status: string;
  statusMessage: string | null;
  printer: IppGroup;
  jobs: IppGroup[];
  unsupported: IppGroup;
};

export type IppRequest = {
  operation: string;
  operationAttributes?: IppGroup;
  jobAttributes?: IppGroup;
  document?: Uint8Array;
  timeoutMs?: number;
};

type PrinterAddress = { host: string; port: number; path: string; printerUri: string };

export function printerAddress(uri: string): PrinterAddress {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new PrinterAddressError(`Not a printer address: ${uri.slice(0, 80)}`);
  }
  if (url.protocol === 'ipps:' || url.protocol === 'https:') {
    throw new PrinterAddressError('ipps:// printers are not supported yet: use the printer’s ipp:// address');
  }
  if (url.protocol !== 'ipp:' && url.protocol !== 'http:') {
    throw new PrinterAddressError(`A printer address starts with ipp://, not ${url.protocol}//`);
  }
  const port = url.port ? Number(url.port) : url.protocol === 'ipp:' ? 631 : 80;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const path = `${url.pathname || '/'}${url.search}`;
  return { host, port, path, printerUri: `ipp://${url.hostname}:${port}${path}` };
}

export async function ippRequest(uri: string, request: IppRequest): Promise<IppAnswer> {
  const address = printerAddress(uri);
  const body = encode(address.printerUri, request);
  const answer = await post(address, body, request.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  return decode(answer);
}

function encode(printerUri: string, request: IppRequest): Buffer {
  try {
    return ipp.serialize({
      version: '2.0',
      operation: request.operation,
      'operation-attributes-tag': {
        'attributes-charset': 'utf-8',
        'attributes-natural-language': 'en',
        'printer-uri': printerUri,
        ...request.operationAttributes,
      },
      ...(request.jobAttributes ? { 'job-attributes-tag': request.jobAttributes } : {}),
      ...(request.document ? { data: Buffer.from(request.document.buffer, request.document.byteOffset, request.document.byteLength) } : {}),
    });
  } catch (error) {
    // The package throws plain strings such as "Unknown attribute: x".
    throw new Error(`Cannot write the IPP request: ${String(error)}`);
  }
}

function decode(answer: Buffer): IppAnswer {
  let parsed: ReturnType<typeof ipp.parse>;
  try {
    parsed = ipp.parse(answer);
  } catch {
    throw new PrinterAnswerError('The printer’s answer could not be read');
  }
  const group = (name: string): IppGroup[] => {
    const value = parsed[name];
    if (Array.isArray(value)) return value as IppGroup[];
    return value && typeof value === 'object' ? [value as IppGroup] : [];
  };
  const operation = group('operation-attributes-tag')[0] ?? {};
  const message = operation['status-message'];
  return {
    status: typeof parsed.statusCode === 'string' ? parsed.statusCode : 'unknown-status',
    statusMessage: typeof message === 'string' ? message : null,
    printer: group('printer-attributes-tag')[0] ?? {},
    jobs: group('job-attributes-tag'),
    unsupported: group('unsupported-attributes-tag')[0] ?? {},
  };
}

export const isSuccess = (status: string) => status.startsWith('successful-ok');

function post(address: PrinterAddress, body: Buffer, timeoutMs: number): Promise<Buffer> {
  const where = `${address.host}:${address.port}`;
  return new Promise((resolve, reject) => {
    let connected = false;
    const request = http.request(
      {
        host: address.host,
        port: address.port,
        path: address.path,
        method: 'POST',
        headers: { 'content-type': 'application/ipp', 'content-length': body.length },
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > ANSWER_MAX_BYTES) {
            response.destroy();
            reject(new PrinterAnswerError('The printer’s answer was too long'));
          } else chunks.push(chunk);
        });
        response.on('error', (error) => reject(unreachable(error, where, timeoutMs, 'maybe')));
        response.on('end', () => {
          if (response.statusCode === 200) resolve(Buffer.concat(chunks));
          else if (response.statusCode === 401 || response.statusCode === 403) {
            reject(new PrinterAnswerError(`The printer at ${where} asks for a password, which the agent cannot give yet`));
          } else reject(new PrinterAnswerError(`The printer at ${where} answered HTTP ${response.statusCode}`));
        });
      },
    );
    request.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    request.on('error', (error) => reject(unreachable(error, where, timeoutMs, connected ? 'maybe' : 'no')));
    request.end(body);
  });
}

function unreachable(error: Error, where: string, timeoutMs: number, delivered: 'no' | 'maybe'): PrinterUnreachableError {
  const code = (error as NodeJS.ErrnoException).code;
  if (error.name === 'AbortError' || error.name === 'TimeoutError') {
    return new PrinterUnreachableError(`The printer at ${where} did not answer within ${Math.round(timeoutMs / 1000)} s`, delivered);
  }
  if (code === 'ECONNREFUSED') return new PrinterUnreachableError(`The printer at ${where} refused the connection: is it on?`, 'no');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new PrinterUnreachableError(`No printer found at ${where}`, 'no');
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH')
    return new PrinterUnreachableError(`The printer at ${where} cannot be reached`, 'no');
  if (code === 'ECONNRESET' || code === 'EPIPE')
    return new PrinterUnreachableError(`The printer at ${where} closed the connection`, delivered);
  return new PrinterUnreachableError(`The printer at ${where} could not be asked (${code ?? error.message})`, delivered);
}

/** Every value of an attribute as text: keywords, names, numbers, ranges as "1-5" (the package reads a range as a pair of numbers). */
export function texts(value: unknown): string[] {
  const values = Array.isArray(value) && !value.every((v) => typeof v === 'number') ? value : [value];
  return values.flatMap((v) => {
    if (typeof v === 'string') return [v];
    if (typeof v === 'number' || typeof v === 'boolean') return [String(v)];
    if (Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number')) return [`${v[0]}-${v[1]}`];
    return [];
  });
}

/** The first value as text, trimmed (printers pass on their print engine's messages with its spacing). */
export function text(value: unknown): string | null {
  return texts(value)[0]?.trim() || null;
}
