import { z } from 'zod';

/** Issue 16: opening hours per weekday in the shop's own time zone, and the owner's "closed today" switch. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type TWeekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<TWeekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
const DEFAULT_DAY = { open: '09:30', close: '20:00' };
/** Every day 9:30 AM – 8:00 PM: the same as DEFAULT_SHOP_HOURS, the text shops had before. */
export const DEFAULT_WEEKLY_HOURS = Object.fromEntries(WEEKDAYS.map((d) => [d, { ...DEFAULT_DAY }])) as TWeeklyHours;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (field: string) =>
  z
    .string({ error: `${field} must be a time like 09:30` })
    .trim()
    .regex(HHMM, `${field} must be a time like 09:30`);

/** One weekday: its opening and closing time (24-hour "HH:MM", same day), or null when the shop is closed all day. */
const dayHours = (day: TWeekday) => {
  const field = `weeklyHours.${day}`;
  return z
    .object({ open: time(`${field}.open`), close: time(`${field}.close`) }, { error: `${field} must be {open, close} or null` })
    .refine((h) => h.close > h.open, `${field}.close must be after ${field}.open`)
    .nullable();
};

export const ZWeeklyHours = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, dayHours(d)])) as Record<TWeekday, ReturnType<typeof dayHours>>,
  { error: 'weeklyHours must name every weekday (mon … sun)' },
);
export type TWeeklyHours = z.infer<typeof ZWeeklyHours>;

/** Intl knows the zone (the server also asks PostgreSQL, which must know it too). */
export function isIntlTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
export const TIME_ZONE_MESSAGE = 'timeZone must be a time zone like Asia/Kolkata';
export const ZTimeZone = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .min(1, TIME_ZONE_MESSAGE)
  .max(64, TIME_ZONE_MESSAGE)
  .refine((v) => /^[A-Za-z0-9_+\-/]+$/.test(v) && isIntlTimeZone(v), TIME_ZONE_MESSAGE);

/** GET in /api/settings (`hours`), answer of PUT /api/settings/hours and /api/settings/closed-today. */
export const ZShopHours = z.object({
  timeZone: z.string(),
  weeklyHours: ZWeeklyHours,
  /** The owner switched the shop to closed for the rest of today (the shop's today); it ends by itself at midnight. */
  closedToday: z.boolean(),
});
export type TShopHours = z.infer<typeof ZShopHours>;

/** PUT /api/settings/hours */
export const ZShopHoursUpdate = z.object({ timeZone: ZTimeZone, weeklyHours: ZWeeklyHours });
export type TShopHoursUpdate = z.input<typeof ZShopHoursUpdate>;

/** PUT /api/settings/closed-today */
export const ZClosedTodayUpdate = z.object({
  closedToday: z.boolean({ error: 'closedToday must be true or false' }),
});

/** A moment in the shop's day: as the shop's clock shows it ("9:30 AM") and as an instant. */
export const ZShopMoment = z.object({
  time: z.string(),
  /** ISO 8601 instant (UTC). */
  at: z.string(),
});
/** Public shop details: open now or not, and when that changes. */
export const ZOpeningState = z.object({
  openNow: z.boolean(),
  closedToday: z.boolean(),
  /** While open: when it closes today. */
  closesAt: ZShopMoment.nullable(),
  /** While closed: the next opening; `day` is 'today', 'tomorrow' or a weekday name. Null if the shop never opens. */
  opensAt: ZShopMoment.extend({ day: z.string() }).nullable(),
});
export type TOpeningState = z.infer<typeof ZOpeningState>;
