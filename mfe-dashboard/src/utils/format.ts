const numberFormat = new Intl.NumberFormat('en-US');
const moneyFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function formatMoney(value: number): string {
  return moneyFormat.format(value);
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
