import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';
import { addSample, bytesPerSecond, progressText, type Sample, secondsLeft, timeLeftText } from './transferRate';

const KB = 1024;
const MB = 1024 * KB;

/** Samples every `stepMs` at `rate` bytes a second, from `start` ms. */
function steady(rate: number, until: number, stepMs = 500, start = 0): Sample[] {
  let samples: Sample[] = [];
  for (let at = start; at <= until; at += stepMs) samples = addSample(samples, { at, bytes: Math.round(((at - start) * rate) / 1000) });
  return samples;
}

describe('the speed of an upload, over a moving window', () => {
  it('reads a steady 180 KB/s as 180 KB/s', () => {
    const samples = steady(180 * KB, 20_000);
    expect(bytesPerSecond(samples, 20_000)).toBeCloseTo(180 * KB, 0);
  });

  it('keeps only the last 8 seconds, so it follows a change of signal', () => {
    let samples = steady(400 * KB, 30_000);
    // The phone walks into a weak signal: 50 KB/s from second 30.
    for (let at = 30_500; at <= 40_000; at += 500)
      samples = addSample(samples, { at, bytes: 12_000 * KB + ((at - 30_000) * 50 * KB) / 1000 });
    expect(samples.every((s) => 40_000 - s.at <= 8_000)).toBe(true);
    expect(bytesPerSecond(samples, 40_000)).toBeCloseTo(50 * KB, 0);
  });

  it('says nothing during the first second, when a speed would be a wild guess', () => {
    const samples = steady(1 * MB, 800, 100);
    expect(bytesPerSecond(samples, 800)).toBeNull();
    expect(bytesPerSecond([], 800)).toBeNull();
  });

  it('falls to 0 when nothing moves, instead of repeating the last speed', () => {
    const samples = steady(200 * KB, 10_000);
    expect(bytesPerSecond(samples, 14_000)).toBeCloseTo(100 * KB, 0);
    expect(bytesPerSecond(samples, 19_000)).toBe(0);
  });

  it('starts the window again when a cut chunk is taken back, rather than count the lost bytes', () => {
    const samples = addSample(steady(200 * KB, 5_000), { at: 5_500, bytes: 300 * KB });
    expect(samples).toEqual([{ at: 5_500, bytes: 300 * KB }]);
  });
});

describe('the time left', () => {
  it('is what remains over the speed, and unknown at no speed', () => {
    expect(secondsLeft(1 * MB, 3 * MB, 100 * KB)).toBeCloseTo(20.48, 2);
    expect(secondsLeft(3 * MB, 3 * MB, 100 * KB)).toBe(0);
    expect(secondsLeft(1 * MB, 3 * MB, 0)).toBeNull();
    expect(secondsLeft(1 * MB, 3 * MB, null)).toBeNull();
  });

  it.each([
    [0.2, 'about 1 s left'],
    [10.8, 'about 11 s left'],
    [59.2, 'about 60 s left'],
    [60, 'about 1 min left'],
    [150, 'about 3 min left'],
    [3599, 'about 60 min left'],
    [5400, 'about 2 h left'],
  ])('%f s reads %s', (seconds, text) => {
    expect(timeLeftText(seconds)).toBe(text);
  });
});

describe('the line under a file while it is sent', () => {
  it('reads amounts, speed and time left', () => {
    expect(progressText(2.1 * MB, 4 * MB, 180 * KB)).toBe('2.1 MB of 4.0 MB · 180 KB/s · about 11 s left');
    expect(progressText(512 * KB, 25 * MB, 1.5 * MB)).toBe('512 KB of 25 MB · 1.5 MB/s · about 17 s left');
  });

  it('shows only the amounts while the speed is unknown or nil', () => {
    expect(progressText(2.1 * MB, 4 * MB, null)).toBe('2.1 MB of 4.0 MB');
    expect(progressText(2.1 * MB, 4 * MB, 0)).toBe('2.1 MB of 4.0 MB');
  });

  it('keeps a steady width: a whole number of megabytes keeps its decimal there, and only there', () => {
    expect(formatBytes(4 * MB, true)).toBe('4.0 MB');
    expect(formatBytes(4 * MB)).toBe('4 MB');
    expect(formatBytes(25 * MB, true)).toBe('25 MB');
    expect(formatBytes(900, true)).toBe('900 B');
  });
});
