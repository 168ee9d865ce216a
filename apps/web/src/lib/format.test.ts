import { describe, expect, it } from 'vitest';
import { clockText, durationText, formatBytes } from './format';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [2048, '2 KB'],
    [25 * 1024 * 1024, '25 MB'],
    [5 * 1024 ** 3, '5 GB'],
  ])('%i bytes reads %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('durationText', () => {
  it.each([
    [60, '1 minute'],
    [1800, '30 minutes'],
    [5400, '90 minutes'],
    [3600, '1 hour'],
    [7200, '2 hours'],
    [86_400, '24 hours'],
    [129_600, '36 hours'],
    [172_800, '2 days'],
    [604_800, '7 days'],
  ])('%i seconds reads %s', (seconds, text) => {
    expect(durationText(seconds)).toBe(text);
  });
});

describe('clockText', () => {
  const now = new Date(2026, 2, 10, 9, 0);
  it.each([
    [new Date(2026, 2, 10, 14, 32), '14:32'],
    [new Date(2026, 2, 10, 0, 5), '00:05'],
    [new Date(2026, 2, 11, 9, 5), '09:05 tomorrow'],
    [new Date(2026, 2, 9, 23, 59), '23:59 yesterday'],
    [new Date(2026, 2, 3, 14, 32), '14:32 on 3 Mar'],
  ])('%s reads %s', (date, text) => {
    expect(clockText(date.toISOString(), now)).toBe(text);
  });
});
