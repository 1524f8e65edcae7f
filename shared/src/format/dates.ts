import { LIMITS } from '../config/constants';

// Building an Intl formatter is what costs, so each is made once.
const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const MONTH_DAY_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** 'YYYY-MM-DD' is a calendar day, read in local time so it never shifts a day. */
function toDate(value: string): Date {
  const dayOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return dayOnly
    ? new Date(Number(dayOnly[1]), Number(dayOnly[2]) - 1, Number(dayOnly[3]))
    : new Date(value);
}

const isValid = (date: Date) => !Number.isNaN(date.getTime());

/**
 * The first 10 characters of an API timestamp, YYYY-MM-DD: the spec's format
 * for the Accepted and Denied request cards (section 9) and the shop list's
 * Join Date, unambiguous in every locale.
 */
export function dayOf(timestamp: string): string {
  return timestamp.slice(0, LIMITS.requestDateLength);
}

/**
 * Month and day, as the spec's Pending request cards read ("Mar 14"), in the
 * viewer's time zone; the year is added when it is not the current one
 * ("Mar 14, 2025"), so an old request does not pass for this year's.
 */
export function monthDay(timestamp: string, now: Date = new Date()): string {
  const date = toDate(timestamp);
  if (!isValid(date)) return dayOf(timestamp);
  return (date.getFullYear() === now.getFullYear() ? MONTH_DAY : MONTH_DAY_YEAR).format(date);
}

/** A day where the spec names no format ("05 Mar 2026"): loans, returns, new shops. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = toDate(value);
  return isValid(date) ? DAY_MONTH_YEAR.format(date) : value;
}

/** A day and time where the spec names no format ("5 Mar 2026, 14:05"): QR batches. */
export function formatDateTime(timestamp: string): string {
  const date = new Date(timestamp);
  return isValid(date) ? DATE_TIME.format(date) : timestamp;
}
