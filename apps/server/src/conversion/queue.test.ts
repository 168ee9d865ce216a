import { describe, expect, it } from 'vitest';
import { ConversionQueue, ConversionQueueFull, ConversionQueueStopped } from './queue.js';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('ConversionQueue', () => {
  it('runs at most `concurrency` at once', async () => {
    const q = new ConversionQueue({ concurrency: 2, maxQueued: 10 });
    const gates = [gate(), gate(), gate()];
    const runs = gates.map((g, i) => q.run(`shop-${i}`, () => g.opened.then(() => i)));
    await tick();
    expect(q.size).toEqual({ running: 2, queued: 1 });
    gates[0]!.open();
    await runs[0];
    await tick();
    expect(q.size).toEqual({ running: 2, queued: 0 });
    gates[1]!.open();
    gates[2]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
  });

  it('serves shops in turn, one conversion per shop at a time', async () => {
    const q = new ConversionQueue({ concurrency: 1, maxQueued: 10 });
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await tick();
    };
    await Promise.all([
      q.run('busy', job('busy-1')),
      q.run('busy', job('busy-2')),
      q.run('busy', job('busy-3')),
      q.run('quiet', job('quiet-1')),
    ]);
    expect(order).toEqual(['busy-1', 'quiet-1', 'busy-2', 'busy-3']);
  });

  it('refuses beyond its queue length and takes work again once there is room', async () => {
    const q = new ConversionQueue({ concurrency: 1, maxQueued: 1 });
    const g = gate();
    const running = q.run('a', () => g.opened);
    const waiting = q.run('b', async () => 'b');
    await expect(q.run('c', async () => 'c')).rejects.toBeInstanceOf(ConversionQueueFull);
    g.open();
    await running;
    expect(await waiting).toBe('b');
    expect(await q.run('c', async () => 'c')).toBe('c');
  });

  it('lets a caller wait for room instead of being refused', async () => {
    const q = new ConversionQueue({ concurrency: 1, maxQueued: 1 });
    const g = gate();
    const running = q.run('a', () => g.opened);
    const waiting = q.run('b', async () => 'b');
    let room = false;
    const wait = q.whenRoom().then(() => {
      room = true;
    });
    await tick();
    expect(room).toBe(false);
    g.open();
    await wait;
    expect(room).toBe(true);
    await Promise.all([running, waiting]);
  });

  it('passes a failure to its caller and carries on', async () => {
    const q = new ConversionQueue({ concurrency: 1, maxQueued: 5 });
    await expect(q.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await q.run('a', async () => 1)).toBe(1);
  });

  it('refuses what still waits when stopped', async () => {
    const q = new ConversionQueue({ concurrency: 1, maxQueued: 5 });
    const g = gate();
    const running = q.run('a', () => g.opened.then(() => 'done'));
    const waiting = q.run('b', async () => 'never');
    q.stop();
    await expect(waiting).rejects.toBeInstanceOf(ConversionQueueStopped);
    await expect(q.run('c', async () => 1)).rejects.toBeInstanceOf(ConversionQueueStopped);
    g.open();
    expect(await running).toBe('done');
  });
});
