import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessTable, brokerOptions, fakeAuthenticate, fakeConnection, frameText } from '../../test/support/realtime-fakes.js';
import { StompBroker } from './broker.js';

const flush = async () => {
  if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
  else await new Promise((r) => setImmediate(r));
};

async function connected(broker: StompBroker, token = 'good-alice', heartBeat = '0,0') {
  const c = fakeConnection();
  const session = broker.openSession(c.conn);
  session.receive(frameText('CONNECT', { 'accept-version': '1.1,1.2', 'heart-beat': heartBeat, Authorization: `Bearer ${token}` }));
  await flush();
  return { ...c, session };
}

describe('StompBroker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers CONNECT with version, heart-beat and server, and honours receipts', async () => {
    const broker = new StompBroker(brokerOptions());
    const { state, session } = await connected(broker, 'good-alice', '20000,0');
    expect(state.frames[0]?.command).toBe('CONNECTED');
    expect(state.frames[0]?.headers).toMatchObject({ version: '1.2', 'heart-beat': '0,20000', server: 'Counterprint/1' });
    session.receive(frameText('SUBSCRIBE', { id: 's1', destination: '/topic/shops/shop1/jobs', receipt: 'r1' }));
    await flush();
    expect(state.frames[1]).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': 'r1' } });
    session.receive(frameText('ACK', { id: 'x', receipt: 'r2' }));
    await flush();
    expect(state.frames[2]?.headers['receipt-id']).toBe('r2');
    expect(broker.stats()).toEqual({ sessions: 1, subscriptions: 1, shops: 1 });
    session.receive(frameText('DISCONNECT', { receipt: 'bye' }));
    await flush();
    expect(state.frames[3]?.headers['receipt-id']).toBe('bye');
    expect(state.closed).toBe(true);
    expect(broker.stats()).toEqual({ sessions: 0, subscriptions: 0, shops: 0 });
  });

  it('accepts the lowercase authorization header and STOMP as CONNECT', async () => {
    const broker = new StompBroker(brokerOptions());
    const c = fakeConnection();
    const session = broker.openSession(c.conn);
    session.receive(frameText('STOMP', { 'accept-version': '1.2', authorization: 'bearer good-bob' }));
    await flush();
    expect(c.last()?.command).toBe('CONNECTED');
  });

  it.each([
    [{}, 'Authentication failed'],
    [{ Authorization: 'Bearer nope' }, 'Authentication failed'],
    [{ Authorization: 'Basic good-alice' }, 'Authentication failed'],
    [{ Authorization: 'Bearer expired-alice' }, 'JWT expired'],
  ])('rejects CONNECT with %o', async (headers, message) => {
    const broker = new StompBroker(brokerOptions());
    const c = fakeConnection();
    broker.openSession(c.conn).receive(frameText('CONNECT', { 'accept-version': '1.2', ...headers }));
    await flush();
    expect(c.last()).toMatchObject({ command: 'ERROR', headers: { message } });
    expect(c.state.closed).toBe(true);
  });

  it('negotiates versions and refuses unsupported ones', async () => {
    const broker = new StompBroker(brokerOptions());
    for (const [offer, expected] of [
      ['1.0', '1.0'],
      ['1.1', '1.1'],
      ['1.0,1.1,1.2', '1.2'],
    ]) {
      const c = fakeConnection();
      broker.openSession(c.conn).receive(frameText('CONNECT', { 'accept-version': offer as string, Authorization: 'Bearer good-alice' }));
      await flush();
      expect(c.last()?.headers.version).toBe(expected);
    }
    const c = fakeConnection();
    broker.openSession(c.conn).receive(frameText('CONNECT', { 'accept-version': '2.0', Authorization: 'Bearer good-alice' }));
    await flush();
    expect(c.last()?.command).toBe('ERROR');
  });

  it.each([
    ['SUBSCRIBE', { id: '1', destination: '/topic/shops/shop9/jobs' }, 'Access denied to /topic/shops/shop9/jobs'],
    ['SUBSCRIBE', { id: '1', destination: '/queue/other' }, 'Access denied: unknown destination'],
    ['SUBSCRIBE', { destination: '/topic/shops/shop1/jobs' }, 'SUBSCRIBE requires an id header'],
    ['SEND', { destination: '/topic/shops/shop1/jobs' }, 'SEND is not allowed'],
    ['BEGIN', { transaction: 't' }, 'Unsupported command'],
    ['CONNECT', { Authorization: 'Bearer good-alice' }, 'Already connected'],
    ['UNSUBSCRIBE', { id: 'none' }, 'UNSUBSCRIBE requires the id of a subscription'],
  ])('answers %s %o with an ERROR and closes', async (command, headers, message) => {
    const broker = new StompBroker(brokerOptions());
    const { state, session, last } = await connected(broker);
    session.receive(frameText(command, { ...headers, receipt: 'r' }));
    await flush();
    expect(last()).toMatchObject({ command: 'ERROR', headers: { message } });
    // Issue 15: an ERROR frame carries nothing the client wrote, not even its receipt.
    expect(last()?.headers['receipt-id']).toBeUndefined();
    expect(state.closed).toBe(true);
    expect(broker.stats().sessions).toBe(0);
  });

  it('refuses frames before CONNECT and malformed input', async () => {
    const broker = new StompBroker(brokerOptions());
    const a = fakeConnection();
    broker.openSession(a.conn).receive(frameText('SUBSCRIBE', { id: '1', destination: '/topic/shops/shop1/jobs' }));
    await flush();
    expect(a.last()?.headers.message).toBe('Not connected: send CONNECT first');
    const b = fakeConnection();
    broker.openSession(b.conn).receive('CONNECT\nno colon here\n\n\0');
    await flush();
    expect(b.last()?.headers.message).toMatch(/^Malformed frame/);
    expect(b.state.closed).toBe(true);
  });

  it('handles pipelined frames in order across the async auth step', async () => {
    const broker = new StompBroker(brokerOptions());
    const c = fakeConnection();
    const s = broker.openSession(c.conn);
    s.receive(
      frameText('CONNECT', { 'accept-version': '1.2', Authorization: 'Bearer good-alice' }) +
        frameText('SUBSCRIBE', { id: 'a', destination: '/topic/shops/shop1/jobs' }) +
        frameText('SUBSCRIBE', { id: 'b', destination: '/topic/shops/shop2/jobs', receipt: 'done' }),
    );
    await flush();
    expect(c.state.frames.map((f) => f.command)).toEqual(['CONNECTED', 'RECEIPT']);
    expect(broker.publish('shop1', { n: 1 }) + broker.publish('shop2', { n: 2 })).toBe(2);
  });

  it('publishes MESSAGE frames only to that shop, with JSON and escaped subscription ids', async () => {
    const broker = new StompBroker(brokerOptions());
    const alice = await connected(broker);
    const bob = await connected(broker, 'good-bob');
    alice.session.receive(frameText('SUBSCRIBE', { id: 'x\\cy', destination: '/topic/shops/shop1/jobs' }));
    bob.session.receive(frameText('SUBSCRIBE', { id: 'b', destination: '/topic/shops/shop2/jobs' }));
    await flush();
    expect(broker.publish('shop1', { action: 'created', job: { id: 'j1', name: 'ü' } })).toBe(1);
    const msg = alice.last();
    expect(msg?.command).toBe('MESSAGE');
    expect(msg?.headers).toMatchObject({
      destination: '/topic/shops/shop1/jobs',
      subscription: 'x:y',
      'content-type': 'application/json',
    });
    expect(msg?.headers['message-id']).toBeTruthy();
    expect(JSON.parse(msg?.body.toString() ?? '')).toEqual({ action: 'created', job: { id: 'j1', name: 'ü' } });
    expect(bob.last()?.command).toBe('CONNECTED');
    alice.session.receive(frameText('UNSUBSCRIBE', { id: 'x\\cy' }));
    await flush();
    expect(broker.publish('shop1', {})).toBe(0);
    expect(broker.stats().shops).toBe(1);
  });

  it('drops a slow consumer instead of buffering', async () => {
    const broker = new StompBroker(brokerOptions({ maxBufferedBytes: 1000 }));
    const slow = await connected(broker);
    const fast = await connected(broker);
    for (const s of [slow, fast]) s.session.receive(frameText('SUBSCRIBE', { id: '1', destination: '/topic/shops/shop1/jobs' }));
    await flush();
    slow.state.buffered = 5000;
    expect(broker.publish('shop1', { a: 1 })).toBe(1);
    expect(slow.state.terminated).toBe(true);
    expect(broker.stats()).toMatchObject({ sessions: 1, subscriptions: 1 });
  });

  it('closes a session when its token expires, and on recheck when access is revoked', async () => {
    vi.useFakeTimers();
    const access = accessTable({ alice: ['shop1'], bob: ['shop1'] });
    const calls: string[] = [];
    const canSubscribe = async (u: string, s: string) => {
      calls.push(u);
      return access.canSubscribe(u, s);
    };
    const broker = new StompBroker(brokerOptions({ canSubscribe, recheckIntervalMs: 30_000 }));
    const short = await connected(broker, 'short-alice-5000');
    const a2 = await connected(broker, 'good-alice');
    const b = await connected(broker, 'good-bob');
    for (const s of [short, a2, b]) s.session.receive(frameText('SUBSCRIBE', { id: '1', destination: '/topic/shops/shop1/jobs' }));
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(short.last()?.headers.message).toBe('JWT expired');
    expect(short.state.closed).toBe(true);
    access.table.get('bob')?.delete('shop1');
    calls.length = 0;
    await vi.advanceTimersByTimeAsync(25_000);
    expect(calls.sort()).toEqual(['alice', 'bob']);
    expect(b.last()?.headers.message).toBe('Access denied to /topic/shops/shop1/jobs');
    expect(a2.state.closed).toBe(false);
    broker.close();
    expect(a2.state.closed).toBe(true);
  });

  it('negotiates heart-beats like the web client (20000,0) and tolerates up to twice the period', async () => {
    vi.useFakeTimers();
    const broker = new StompBroker(brokerOptions());
    const c = await connected(broker, 'good-alice', '20000,0');
    await vi.advanceTimersByTimeAsync(0);
    expect(c.state.frames[0]?.headers['heart-beat']).toBe('0,20000');
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(20_000);
      c.session.receive('\n');
    }
    expect(c.state.closed).toBe(false);
    // 40 s of silence (exactly 2x, seen by a check) is still inside the grace.
    await vi.advanceTimersByTimeAsync(40_000);
    expect(c.state.closed).toBe(false);
    c.session.receive('\n');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(c.state.closed).toBe(false);
    expect(c.state.raw.filter((t) => t === '\n')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(c.last()?.headers.message).toBe('Heart-beat timeout');
    expect(c.state.closed).toBe(true);
  });

  it('sends heart-beats at max(requested, server minimum) and closes silent sessions without CONNECT', async () => {
    vi.useFakeTimers();
    const broker = new StompBroker(brokerOptions({ heartbeatMinMs: 10_000 }));
    const c = await connected(broker, 'good-alice', '0,4000');
    await vi.advanceTimersByTimeAsync(0);
    expect(c.state.frames[0]?.headers['heart-beat']).toBe('10000,0');
    await vi.advanceTimersByTimeAsync(30_500);
    expect(c.state.raw.filter((t) => t === '\n')).toHaveLength(3);
    const idle = fakeConnection();
    broker.openSession(idle.conn);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(idle.last()?.headers.message).toBe('CONNECT timeout');
  });

  it('bounds the frames queued behind a slow authenticate', async () => {
    const broker = new StompBroker(
      brokerOptions({
        maxPendingFrames: 4,
        authenticate: (t) => new Promise((r) => setTimeout(() => r(fakeAuthenticate(t)), 50)),
      }),
    );
    const c = fakeConnection();
    const s = broker.openSession(c.conn);
    s.receive(frameText('CONNECT', { Authorization: 'Bearer good-alice' }) + frameText('ACK', { id: '1' }).repeat(10));
    expect(c.last()?.headers.message).toBe('Too many frames');
    expect(c.state.closed).toBe(true);
  });

  describe('reflects no client text into ERROR frames (issue 15)', () => {
    const HOSTILE = '</script><script>window.pwned=1</script>&amp;';
    const leaks = (raw: string) => raw.includes('pwned') || /[<>&]/.test(raw);

    it.each([
      ['a frame before CONNECT', [frameText('SEND', { receipt: HOSTILE, destination: HOSTILE })]],
      ['SUBSCRIBE before CONNECT', [frameText('SUBSCRIBE', { id: HOSTILE, destination: HOSTILE, receipt: HOSTILE })]],
      ['CONNECT with no common version', [frameText('CONNECT', { 'accept-version': HOSTILE, receipt: HOSTILE })]],
      ['CONNECT with a bad heart-beat', [frameText('CONNECT', { 'heart-beat': HOSTILE, receipt: HOSTILE })]],
      ['CONNECT with a bad token', [frameText('CONNECT', { Authorization: `Bearer ${HOSTILE}`, receipt: HOSTILE })]],
      ['an unknown command', [`${HOSTILE}\nreceipt:x\n\n\0`]],
      ['a malformed frame', [`CONNECT\n${HOSTILE}\n\n\0`]],
    ])('%s', async (_what, frames) => {
      const broker = new StompBroker(brokerOptions());
      const c = fakeConnection();
      const session = broker.openSession(c.conn);
      for (const f of frames) session.receive(f);
      await flush();
      expect(c.last()?.command).toBe('ERROR');
      for (const raw of c.state.raw) expect(leaks(raw), raw).toBe(false);
    });

    it.each([
      ['SUBSCRIBE to a hostile destination', frameText('SUBSCRIBE', { id: '1', destination: HOSTILE, receipt: HOSTILE })],
      [
        'SUBSCRIBE to a topic-shaped hostile destination',
        frameText('SUBSCRIBE', { id: '1', destination: `/topic/shops/${HOSTILE}/jobs`, receipt: HOSTILE }),
      ],
      ['SUBSCRIBE to another shop', frameText('SUBSCRIBE', { id: HOSTILE, destination: '/topic/shops/shop9/jobs', receipt: HOSTILE })],
      ['SEND', frameText('SEND', { destination: HOSTILE, receipt: HOSTILE }, HOSTILE)],
      ['UNSUBSCRIBE of an unknown id', frameText('UNSUBSCRIBE', { id: HOSTILE, receipt: HOSTILE })],
      ['an unknown command', `${HOSTILE}\nreceipt:${HOSTILE}\n\n\0`],
      ['a long unknown command', `</script><script>${'x'.repeat(40)}\n\n\0`],
      ['a second CONNECT', frameText('CONNECT', { receipt: HOSTILE, Authorization: 'Bearer good-alice' })],
    ])('after CONNECT: %s', async (_what, frame) => {
      const broker = new StompBroker(brokerOptions());
      const c = await connected(broker);
      c.session.receive(frame);
      await flush();
      expect(c.last()?.command).toBe('ERROR');
      for (const raw of c.state.raw) expect(leaks(raw), raw).toBe(false);
    });

    it('escapes < > & in the header values it does send: receipt ids and subscription ids', async () => {
      const broker = new StompBroker(brokerOptions());
      const c = await connected(broker);
      c.session.receive(frameText('SUBSCRIBE', { id: '<s>&', destination: '/topic/shops/shop1/jobs', receipt: '</script>&r' }));
      await flush();
      expect(c.state.raw[1]).toBe('RECEIPT\nreceipt-id:&lt;/script&gt;&amp;r\n\n\0');
      expect(broker.publish('shop1', { action: 'created', job: { id: 'j', name: '</script><b>&' } })).toBe(1);
      const message = c.state.raw[2] ?? '';
      expect(message).toContain('\nsubscription:&lt;s&gt;&amp;\n');
      expect(message).not.toMatch(/[<>]|&(?!lt;|gt;|amp;)/);
      expect(message).toContain('"name":"\\u003c/script\\u003e\\u003cb\\u003e\\u0026"');
      // The body stays JSON that parses to exactly what was published.
      expect(JSON.parse(c.last()?.body.toString() ?? '')).toEqual({ action: 'created', job: { id: 'j', name: '</script><b>&' } });
    });
  });

  describe('sessions per user (issue 17)', () => {
    it('refuses the session past maxSessionsPerUser with a clear ERROR, and keeps the others and other users', async () => {
      const broker = new StompBroker(brokerOptions({ maxSessionsPerUser: 3 }));
      const alice = [await connected(broker), await connected(broker), await connected(broker)];
      for (const a of alice) expect(a.state.frames[0]?.command).toBe('CONNECTED');
      const fourth = await connected(broker);
      expect(fourth.last()).toMatchObject({
        command: 'ERROR',
        headers: { message: 'Too many live sessions for this account (3); close another tab or window' },
      });
      expect(fourth.state.closed).toBe(true);
      expect(alice.every((a) => !a.state.closed)).toBe(true);
      const bob = await connected(broker, 'good-bob');
      expect(bob.state.frames[0]?.command).toBe('CONNECTED');
      expect(broker.stats().sessions).toBe(4);

      // A closed session frees its place, whichever way it ends.
      alice[0]?.session.closed();
      alice[1]?.session.receive(frameText('DISCONNECT'));
      alice[2]?.session.receive(frameText('SEND', { destination: '/x' }));
      await flush();
      const again = [await connected(broker), await connected(broker), await connected(broker)];
      for (const a of again) expect(a.state.frames[0]?.command).toBe('CONNECTED');
      expect((await connected(broker)).last()?.command).toBe('ERROR');
    });

    it('counts a session only once it is authenticated, so concurrent CONNECTs cannot overshoot', async () => {
      const broker = new StompBroker(
        brokerOptions({ maxSessionsPerUser: 2, authenticate: (t) => new Promise((r) => setTimeout(() => r(fakeAuthenticate(t)), 20)) }),
      );
      const conns = Array.from({ length: 5 }, () => fakeConnection());
      for (const c of conns) broker.openSession(c.conn).receive(frameText('CONNECT', { Authorization: 'Bearer good-alice' }));
      await new Promise((r) => setTimeout(r, 80));
      expect(conns.map((c) => c.state.frames[0]?.command).sort()).toEqual(['CONNECTED', 'CONNECTED', 'ERROR', 'ERROR', 'ERROR']);
    });

    it('defaults to 20 per user', async () => {
      const broker = new StompBroker(brokerOptions());
      const open = await Promise.all(Array.from({ length: 20 }, () => connected(broker)));
      expect(open.every((c) => c.state.frames[0]?.command === 'CONNECTED')).toBe(true);
      expect((await connected(broker)).last()?.headers.message).toMatch(/^Too many live sessions for this account \(20\)/);
    });
  });
});
