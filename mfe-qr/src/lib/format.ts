const numbers = new Intl.NumberFormat('en-US');

export function formatNumber(n: number): string {
  return numbers.format(n);
}
