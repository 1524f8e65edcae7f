const numbers = new Intl.NumberFormat('en-US');
const dateTimes = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function formatNumber(n: number): string {
  return numbers.format(n);
}

export function formatDateTime(iso: string): string {
  return dateTimes.format(new Date(iso));
}
