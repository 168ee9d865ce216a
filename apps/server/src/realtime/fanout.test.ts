import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { Client } from '@stomp/stompjs';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { brokerOptions, deferred, waitFor } from '../../test/support/realtime-fakes.js';
import { PgListener } from '../db/pg-listener.js';
import { StompBroker } from './broker.js';
import { createJobFanout, type JobFanoutOptions } from './fanout.js';
import { attachRealtime } from './transport.js';

type Job = { id: string; version: number };
const silentLogger = pino({ level: 'silent' });

/** An in-process stand-in for LISTEN/NOTIFY that delivers asynchronously, as databases do. */
function memoryBus() {
  const handlers = new Map<string, Set<(p: string) => void>>();
  return {
    listen: async (channel: string, cb: (p: string) => void) => {
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set.add(cb));
      return async () => void set.delete(cb);
    },
    notify: async (channel: string, payload: string) => {
      setImmediate(() => {
        for (const h of handlers.get(channel) ?? []) h(payload);
      });
    },
  };
}

/** A loadJob that counts its calls and answers the version `current()` gives at that moment. */
function countingLoader(current: () => number) {
  const loader = {
    loads: 0,
    loadJob: async (id: string): Promise<Job> => {
      loader.loads++;
      return { id, version: current() };
    },
  };
  return loader;
}

function recordingBroker() {
  const published: Array<{ shopId: string; body: unknown }> = [];
  return { published, publish: (shopId: string, body: object) => published.push({ shopId, body }) };
}

describe('createJobFanout', () => {
  it('coalesces concurrent loads of one job and publishes the newest version', async () => {
    const bus = memoryBus();
    const broker = recordingBroker();
    let version = 0;
    let loads = 0;
    const loadJob = async (id: string): Promise<Job> => {
      loads++;
      const snapshot = { id, version };
      await new Promise((r) => setTimeout(r, 30));
      return snapshot;
    };
    const fanout = await createJobFanout({ ...bus, loadJob, broker });
    await fanout.announce('s1', 'j1', 'created');
    await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 10; i++) {
      version++;
      await fanout.announce('s1', 'j1', 'updated');
    }
    await waitFor(() => broker.published.length >= 2);
    await fanout.idle();
    expect(loads).toBe(2);
    expect(broker.published).toEqual([
      { shopId: 's1', body: { action: 'created', job: { id: 'j1', version: 0 } } },
      { shopId: 's1', body: { action: 'updated', job: { id: 'j1', version: 10 } } },
    ]);
    await fanout.close();
  });

  it('publishes deletions with the id when the job is gone, skips vanished jobs, ignores junk', async () => {
    const bus = memoryBus();
    const broker = recordingBroker();
    const fanout = await createJobFanout({ ...bus, loadJob: async () => null, broker, logger: silentLogger });
    await fanout.announce('s1', 'gone', 'deleted');
    await fanout.announce('s1', 'vanished', 'updated');
    await bus.notify('job_events', 'not json');
    await bus.notify('job_events', JSON.stringify({ shopId: 's1', jobId: 'x', action: 'exploded' }));
    await new Promise((r) => setTimeout(r, 20));
    await fanout.idle();
    expect(broker.published).toEqual([{ shopId: 's1', body: { action: 'deleted', job: { id: 'gone' } } }]);
    await expect(fanout.announce('s1', 'x'.repeat(9000), 'created')).rejects.toThrow(/too large/);
  });

  it('publishes an announced job locally once, without waiting for its own NOTIFY, and still hears other instances', async () => {
    const bus = memoryBus();
    const broker = recordingBroker();
    let heard = 0;
    const listen: typeof bus.listen = (channel, cb) =>
      bus.listen(channel, (p) => {
        heard++;
        cb(p);
      });
    const fanout = await createJobFanout({ listen, notify: bus.notify, loadJob: async (id) => ({ id, version: 1 }), broker, settleMs: 0 });
    await fanout.announce('s1', 'j1', 'created');
    await fanout.idle();
    // The NOTIFY has not come back yet (the bus delivers on setImmediate), yet the job is out.
    expect(heard).toBe(0);
    expect(broker.published).toEqual([{ shopId: 's1', body: { action: 'created', job: { id: 'j1', version: 1 } } }]);
    await waitFor(() => heard === 1);
    await fanout.idle();
    expect(broker.published).toHaveLength(1);
    await bus.notify('job_events', JSON.stringify({ shopId: 's1', jobId: 'j2', action: 'created', origin: 'another-instance' }));
    await waitFor(() => broker.published.length === 2);
    expect(broker.published[1]).toEqual({ shopId: 's1', body: { action: 'created', job: { id: 'j2', version: 1 } } });
    await fanout.close();
  });

  it('publishes a job its announcer hands over without loading it, after the announcing tick', async () => {
    const bus = memoryBus();
    const broker = recordingBroker();
    const loader = countingLoader(() => 2);
    const fanout = await createJobFanout({ ...bus, loadJob: loader.loadJob, broker });
    const announced = fanout.announce('s1', 'j1', 'created', { id: 'j1', version: 1 });
    await Promise.resolve();
    expect(broker.published).toHaveLength(0);
    await announced;
    await fanout.idle();
    expect(loader.loads).toBe(0);
    expect(broker.published).toEqual([{ shopId: 's1', body: { action: 'created', job: { id: 'j1', version: 1 } } }]);
    await fanout.announce('s1', 'j1', 'updated');
    await fanout.idle();
    expect(loader.loads).toBe(1);
    expect(broker.published[1]).toEqual({ shopId: 's1', body: { action: 'updated', job: { id: 'j1', version: 2 } } });
    await fanout.close();
  });

  it('publishes the first event of a job at once and folds the events of the next 200 ms into one publish', async () => {
    const bus = memoryBus();
    const broker = recordingBroker();
    let version = 0;
    const loader = countingLoader(() => version);
    const fanout = await createJobFanout({ ...bus, loadJob: loader.loadJob, broker, settleMs: 200 });
    const t0 = performance.now();
    await fanout.announce('s1', 'j1', 'created', { id: 'j1', version: 0 });
    await waitFor(() => broker.published.length === 1);
    expect(performance.now() - t0).toBeLessThan(100);
    for (let i = 0; i < 5; i++) {
      version++;
      await fanout.announce('s1', 'j1', 'updated');
      await new Promise((r) => setTimeout(r, 10));
    }
    await fanout.idle();
    expect(performance.now() - t0).toBeGreaterThanOrEqual(200);
    expect(loader.loads).toBe(1);
    expect(broker.published).toEqual([
      { shopId: 's1', body: { action: 'created', job: { id: 'j1', version: 0 } } },
      { shopId: 's1', body: { action: 'updated', job: { id: 'j1', version: 5 } } },
    ]);
    // Another job is not held back by this one's window.
    await fanout.announce('s1', 'j2', 'created', { id: 'j2', version: 0 });
    await waitFor(() => broker.published.length === 3);
    await fanout.close();
  });

  it('still tells local subscribers when the NOTIFY fails', async () => {
    const bus = memoryBus();
    const broker = recordingBroker();
    const notify = async () => {
      throw new Error('database unreachable');
    };
    const fanout = await createJobFanout({ listen: bus.listen, notify, loadJob: async (id) => ({ id, version: 1 }), broker });
    await expect(fanout.announce('s1', 'j1', 'updated')).rejects.toThrow(/unreachable/);
    await fanout.idle();
    expect(broker.published).toEqual([{ shopId: 's1', body: { action: 'updated', job: { id: 'j1', version: 1 } } }]);
    await fanout.close();
  });
});

/** One "instance": its own HTTP server, broker and fan-out. */
async function instance(db: Pick<JobFanoutOptions<Job>, 'listen' | 'notify'>, jobs: Map<string, Job>) {
  const server = http.createServer();
  const broker = new StompBroker(brokerOptions());
  const transport = attachRealtime(server, broker);
  const fanout = await createJobFanout({ ...db, loadJob: async (id) => jobs.get(id) ?? null, broker });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    fanout,
    close: async () => {
      await fanout.close();
      await transport.close();
      broker.close();
      await new Promise((r) => server.close(r));
    },
  };
}

async function subscriber(port: number, shopId: string) {
  const messages: unknown[] = [];
  const ready = deferred<void>();
  const client = new Client({
    webSocketFactory: () => new WebSocket(`ws://127.0.0.1:${port}/ws-endpoint/websocket`, ['v12.stomp']),
    connectHeaders: { Authorization: 'Bearer good-alice' },
    reconnectDelay: 0,
    debug: () => {},
    onConnect: () => {
      client.watchForReceipt('sub', () => ready.resolve());
      client.subscribe(`/topic/shops/${shopId}/jobs`, (m) => messages.push(JSON.parse(m.body)), { receipt: 'sub' });
    },
  });
  client.activate();
  await ready.promise;
  return { messages, close: () => client.deactivate() };
}

async function crossInstance(dbA: Parameters<typeof instance>[0], dbB: Parameters<typeof instance>[0]) {
  const jobs = new Map<string, Job>([['j1', { id: 'j1', version: 1 }]]);
  const a = await instance(dbA, jobs);
  const b = await instance(dbB, jobs);
  const onB = await subscriber(b.port, 'shop1');
  const onA = await subscriber(a.port, 'shop1');
  try {
    await a.fanout.announce('shop1', 'j1', 'created');
    const expected = { action: 'created', job: { id: 'j1', version: 1 } };
    await waitFor(() => onB.messages.length === 1 && onA.messages.length === 1, 10_000, 'cross-instance delivery');
    expect(onB.messages).toEqual([expected]);
    expect(onA.messages).toEqual([expected]);
  } finally {
    await onA.close();
    await onB.close();
    await a.close();
    await b.close();
  }
}

describe('fan-out on PGlite', () => {
  it('delivers an event announced on instance A to a subscriber on instance B', async () => {
    const pgl = await PGlite.create();
    const db = {
      listen: async (channel: string, cb: (p: string) => void) => {
        const off = await pgl.listen(channel, cb);
        return async () => off();
      },
      notify: async (channel: string, payload: string) => {
        await pgl.query('select pg_notify($1, $2)', [channel, payload]);
      },
    };
    try {
      await crossInstance(db, db);
    } finally {
      await pgl.close();
    }
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('fan-out on PostgreSQL', () => {
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });

  it('delivers an event announced on instance A to a subscriber on instance B', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    closers.push(() => pool.end());
    const db = () => {
      const listener = new PgListener(url ?? '', silentLogger);
      closers.push(() => listener.close());
      return {
        listen: (channel: string, cb: (p: string) => void) => listener.listen(channel, cb),
        notify: async (channel: string, payload: string) => void (await pool.query('select pg_notify($1, $2)', [channel, payload])),
      };
    };
    await crossInstance(db(), db());
  });
});
