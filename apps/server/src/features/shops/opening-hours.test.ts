import { DEFAULT_WEEKLY_HOURS, type TOpeningState, type TWeeklyHours } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { clockLabel, localDate, type OpeningRules, openingState } from './opening-hours.js';

const every = (open: string, close: string): TWeeklyHours => ({
  mon: { open, close },
  tue: { open, close },
  wed: { open, close },
  thu: { open, close },
  fri: { open, close },
  sat: { open, close },
  sun: { open, close },
});
const kolkata: OpeningRules = { weeklyHours: DEFAULT_WEEKLY_HOURS, timeZone: 'Asia/Kolkata', closedOn: null };
const sundayOff: OpeningRules = { ...kolkata, weeklyHours: { ...DEFAULT_WEEKLY_HOURS, sun: null } };
const london: OpeningRules = {
  weeklyHours: { ...every('09:30', '18:00'), sun: { open: '10:00', close: '16:00' } },
  timeZone: 'Europe/London',
  closedOn: null,
};
const newYork: OpeningRules = { ...kolkata, timeZone: 'America/New_York' };

const open = (time: string, at: string): TOpeningState => ({ openNow: true, closedToday: false, closesAt: { time, at }, opensAt: null });
const closed = (time: string, day: string, at: string, closedToday = false): TOpeningState => ({
  openNow: false,
  closedToday,
  closesAt: null,
  opensAt: { time, day, at },
});

// 2026-11-24 is a Tuesday; Asia/Kolkata is UTC+5:30 all year; Europe/London moves to UTC+1 on 2026-03-29 and back on 2026-10-25.
describe('openingState: open or closed as the shop clock reads, with a fake clock', () => {
  it.each<[string, OpeningRules, string, TOpeningState]>([
    ['Kolkata 10:00, open until 8 PM', kolkata, '2026-11-24T04:30:00Z', open('8:00 PM', '2026-11-24T14:30:00.000Z')],
    ['Kolkata 9:30 sharp is open', kolkata, '2026-11-24T04:00:00Z', open('8:00 PM', '2026-11-24T14:30:00.000Z')],
    ['Kolkata 9:29 opens today', kolkata, '2026-11-24T03:59:00Z', closed('9:30 AM', 'today', '2026-11-24T04:00:00.000Z')],
    [
      'Kolkata 8:00 PM sharp is closed, opens tomorrow',
      kolkata,
      '2026-11-24T14:30:00Z',
      closed('9:30 AM', 'tomorrow', '2026-11-25T04:00:00.000Z'),
    ],
    ['Kolkata 23:59 opens tomorrow', kolkata, '2026-11-24T18:29:00Z', closed('9:30 AM', 'tomorrow', '2026-11-25T04:00:00.000Z')],
    [
      'Kolkata midnight (18:30 UTC) is already the next day: opens today',
      kolkata,
      '2026-11-24T18:30:00Z',
      closed('9:30 AM', 'today', '2026-11-25T04:00:00.000Z'),
    ],
    [
      'Saturday night with Sundays closed opens Monday',
      sundayOff,
      '2026-11-28T15:30:00Z',
      closed('9:30 AM', 'Monday', '2026-11-30T04:00:00.000Z'),
    ],
    [
      'Sunday with Sundays closed opens tomorrow',
      sundayOff,
      '2026-11-29T06:00:00Z',
      closed('9:30 AM', 'tomorrow', '2026-11-30T04:00:00.000Z'),
    ],
    [
      'the same instant in New York is Monday 23:30',
      newYork,
      '2026-11-24T04:30:00Z',
      closed('9:30 AM', 'tomorrow', '2026-11-24T14:30:00.000Z'),
    ],
    ['London in winter (UTC+0), 9:00', london, '2026-01-15T09:00:00Z', closed('9:30 AM', 'today', '2026-01-15T09:30:00.000Z')],
    ['London in summer (UTC+1), 10:00', london, '2026-07-15T09:00:00Z', open('6:00 PM', '2026-07-15T17:00:00.000Z')],
    [
      'London Saturday night before clocks go forward opens Sunday 10:00 BST',
      london,
      '2026-03-28T21:00:00Z',
      closed('10:00 AM', 'tomorrow', '2026-03-29T09:00:00.000Z'),
    ],
    [
      'London Saturday night before clocks go back opens Sunday 10:00 GMT',
      london,
      '2026-10-24T20:00:00Z',
      closed('10:00 AM', 'tomorrow', '2026-10-25T10:00:00.000Z'),
    ],
    [
      'London Sunday after clocks went forward, open until 4 PM BST',
      london,
      '2026-03-29T12:00:00Z',
      open('4:00 PM', '2026-03-29T15:00:00.000Z'),
    ],
    [
      'closed today by the owner during hours',
      { ...kolkata, closedOn: '2026-11-24' },
      '2026-11-24T04:30:00Z',
      closed('9:30 AM', 'tomorrow', '2026-11-25T04:00:00.000Z', true),
    ],
    [
      'closed today resets at the shop midnight',
      { ...kolkata, closedOn: '2026-11-24' },
      '2026-11-24T18:30:00Z',
      closed('9:30 AM', 'today', '2026-11-25T04:00:00.000Z'),
    ],
    [
      'closed today set yesterday no longer counts',
      { ...kolkata, closedOn: '2026-11-23' },
      '2026-11-24T04:30:00Z',
      open('8:00 PM', '2026-11-24T14:30:00.000Z'),
    ],
    [
      'closed today on a day it was closed anyway',
      { ...sundayOff, closedOn: '2026-11-29' },
      '2026-11-29T06:00:00Z',
      closed('9:30 AM', 'tomorrow', '2026-11-30T04:00:00.000Z', true),
    ],
    [
      'open only on Tuesdays, after closing on a Tuesday: next Tuesday',
      {
        ...kolkata,
        weeklyHours: { mon: null, tue: { open: '10:00', close: '12:00' }, wed: null, thu: null, fri: null, sat: null, sun: null },
      },
      '2026-11-24T08:00:00Z',
      closed('10:00 AM', 'Tuesday', '2026-12-01T04:30:00.000Z'),
    ],
    [
      'never open',
      { ...kolkata, weeklyHours: { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null } },
      '2026-11-24T04:30:00Z',
      { openNow: false, closedToday: false, closesAt: null, opensAt: null },
    ],
  ])('%s', (_label, rules, now, expected) => {
    expect(openingState(rules, new Date(now))).toEqual(expected);
  });

  it('reads the clock in 12-hour time and the local date in the shop zone', () => {
    expect([0, 30, 570, 720, 779, 1139, 1439].map(clockLabel)).toEqual([
      '12:00 AM',
      '12:30 AM',
      '9:30 AM',
      '12:00 PM',
      '12:59 PM',
      '6:59 PM',
      '11:59 PM',
    ]);
    expect(localDate('Asia/Kolkata', new Date('2026-11-24T18:29:00Z'))).toBe('2026-11-24');
    expect(localDate('Asia/Kolkata', new Date('2026-11-24T18:30:00Z'))).toBe('2026-11-25');
    expect(localDate('America/New_York', new Date('2026-11-24T04:30:00Z'))).toBe('2026-11-23');
  });
});
