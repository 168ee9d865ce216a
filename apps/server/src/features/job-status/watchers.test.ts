import { describe, expect, it } from 'vitest';
import { JobWatchers } from './watchers.js';

describe('open status pages', () => {
  it('tells each page of its own job only, and forgets a closed one', () => {
    const w = new JobWatchers({ perAddress: 5, perJob: 5, total: 10 });
    const seen: string[] = [];
    const closeA = w.watch('job-a', '1.1.1.1', () => seen.push('a'));
    w.watch('job-b', '1.1.1.1', () => seen.push('b'));
    w.changed('job-a');
    closeA();
    closeA();
    w.changed('job-a');
    w.changed('job-b');
    expect(seen).toEqual(['a', 'b']);
    expect(w.size).toBe(1);
  });

  it('holds at most perAddress pages for one network and total for the instance', () => {
    const w = new JobWatchers({ perAddress: 2, perJob: 5, total: 3 });
    const close = [w.watch('j', '1.1.1.1', () => {}), w.watch('j', '1.1.1.1', () => {})];
    expect(w.noRoom('j', '1.1.1.1')).toBe('address');
    expect(w.noRoom('j', '2.2.2.2')).toBeUndefined();
    w.watch('j', '2.2.2.2', () => {});
    expect(w.noRoom('k', '3.3.3.3')).toBe('instance');
    close[0]!();
    expect(w.noRoom('j', '1.1.1.1')).toBeUndefined();
  });

  it('holds at most perJob pages of one job, whatever the addresses, and leaves room for other jobs', () => {
    const w = new JobWatchers({ perAddress: 20, perJob: 6, total: 5000 });
    const opened: (() => void)[] = [];
    for (let i = 0; i < 250; i++) {
      const address = `10.0.${i >> 8}.${i & 255}`;
      if (!w.noRoom('hot', address)) opened.push(w.watch('hot', address, () => {}));
    }
    expect(opened).toHaveLength(6);
    expect(w.noRoom('hot', '10.9.9.9')).toBe('job');
    expect(w.noRoom('other', '10.9.9.9')).toBeUndefined();
    opened[0]!();
    expect(w.noRoom('hot', '10.9.9.9')).toBeUndefined();
  });

  it('ends every open stream on closeAll, and a page ended so is no longer counted', () => {
    const w = new JobWatchers({ perAddress: 5, perJob: 5, total: 10 });
    const ended: string[] = [];
    let closeB = () => {};
    w.watch(
      'a',
      '1.1.1.1',
      () => {},
      () => ended.push('a'),
    );
    closeB = w.watch(
      'b',
      '1.1.1.1',
      () => {},
      () => {
        ended.push('b');
        closeB();
      },
    );
    w.closeAll();
    expect(ended).toEqual(['a', 'b']);
    expect(w.size).toBe(1);
  });
});
