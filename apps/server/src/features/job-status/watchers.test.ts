import { describe, expect, it } from 'vitest';
import { JobWatchers } from './watchers.js';

describe('open status pages', () => {
  it('tells each page of its own job only, and forgets a closed one', () => {
    const w = new JobWatchers({ perAddress: 5, total: 10 });
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
    const w = new JobWatchers({ perAddress: 2, total: 3 });
    const close = [w.watch('j', '1.1.1.1', () => {}), w.watch('j', '1.1.1.1', () => {})];
    expect(w.hasRoom('1.1.1.1')).toBe(false);
    expect(w.hasRoom('2.2.2.2')).toBe(true);
    w.watch('j', '2.2.2.2', () => {});
    expect(w.hasRoom('3.3.3.3')).toBe(false);
    close[0]!();
    expect(w.hasRoom('1.1.1.1')).toBe(true);
  });

  it('ends every open stream on closeAll, and a page ended so is no longer counted', () => {
    const w = new JobWatchers({ perAddress: 5, total: 10 });
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
