import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameParser, neutraliseMarkup, type StompFrame, StompParseError } from './frame.js';

const feedAll = (p: FrameParser, ...chunks: Array<string | Buffer>) => {
  const frames = [];
  for (const c of chunks) {
    const r = p.feed(c);
    frames.push(...r.frames);
    if (r.error) return { frames, error: r.error };
  }
  return { frames, error: undefined };
};

describe('FrameParser', () => {
  it('parses a frame with LF and one with CRLF, with heart-beats between', () => {
    const p = new FrameParser();
    const { frames, error } = feedAll(
      p,
      '\n\nCONNECT\naccept-version:1.2\nhost:x\n\n\0\r\n\nSUBSCRIBE\r\nid:0\r\ndestination:/a\r\n\r\n\0\n',
    );
    expect(error).toBeUndefined();
    expect(frames.map((f) => f.command)).toEqual(['CONNECT', 'SUBSCRIBE']);
    expect(frames[0]?.headers['accept-version']).toBe('1.2');
    expect(frames[1]?.headers.destination).toBe('/a');
    expect(p.bufferedBytes).toBe(0);
  });

  it('reassembles a frame split byte by byte', () => {
    const text = 'SEND\ndestination:/q\ncontent-type:text/plain\n\nhello world\0';
    const p = new FrameParser();
    const frames = [];
    for (const ch of Buffer.from(text)) frames.push(...p.feed(Buffer.from([ch])).frames);
    expect(frames).toHaveLength(1);
    expect(frames[0]?.body.toString()).toBe('hello world');
  });

  it('honours content-length bodies containing NUL', () => {
    const body = Buffer.from([1, 0, 2, 0, 3]);
    const frame = Buffer.concat([Buffer.from('SEND\ncontent-length:5\n\n'), body, Buffer.from([0])]);
    const p = new FrameParser();
    const { frames } = feedAll(p, frame.subarray(0, 7), frame.subarray(7));
    expect(frames[0]?.body.equals(body)).toBe(true);
  });

  it('rejects a content-length body not followed by NUL', () => {
    const r = new FrameParser().feed('SEND\ncontent-length:2\n\nabc\0');
    expect(r.error?.code).toBe('missing-nul');
  });

  it('unescapes header values except on CONNECT', () => {
    const p = new FrameParser();
    const { frames } = feedAll(p, 'CONNECT\nlogin:a\\cb\n\n\0', 'SUBSCRIBE\nid:a\\cb\\n\\r\\\\\n\n\0');
    expect(frames[0]?.headers.login).toBe('a\\cb');
    expect(frames[1]?.headers.id).toBe('a:b\n\r\\');
  });

  it('treats an undefined escape as a parse error', () => {
    expect(new FrameParser().feed('SUBSCRIBE\nid:a\\tb\n\n\0').error?.code).toBe('bad-escape');
  });

  it('keeps the first of repeated headers and the colons after the first', () => {
    const { frames } = feedAll(new FrameParser(), 'CONNECT\nAuthorization:Bearer a:b\nAuthorization:Bearer c\n\n\0');
    expect(frames[0]?.headers.Authorization).toBe('Bearer a:b');
  });

  it('does not let header names reach the object prototype', () => {
    const { frames } = feedAll(new FrameParser(), 'SUBSCRIBE\n__proto__:x\nconstructor:y\n\n\0');
    expect(frames[0]?.headers.constructor).toBe('y');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('enforces the limits', () => {
    const limits = { maxFrameBytes: 1024, maxHeaders: 4, maxHeaderLineBytes: 64 };
    expect(new FrameParser(limits).feed(`SEND\nx:${'a'.repeat(100)}\n\n\0`).error?.code).toBe('header-line-too-long');
    expect(new FrameParser(limits).feed(`SEND\nx:${'a'.repeat(100)}`).error?.code).toBe('header-line-too-long');
    expect(new FrameParser(limits).feed('SEND\na:1\nb:1\nc:1\nd:1\ne:1\n\n\0').error?.code).toBe('too-many-headers');
    expect(new FrameParser(limits).feed('SEND\ncontent-length:5000\n\n').error?.code).toBe('frame-too-large');
    expect(new FrameParser(limits).feed('SEND\ncontent-length:-1\n\n').error?.code).toBe('bad-content-length');
    const p = new FrameParser(limits);
    const r = feedAll(p, 'SEND\n\n', ...Array.from({ length: 40 }, () => 'x'.repeat(100)));
    expect(r.error?.code).toBe('frame-too-large');
    expect(new FrameParser(limits).feed('SEND\nnocolon\n\n\0').error?.code).toBe('bad-header');
  });

  it('accepts a frame of exactly the limit and many small frames in one big chunk', () => {
    const limits = { maxFrameBytes: 100, maxHeaders: 4, maxHeaderLineBytes: 64 };
    const exact = `SEND\n\n${'x'.repeat(100 - 7)}\0`;
    expect(Buffer.byteLength(exact)).toBe(100);
    expect(new FrameParser(limits).feed(exact).frames).toHaveLength(1);
    expect(new FrameParser(limits).feed(`SEND\n\n${'x'.repeat(94)}\0`).error?.code).toBe('frame-too-large');
    const p = new FrameParser(limits);
    const r = p.feed('ACK\nid:1\n\n\0\n'.repeat(1000));
    expect(r.error).toBeUndefined();
    expect(r.frames).toHaveLength(1000);
    expect(p.capacity).toBeLessThanOrEqual(100);
  });

  it('stays failed after an error', () => {
    const p = new FrameParser();
    expect(p.feed('SUBSCRIBE\nid:\\x\n\n\0').error).toBeInstanceOf(StompParseError);
    expect(p.feed('SUBSCRIBE\nid:1\n\n\0').frames).toHaveLength(0);
  });
});

describe('encodeFrame', () => {
  it('escapes header values, adds content-length and round-trips through the parser', () => {
    const text = encodeFrame('MESSAGE', { subscription: 'a:b\nc\\', destination: '/topic/x' }, 'héllo\0there');
    expect(text).toContain('subscription:a\\cb\\nc\\\\\n');
    expect(text).toContain(`content-length:${Buffer.byteLength('héllo\0there')}\n`);
    const { frames } = feedAll(new FrameParser(), text);
    expect(frames[0]?.headers.subscription).toBe('a:b\nc\\');
    expect(frames[0]?.body.toString()).toBe('héllo\0there');
  });

  it('sends < > & in any header value as entities, CONNECTED included, and leaves the body alone', () => {
    const hostile = '</script><script>x()</script>&';
    const message = encodeFrame('MESSAGE', { subscription: hostile, 'receipt-id': 'a<b' }, '{"a":1}');
    expect(message).toContain('\nsubscription:&lt;/script&gt;&lt;script&gt;x()&lt;/script&gt;&amp;\n');
    expect(message).toContain('\nreceipt-id:a&lt;b\n');
    const connected = encodeFrame('CONNECTED', [['server', hostile]]);
    expect(connected).toBe('CONNECTED\nserver:&lt;/script&gt;&lt;script&gt;x()&lt;/script&gt;&amp;\n\n\0');
    const error = encodeFrame('ERROR', [['message', hostile]], 'body <b>');
    expect(error.slice(0, error.indexOf('\n\n'))).not.toMatch(/[<>]/);
    expect(error.endsWith('\n\nbody <b>\0')).toBe(true);
  });

  it('does not escape CONNECTED but strips line breaks', () => {
    expect(
      encodeFrame('CONNECTED', [
        ['version', '1.2'],
        ['server', 'a:b\nc'],
      ]),
    ).toBe('CONNECTED\nversion:1.2\nserver:a:b c\n\n\0');
  });
});

describe('FrameParser fuzz', () => {
  const limits = { maxFrameBytes: 2048, maxHeaders: 16, maxHeaderLineBytes: 256 };
  const validFrame = fc
    .record({
      command: fc.constantFrom('SEND', 'SUBSCRIBE', 'ACK', 'MESSAGE'),
      headers: fc.array(fc.tuple(fc.stringMatching(/^[a-z-]{1,10}$/), fc.string({ maxLength: 30 })), { maxLength: 5 }),
      body: fc.string({ maxLength: 200 }),
    })
    .map(({ command, headers, body }) => ({ command, headers, body, text: encodeFrame(command, headers, body) }));

  it('never throws and never buffers beyond the frame limit on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 3000 }), { maxLength: 8 }), (chunks) => {
        const p = new FrameParser(limits);
        for (const c of chunks) {
          const r = p.feed(c);
          expect(p.bufferedBytes).toBeLessThanOrEqual(limits.maxFrameBytes);
          expect(p.capacity).toBeLessThanOrEqual(limits.maxFrameBytes);
          if (r.error) expect(r.error).toBeInstanceOf(StompParseError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('parses valid frames however they are split, and truncation only leaves them pending', () => {
    fc.assert(
      fc.property(fc.array(validFrame, { minLength: 1, maxLength: 5 }), fc.array(fc.nat(), { maxLength: 6 }), (list, cuts) => {
        const all = Buffer.from(list.map((f) => `${f.text}\n`).join(''));
        const points = [...new Set(cuts.map((c) => c % (all.length + 1)))].sort((a, b) => a - b);
        const p = new FrameParser(limits);
        const frames: StompFrame[] = [];
        let prev = 0;
        for (const at of [...points, all.length]) {
          const r = p.feed(all.subarray(prev, at));
          expect(r.error).toBeUndefined();
          frames.push(...r.frames);
          prev = at;
        }
        expect(frames.map((f) => f.command)).toEqual(list.map((f) => f.command));
        expect(frames.map((f) => f.body.toString())).toEqual(list.map((f) => f.body));
        list.forEach((f, i) => {
          const seen = new Map<string, string>();
          for (const [k, v] of f.headers) if (!seen.has(k) && k !== 'content-length') seen.set(k, v);
          // Values round-trip except < > &, which go out as entities.
          for (const [k, v] of seen) expect(frames[i]?.headers[k]).toBe(neutraliseMarkup(v));
        });
        // A truncated stream yields no frame for the missing part and no error.
        const cut = new FrameParser(limits).feed(all.subarray(0, Math.max(0, all.length - 2)));
        expect(cut.error).toBeUndefined();
        expect(cut.frames.length).toBe(list.length - 1);
      }),
      { numRuns: 300 },
    );
  });

  it('fails cleanly on oversized headers and bodies mixed with valid frames', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            validFrame.map((f) => f.text),
            fc.nat({ max: 5000 }).map((n) => `SEND\nx:${'h'.repeat(n)}\n\n\0`),
            fc.nat({ max: 5000 }).map((n) => `SEND\ncontent-length:${n}\n\n${'\0'.repeat(n)}\0`),
            fc.string({ maxLength: 50 }),
          ),
          { maxLength: 10 },
        ),
        (parts) => {
          const p = new FrameParser(limits);
          for (const part of parts) {
            const r = p.feed(part);
            expect(p.bufferedBytes).toBeLessThanOrEqual(limits.maxFrameBytes);
            if (r.error) return;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
