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

/**
 * The seven days of the weekly chart, oldest first: the API counts the last
 * seven days including today, so the axis starts the day after today (a week
 * ago) and ends with today (spec section 9).
 */
export function weekdayLabels(today: Date): Weekday[] {
  const start = today.getDay() + 1;
  return Array.from({ length: 7 }, (_, i) => WEEKDAYS[(start + i) % 7] as Weekday);
}

/** Counts in label order; a day the API left out counts as 0. */
export function weeklyCounts(
  labels: readonly Weekday[],
  byWeekday: Record<string, number> | undefined,
) {
  return labels.map((day) => byWeekday?.[day] ?? 0);
}
