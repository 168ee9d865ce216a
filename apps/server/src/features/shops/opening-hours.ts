import { type TOpeningState, type TWeekday, type TWeeklyHours, WEEKDAY_NAMES } from '@counterprint/contract';

/** What decides whether a shop is open: its week, its time zone and the local date the owner closed it for. */
export type OpeningRules = { weeklyHours: TWeeklyHours; timeZone: string; closedOn: string | null };

/** getUTCDay() order. */
const BY_UTC_DAY: TWeekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const MINUTE_MS = 60_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A calendar day (as UTC midnight, used only for date arithmetic) and minutes since local midnight. */
type LocalTime = { day: Date; minutes: number };

function localTime(timeZone: string, at: Date): LocalTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  return { day: new Date(Date.UTC(parts.year!, parts.month! - 1, parts.day!)), minutes: parts.hour! * 60 + parts.minute! };
}

/** How far the zone's wall clock is ahead of UTC at instant `t` (whole minutes). */
function offsetAt(timeZone: string, t: number): number {
  const { day, minutes } = localTime(timeZone, new Date(t));
  return day.getTime() + minutes * MINUTE_MS - Math.floor(t / MINUTE_MS) * MINUTE_MS;
}

/** The instant the zone's clock shows `minutes` on `day`; the second pass settles days when the offset changes (DST). */
function instantOf(timeZone: string, day: Date, minutes: number): Date {
  const wall = day.getTime() + minutes * MINUTE_MS;
  const first = wall - offsetAt(timeZone, wall);
  return new Date(wall - offsetAt(timeZone, first));
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const addDays = (day: Date, n: number) => new Date(day.getTime() + n * 86_400_000);
export const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/** "9:30 AM", "12:00 PM": how the shop's clock reads to a customer. */
export function clockLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  return `${h % 12 || 12}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The shop's local date at `now` ("2026-11-24"): the day a "closed today" switch is for. */
export const localDate = (timeZone: string, now: Date) => isoDay(localTime(timeZone, now).day);

/**
 * Open now or not, and when that changes, as the shop's own clock reads at `now`. "Closed today" counts only on
 * the local date it was set for, so it ends by itself at the shop's midnight. A week ahead is enough to find the
 * next opening: after that the same week repeats.
 */
export function openingState(rules: OpeningRules, now: Date): TOpeningState {
  const { weeklyHours, timeZone } = rules;
  const here = localTime(timeZone, now);
  const closedToday = rules.closedOn === isoDay(here.day);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const day = addDays(here.day, ahead);
    const weekday = BY_UTC_DAY[day.getUTCDay()]!;
    const hours = weeklyHours[weekday];
    if (!hours || (ahead === 0 && closedToday)) continue;
    const open = toMinutes(hours.open);
    const close = toMinutes(hours.close);
    if (ahead === 0 && here.minutes >= close) continue;
    if (ahead === 0 && here.minutes >= open) {
      const closesAt = { time: clockLabel(close), at: instantOf(timeZone, day, close).toISOString() };
      return { openNow: true, closedToday: false, closesAt, opensAt: null };
    }
    const dayLabel = ahead === 0 ? 'today' : ahead === 1 ? 'tomorrow' : WEEKDAY_NAMES[weekday];
    const opensAt = { time: clockLabel(open), day: dayLabel, at: instantOf(timeZone, day, open).toISOString() };
    return { openNow: false, closedToday, closesAt: null, opensAt };
  }
  return { openNow: false, closedToday, closesAt: null, opensAt: null };
}
