import { describe, expect, it } from 'vitest';
import { ConversionQueue, ConversionQueueFull, ConversionQueueStopped, type Turn } from './queue.js';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
/** A conversion sent to `shopId` from `address` (by default an address of the shop's own). */
const at = (shopId: string, address = `from-${shopId}`): Turn => ({ shopId, address });

describe('ConversionQueue', () => {
  it('runs at most `concurrency` at once', async () => {
    const q = new ConversionQueue({ concurrency: 2, maxQueued: 10 });
    const gates = [gate(), gate(), gate()];
    const runs = gates.map((g, i) => q.run(at(`shop-${i}`), () => g.opened.then(() => i)));
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
      q.run(at('busy'), job('busy-1')),
      q.run(at('busy'), job('busy-2')),
      q.run(at('busy'), job('busy-3')),
      q.run(at('quiet'), job('quiet-1')),
    ]);
    expect(order).toEqual(['busy-1', 'quiet-1', 'busy-2', 'busy-3']);
  });

  it('refuses beyond its queue length and takes work again once there is room', async () => {
    const q = new ConversionQueue({ concurrency: 1, maxQueued: 1 });
    const g = gate();
    const running = q.run(at('a'), () => g.opened);
    const waiting = q.run(at('b'), async () => 'b');
    await expect(q.run(at('c'), async () => 'c')).rejects.toBeInstanceOf(ConversionQueueFull);
    g.open();
    await running;
    expect(await waiting).toBe('b');
    expect(await q.run(at('c'), async () => 'c')).toBe('c');
  });

  it('lets a caller wait for room instead of being refused', async () => {
    const q = new ConversionQueue({ concurrency: 1, maxQueued: 1 });
    const g = gate();
    const running = q.run(at('a'), () => g.opened);
    const waiting = q.run(at('b'), async () => 'b');
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
    await expect(q.run(at('a'), async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await q.run(at('a'), async () => 1)).toBe(1);
  });

  it('refuses what still waits when stopped', async () => {
    const q = new ConversionQueue({ concurrency: 1, maxQueued: 5 });
    const g = gate();
    const running = q.run(at('a'), () => g.opened.then(() => 'done'));
    const waiting = q.run(at('b'), async () => 'never');
    q.stop();
    await expect(waiting).rejects.toBeInstanceOf(ConversionQueueStopped);
    await expect(q.run(at('c'), async () => 1)).rejects.toBeInstanceOf(ConversionQueueStopped);
    g.open();
    expect(await running).toBe('done');
  });

  describe('one sender with heavy documents at many shops', () => {
    const SHOPS = ['shop-1', 'shop-2', 'shop-3', 'shop-4', 'shop-5'];

    /** Two slow documents from one address to each of five shops, then a letter from someone else to a sixth shop. */
    function flood(q: ConversionQueue, clock: { ms: number }) {
      const started: string[] = [];
      const gates = new Map<string, ReturnType<typeof gate>>();
      const slow = (name: string) => () => {
        started.push(name);
        const g = gate();
        gates.set(name, g);
        return g.opened;
      };
      const hostile = SHOPS.flatMap((shop) => [1, 2].map((n) => q.run(at(shop, 'hostile'), slow(`${shop}#${n}`))));
      const letter = q.run(at('shop-6', 'walk-in'), async () => {
        started.push('letter');
      });
      /** The hostile conversion running now takes a full minute, then ends. */
      const finishOne = async () => {
        const running = started.filter((n) => n !== 'letter').at(-1)!;
        clock.ms += 60_000;
        gates.get(running)!.open();
        await tick();
      };
      const release = () => {
        for (const g of gates.values()) g.open();
      };
      return { started, hostile, letter, finishOne, release };
    }

    it('holds one slot, whatever the shops: another address converts in the other slot at once', async () => {
      const clock = { ms: 0 };
      const q = new ConversionQueue({ concurrency: 2, maxQueued: 50, now: () => clock.ms });
      const f = flood(q, clock);
      await f.letter;
      expect(f.started).toEqual(['shop-1#1', 'letter']);
      expect(q.size).toEqual({ running: 1, queued: 9 });
      while (f.started.length < 11) await f.finishOne();
      f.release();
      await Promise.all(f.hostile);
    });

    it('with one slot, delays another address by one turn only: time spent puts the sender behind', async () => {
      const clock = { ms: 0 };
      const q = new ConversionQueue({ concurrency: 1, maxQueued: 50, now: () => clock.ms });
      const f = flood(q, clock);
      await tick();
      expect(f.started).toEqual(['shop-1#1']);
      await f.finishOne();
      await f.letter;
      expect(f.started.slice(0, 2)).toEqual(['shop-1#1', 'letter']);
      while (f.started.length < 11) await f.finishOne();
      f.release();
      await Promise.all(f.hostile);
    });

    it("keeps a bounded share waiting per address; more are refused as the address's, and others still get in", async () => {
      const q = new ConversionQueue({ concurrency: 1, maxQueued: 50, maxQueuedPerAddress: 2 });
      const g = gate();
      const runs = [
        q.run(at('shop-1', 'hostile'), () => g.opened),
        q.run(at('shop-2', 'hostile'), async () => 2),
        q.run(at('shop-3', 'hostile'), async () => 3),
      ];
      const over = q.run(at('shop-4', 'hostile'), async () => 4);
      await expect(over).rejects.toBeInstanceOf(ConversionQueueFull);
      await expect(over).rejects.toMatchObject({ byAddress: true });
      const other = q.run(at('shop-4', 'walk-in'), async () => 'walk-in');
      g.open();
      expect(await Promise.all(runs)).toEqual([undefined, 2, 3]);
      expect(await other).toBe('walk-in');
      expect(await q.run(at('shop-4', 'hostile'), async () => 4)).toBe(4);
    });
  });
});
