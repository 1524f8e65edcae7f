/** Weekday names as the API keys loans_by_weekday, Sunday first like Date#getDay. */
export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export type Weekday = (typeof WEEKDAYS)[number];

/** The weekday of an instant in a time zone (Date#getDay only knows the machine's own). */
export function weekdayIn(instant: Date, timeZone: string): Weekday {
  const name = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone }).format(instant);
  const weekday = WEEKDAYS.find((day) => day === name);
  if (weekday === undefined) throw new Error(`Intl gave an unknown weekday: ${name}`);
  return weekday;
}

/**
 * The seven days of the weekly chart, oldest first: the API counts the last
 * seven days including today, in the panel's time zone, so the axis starts
 * the day after today (a week ago) and ends with today (spec section 9).
 */
export function weekdayLabels(today: Date, timeZone: string): Weekday[] {
  const start = WEEKDAYS.indexOf(weekdayIn(today, timeZone)) + 1;
  return Array.from({ length: 7 }, (_, i) => WEEKDAYS[(start + i) % 7] as Weekday);
}

/** Counts in label order; a day the API left out counts as 0. */
export function weeklyCounts(
  labels: readonly Weekday[],
  byWeekday: Record<string, number> | undefined,
) {
  return labels.map((day) => byWeekday?.[day] ?? 0);
}
