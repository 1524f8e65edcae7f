import { getCurrency } from '@panel/shared';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});

/**
 * An amount in the panel's currency (`currency` in /remotes.json, from the
 * server's CURRENCY setting; EUR by default), in the user's own locale. Made
 * per call: the configuration is read after this module loads.
 */
export function formatMoney(value: number): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: getCurrency() }).format(
    value,
  );
}

/** 'YYYY-MM-DD' is a calendar day, read in local time so it never shifts a day. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const dayOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = dayOnly
    ? new Date(Number(dayOnly[1]), Number(dayOnly[2]) - 1, Number(dayOnly[3]))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

/** The local calendar day `days` after `from`, as the API's 'YYYY-MM-DD'. */
export function dayAfter(from: Date, days: number): string {
  const day = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
