import type { TRecycleItem } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { expiredNotice, formatCountdown, isUrgent, newlyExpired, searchItems, secondsLeft, showsHours, sortItems } from './bin';

const item = (over: Partial<TRecycleItem>): TRecycleItem => ({
  id: 'f0000000-0000-4000-8000-000000000001',
  name: 'report.pdf',
  type: 'pdf',
  size: 1000,
  deletedAt: '2025-01-01T10:00:00.000Z',
  expiresAt: '2025-01-01T11:00:00.000Z',
  savedAt: null,
  jobId: 'j1',
  jobNumber: 7,
  customer: { id: null, name: 'Asha', registered: false },
  previewUrl: null,
  ...over,
});

describe('countdown', () => {
  it('shows minutes and seconds up to 59 minutes', () => {
    expect(formatCountdown(59 * 60 + 59)).toBe('59:59');
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(5)).toBe('00:05');
    expect(formatCountdown(0)).toBe('00:00');
  });

  it('shows hours and minutes above 59 minutes', () => {
    expect(formatCountdown(60 * 60)).toBe('1:00');
    expect(formatCountdown(60 * 60 + 59)).toBe('1:00');
    expect(formatCountdown(2 * 3600 + 5 * 60)).toBe('2:05');
    expect(formatCountdown(24 * 3600)).toBe('24:00');
    expect(showsHours(59 * 60 + 59)).toBe(false);
    expect(showsHours(60 * 60)).toBe(true);
  });

  it('turns amber at 600 s or less', () => {
    expect(isUrgent(601)).toBe(false);
    expect(isUrgent(600)).toBe(true);
    expect(isUrgent(1)).toBe(true);
  });

  it('counts seconds to expiresAt, rounding up so only a passed time reads 0', () => {
    const expiresAt = Date.parse('2025-01-01T11:00:00.000Z');
    expect(secondsLeft(item({}), expiresAt - 600_000)).toBe(600);
    expect(secondsLeft(item({}), expiresAt - 400)).toBe(1);
    expect(secondsLeft(item({}), expiresAt)).toBe(0);
    expect(secondsLeft(item({}), expiresAt + 5_000)).toBe(0);
    expect(secondsLeft(item({ expiresAt: null }), expiresAt)).toBeNull();
  });
});

describe('expiry check', () => {
  it('words the notice as the spec does', () => {
    expect(expiredNotice(1)).toBe('1 file(s) expired and removed.');
    expect(expiredNotice(3)).toBe('3 file(s) expired and removed.');
  });

  it('finds expired files once, and never saved ones', () => {
    const now = Date.parse('2025-01-01T11:00:01.000Z');
    const a = item({ id: 'a' });
    const b = item({ id: 'b', expiresAt: '2025-01-01T11:30:00.000Z' });
    const c = item({ id: 'c', expiresAt: null, savedAt: '2025-01-01T10:10:00.000Z' });
    const d = item({ id: 'd' });
    expect(newlyExpired([a, b, c, d], new Set(), now)).toEqual(['a', 'd']);
    expect(newlyExpired([a, b, c, d], new Set(['a']), now)).toEqual(['d']);
  });
});

describe('sort and search', () => {
  const older = item({ id: 'o', name: 'old.png', size: 50, deletedAt: '2025-01-01T09:00:00.000Z', jobNumber: 12 });
  const newer = item({ id: 'n', name: 'new.pdf', size: 900, customer: { id: null, name: 'Ravi Kumar', registered: false } });

  it('sorts by deleted time and by size both ways', () => {
    expect(sortItems([older, newer], 'deleted_desc').map((i) => i.id)).toEqual(['n', 'o']);
    expect(sortItems([newer, older], 'deleted_asc').map((i) => i.id)).toEqual(['o', 'n']);
    expect(sortItems([older, newer], 'size_desc').map((i) => i.id)).toEqual(['n', 'o']);
    expect(sortItems([newer, older], 'size_asc').map((i) => i.id)).toEqual(['o', 'n']);
  });

  it('searches file name, customer and ids, ignoring case', () => {
    expect(searchItems([older, newer], 'OLD')).toEqual([older]);
    expect(searchItems([older, newer], 'ravi')).toEqual([newer]);
    expect(searchItems([older, newer], '#12')).toEqual([older]);
    expect(searchItems([older, newer], '  ')).toEqual([older, newer]);
  });
});
