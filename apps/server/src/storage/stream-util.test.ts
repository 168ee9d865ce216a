import { describe, expect, it } from 'vitest';
import { freeNow } from './stream-util.js';

describe('freeNow', () => {
  it('detaches a buffer that owns all of its memory', () => {
    const owned = Buffer.allocUnsafeSlow(256 * 1024).fill(7);
    freeNow(owned);
    expect(owned.buffer.byteLength).toBe(0);
    expect(owned.length).toBe(0);
  });

  it('leaves alone a view into a larger buffer and a buffer from the shared pool', () => {
    const whole = Buffer.alloc(1024, 1);
    const view = whole.subarray(0, 512);
    freeNow(view);
    expect(whole.length).toBe(1024);
    expect(view.length).toBe(512);
    const pooled = Buffer.from('sixteen bytes!!!');
    freeNow(pooled);
    expect(pooled.toString()).toBe('sixteen bytes!!!');
  });
});
