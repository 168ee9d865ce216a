import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

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
