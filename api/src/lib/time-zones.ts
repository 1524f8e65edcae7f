/*
 * Local days of an IANA time zone as UTC instants, with the zone rules that
 * Node's Intl carries (no zone database of our own to keep up to date).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter of a zone's wall-clock time; throws RangeError for an unknown zone. */
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    // Only zones Intl accepted are cached, so the map stays as small as the zone list.
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether Intl knows the zone (IANA names such as Asia/Tokyo, and UTC). */
export function isTimeZone(timeZone: string): boolean {
  try {
    wallClock(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's wall-clock time at an instant, read as if it were UTC (epoch ms). */
function wallTime(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClock(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The instant a local date (y, m 0-based, d) begins in the zone. */
function startOfLocalDay(y: number, m: number, d: number, timeZone: string): number {
  const midnight = Date.UTC(y, m, d);
  // Offset near the guess, then at the corrected instant: right across a DST change.
  const guess = midnight - (wallTime(midnight, timeZone) - midnight);
  return midnight - (wallTime(guess, timeZone) - guess);
}

export interface LocalDays {
  /** n + 1 instants (epoch ms): the starts of the n days and the end of the last. */
  readonly starts: readonly number[];
  /** Weekday of each day, 0 = Monday. */
  readonly weekdays: readonly number[];
}

/*
 * The last days of a zone change only when its local date does, so each
 * (zone, count) keeps its latest answer until `now` leaves the local day it
 * was computed for (a dashboard call then costs no Intl formatting at all).
 * One entry per zone Intl accepted, like the formatters.
 */
const latest = new Map<string, LocalDays>();

/** The `count` local days of the zone ending with the one that holds `now`. */
export function lastLocalDays(now: Date, timeZone: string, count: number): LocalDays {
  const key = `${count}/${timeZone}`;
  const ms = now.getTime();
  const kept = latest.get(key);
  if (kept && ms >= (kept.starts[count - 1] as number) && ms < (kept.starts[count] as number)) {
    return kept;
  }
  const days = computeLastLocalDays(now, timeZone, count);
  latest.set(key, days);
  return days;
}

function computeLastLocalDays(now: Date, timeZone: string, count: number): LocalDays {
  const today = new Date(wallTime(now.getTime(), timeZone));
  const starts: number[] = [];
  const weekdays: number[] = [];
  for (let back = count - 1; back >= -1; back--) {
    // Date.UTC normalises day overflow, so this steps across months and years.
    const day = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - back),
    );
    starts.push(
      startOfLocalDay(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), timeZone),
    );
    if (back >= 0) weekdays.push((day.getUTCDay() + 6) % 7);
  }
  return { starts, weekdays };
}
