/**
 * The panel's time zone: the browser's IANA zone. The weekly chart is counted
 * and labelled in it, so "today" is the user's today wherever the API runs.
 * A browser that names no zone counts in UTC, the API's default.
 */
export function panelTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
