/**
 * STOMP 1.2 frame codec. The parser is incremental (frames may arrive split or
 * batched) and bounded: it never holds more than `maxFrameBytes` of input, so a
 * client cannot make the server buffer without limit. Any malformed input ends
 * in a StompParseError returned from feed(); nothing else escapes.
 */

export interface StompFrame {
  command: string;
  /** First occurrence wins (STOMP 1.2 §"Repeated Header Entries"); null prototype. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface ParserLimits {
  maxFrameBytes: number;
  maxHeaders: number;
  maxHeaderLineBytes: number;
}

export const DEFAULT_LIMITS: ParserLimits = { maxFrameBytes: 64 * 1024, maxHeaders: 64, maxHeaderLineBytes: 8 * 1024 };

export type ParseErrorCode =
  | 'frame-too-large'
  | 'too-many-headers'
  | 'header-line-too-long'
  | 'bad-header'
  | 'bad-escape'
  | 'bad-content-length'
  | 'missing-nul'
  | 'internal';

export class StompParseError extends Error {
  constructor(
    readonly code: ParseErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StompParseError';
  }
}

export interface FeedResult {
  frames: StompFrame[];
  error?: StompParseError;
}

const LF = 10;
const CR = 13;
const NUL = 0;
const COLON = 58;
const INITIAL_CAPACITY = 1024;

const Phase = { Idle: 0, Head: 1, Body: 2 } as const;
type Phase = (typeof Phase)[keyof typeof Phase];

/** CONNECT and CONNECTED are exempt from escaping so 1.0 clients keep working (1.2 spec). */
function escapesApply(command: string): boolean {
  return command !== 'CONNECT' && command !== 'CONNECTED';
}

export function unescapeHeader(raw: string): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = raw[++i];
    if (next === 'n') out += '\n';
    else if (next === 'r') out += '\r';
    else if (next === 'c') out += ':';
    else if (next === '\\') out += '\\';
    // The spec makes undefined escapes a fatal protocol error.
    else throw new StompParseError('bad-escape', 'Invalid escape sequence in header');
  }
  return out;
}

const MARKUP: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };

/**
 * Header values we send never carry < > &: a transport may relay a frame into a page, and some
 * values (receipt and subscription ids) are the client's text. STOMP has no escape for
 * them, so they go as HTML entities; our own values never contain them.
 */
export function neutraliseMarkup(value: string): string {
  return /[<>&]/.test(value) ? value.replace(/[<>&]/g, (c) => MARKUP[c] ?? c) : value;
}

/** STOMP 1.1+ escaping of an outgoing header name or value, after neutraliseMarkup. */
export function escapeHeader(raw: string): string {
  const value = neutraliseMarkup(raw);
  return /[\\\n\r:]/.test(value) ? value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/:/g, '\\c') : value;
}

export class FrameParser {
  readonly limits: ParserLimits;
  /** STOMP 1.0 has no header escaping; the broker turns this off after negotiating 1.0. */
  escapeHeaders = true;
  private buf: Buffer;
  private start = 0;
  private end = 0;
  private scan = 0;
  private phase: Phase = Phase.Idle;
  private frameStart = 0;
  private lineStart = 0;
  private bodyStart = 0;
  private contentLength = -1;
  private command: string | undefined;
  private headers: Record<string, string> = Object.create(null);
  private headerCount = 0;
  private failed: StompParseError | undefined;

  constructor(limits: Partial<ParserLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.buf = Buffer.allocUnsafe(Math.min(INITIAL_CAPACITY, this.limits.maxFrameBytes));
  }

  /** Bytes of input held, never more than limits.maxFrameBytes. */
  get bufferedBytes(): number {
    return this.end - this.start;
  }

  get capacity(): number {
    return this.buf.length;
  }

  feed(chunk: string | Uint8Array): FeedResult {
    const frames: StompFrame[] = [];
    if (this.failed) return { frames, error: this.failed };
    try {
      const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      let off = 0;
      // Copy at most what fits under the frame limit, parse, repeat: a large chunk
      // carrying many small frames is fine, one oversized frame is an error.
      while (off < data.length) {
        this.compact();
        const room = this.limits.maxFrameBytes - this.end;
        if (room <= 0) throw new StompParseError('frame-too-large', 'Frame too large');
        const n = Math.min(room, data.length - off);
        this.reserve(this.end + n);
        data.copy(this.buf, this.end, off, off + n);
        this.end += n;
        off += n;
        this.parse(frames);
      }
      return { frames };
    } catch (err) {
      this.failed = err instanceof StompParseError ? err : new StompParseError('internal', `Parser failure: ${String(err)}`);
      this.buf = Buffer.alloc(0);
      this.start = this.end = this.scan = 0;
      return { frames, error: this.failed };
    }
  }

  private compact(): void {
    if (this.start === 0) return;
    this.buf.copy(this.buf, 0, this.start, this.end);
    const shift = this.start;
    this.end -= shift;
    this.scan -= shift;
    this.frameStart -= shift;
    this.lineStart -= shift;
    this.bodyStart -= shift;
    this.start = 0;
  }

  private reserve(size: number): void {
    if (size <= this.buf.length) return;
    let cap = this.buf.length || INITIAL_CAPACITY;
    while (cap < size) cap *= 2;
    const next = Buffer.allocUnsafe(Math.min(cap, this.limits.maxFrameBytes));
    this.buf.copy(next, 0, 0, this.end);
    this.buf = next;
  }

  private parse(out: StompFrame[]): void {
    const buf = this.buf;
    for (;;) {
      if (this.phase === Phase.Idle) {
        // Heart-beats are bare EOLs between frames.
        while (this.start < this.end && (buf[this.start] === LF || buf[this.start] === CR)) this.start++;
        if (this.start === this.end) return;
        this.phase = Phase.Head;
        this.frameStart = this.lineStart = this.scan = this.start;
      }
      if (this.phase === Phase.Head && !this.parseHead()) break;
      if (this.phase === Phase.Body) {
        const frame = this.parseBody();
        if (!frame) break;
        out.push(frame);
      }
    }
    if (this.end - this.frameStart >= this.limits.maxFrameBytes) {
      throw new StompParseError('frame-too-large', 'Frame too large');
    }
  }

  /** Consumes complete header lines; true once the blank line ending the headers is seen. */
  private parseHead(): boolean {
    const buf = this.buf;
    const { maxHeaderLineBytes, maxHeaders, maxFrameBytes } = this.limits;
    for (;;) {
      const nl = buf.subarray(0, this.end).indexOf(LF, this.scan);
      if (nl === -1) {
        if (this.end - this.lineStart > maxHeaderLineBytes) {
          throw new StompParseError('header-line-too-long', 'Header line too long');
        }
        this.scan = this.end;
        return false;
      }
      if (nl - this.lineStart > maxHeaderLineBytes) throw new StompParseError('header-line-too-long', 'Header line too long');
      const lineEnd = nl > this.lineStart && buf[nl - 1] === CR ? nl - 1 : nl;
      const lineStart = this.lineStart;
      this.lineStart = this.scan = nl + 1;
      if (this.command === undefined) {
        this.command = buf.toString('utf8', lineStart, lineEnd);
        continue;
      }
      if (lineEnd === lineStart) {
        this.phase = Phase.Body;
        this.bodyStart = this.scan;
        const cl = this.headers['content-length'];
        if (cl !== undefined) {
          if (!/^\d{1,10}$/.test(cl)) throw new StompParseError('bad-content-length', 'Invalid content-length');
          this.contentLength = Number(cl);
          if (this.bodyStart - this.frameStart + this.contentLength + 1 > maxFrameBytes) {
            throw new StompParseError('frame-too-large', 'Frame too large');
          }
        }
        return true;
      }
      if (++this.headerCount > maxHeaders) throw new StompParseError('too-many-headers', 'Too many headers');
      const colon = buf.subarray(lineStart, lineEnd).indexOf(COLON);
      if (colon === -1) throw new StompParseError('bad-header', 'Header line without a colon');
      let name = buf.toString('utf8', lineStart, lineStart + colon);
      let value = buf.toString('utf8', lineStart + colon + 1, lineEnd);
      if (this.escapeHeaders && escapesApply(this.command)) {
        name = unescapeHeader(name);
        value = unescapeHeader(value);
      }
      if (!(name in this.headers)) this.headers[name] = value;
    }
  }

  private parseBody(): StompFrame | undefined {
    const buf = this.buf;
    let bodyEnd: number;
    if (this.contentLength >= 0) {
      bodyEnd = this.bodyStart + this.contentLength;
      if (this.end <= bodyEnd) return undefined;
      if (buf[bodyEnd] !== NUL) throw new StompParseError('missing-nul', 'Frame body not terminated by NUL');
    } else {
      bodyEnd = buf.subarray(0, this.end).indexOf(NUL, Math.max(this.scan, this.bodyStart));
      if (bodyEnd === -1) {
        this.scan = this.end;
        return undefined;
      }
    }
    const frame: StompFrame = {
      command: this.command ?? '',
      headers: this.headers,
      body: Buffer.from(buf.subarray(this.bodyStart, bodyEnd)),
    };
    this.start = this.scan = bodyEnd + 1;
    this.frameStart = this.start;
    this.phase = Phase.Idle;
    this.command = undefined;
    this.headers = Object.create(null);
    this.headerCount = 0;
    this.contentLength = -1;
    return frame;
  }
}

export type HeaderInput = Record<string, string | number> | ReadonlyArray<readonly [string, string | number]>;

/** Encodes a server frame as text; content-length is added whenever there is a body. */
export function encodeFrame(command: string, headers: HeaderInput = [], body = ''): string {
  const escaping = escapesApply(command);
  let out = `${command}\n`;
  const entries = Array.isArray(headers) ? headers : Object.entries(headers);
  for (const [name, value] of entries) {
    if (name === 'content-length') continue;
    const v = String(value);
    out += escaping ? `${escapeHeader(name)}:${escapeHeader(v)}\n` : `${name}:${neutraliseMarkup(v).replace(/[\r\n]/g, ' ')}\n`;
  }
  if (body.length > 0) out += `content-length:${Buffer.byteLength(body, 'utf8')}\n`;
  return `${out}\n${body}\0`;
}
