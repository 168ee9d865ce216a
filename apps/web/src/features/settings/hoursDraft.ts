import {
  DEFAULT_WEEKLY_HOURS,
  type TShopHours,
  type TShopHoursUpdate,
  type TWeekday,
  WEEKDAY_NAMES,
  WEEKDAYS,
} from '@counterprint/contract';

export type DayRow = { day: TWeekday; open: boolean; opensAt: string; closesAt: string };
export type HoursDraft = { timeZone: string; days: DayRow[] };

export function draftFrom(hours: TShopHours): HoursDraft {
  return {
    timeZone: hours.timeZone,
    days: WEEKDAYS.map((day) => {
      const h = hours.weeklyHours[day];
      const fallback = DEFAULT_WEEKLY_HOURS[day]!;
      return { day, open: h !== null, opensAt: (h ?? fallback).open, closesAt: (h ?? fallback).close };
    }),
  };
}

/** The owner's words for what the server would refuse, or the hours to save. */
export function hoursToSave(draft: HoursDraft): { error: string } | { hours: TShopHoursUpdate } {
  if (!draft.timeZone.trim()) return { error: 'Please choose a time zone.' };
  for (const d of draft.days) {
    if (!d.open) continue;
    if (!d.opensAt || !d.closesAt) return { error: `${WEEKDAY_NAMES[d.day]}: please set both times.` };
    if (d.closesAt <= d.opensAt) return { error: `${WEEKDAY_NAMES[d.day]}: closing time must be after opening time.` };
  }
  const weeklyHours = Object.fromEntries(draft.days.map((d) => [d.day, d.open ? { open: d.opensAt, close: d.closesAt } : null]));
  return { hours: { timeZone: draft.timeZone.trim(), weeklyHours: weeklyHours as TShopHoursUpdate['weeklyHours'] } };
}

/** Suggestions only: any zone may be typed, and the server checks it against Intl and PostgreSQL. */
const COMMON_ZONES = [
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Colombo',
  'Asia/Dubai',
  'Asia/Singapore',
  'Europe/London',
  'America/New_York',
];
export const suggestedTimeZones = (current: string) => [...new Set([current, ...COMMON_ZONES])];
