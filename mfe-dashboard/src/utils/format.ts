import { getCurrency } from '@panel/shared';

const numberFormat = new Intl.NumberFormat('en-US');

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

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
