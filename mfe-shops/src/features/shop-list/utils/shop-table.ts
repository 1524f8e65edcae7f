import type { Shop } from '@panel/shared';

export type SortKey = 'name' | 'created_date' | 'email' | 'id' | 'phone';
export type SortDirection = 'ascending' | 'descending';

export interface SortOrder {
  key: SortKey;
  direction: SortDirection;
}

/** The spec's order: newest id first. */
export const DEFAULT_SORT: SortOrder = { key: 'id', direction: 'descending' };

/** Rows per page: with 2,000 shops only this many rows are ever in the DOM. */
export const PAGE_SIZE = 25;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const digitsOnly = (text: string) => text.replace(/\D/g, '');
const PHONE_LIKE = /^[\d\s()+.-]+$/;

/**
 * Case-insensitive match on name, e-mail or phone. Phones also match on
 * digits alone, so '44207' finds '+44 20 7946 0000'.
 */
export function matchesSearch(shop: Shop, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  if (shop.name.toLowerCase().includes(needle)) return true;
  if (shop.email.toLowerCase().includes(needle)) return true;
  if (shop.phone.toLowerCase().includes(needle)) return true;
  const digits = digitsOnly(needle);
  return PHONE_LIKE.test(needle) && digits !== '' && digitsOnly(shop.phone).includes(digits);
}

function compare(a: Shop, b: Shop, key: SortKey): number {
  if (key === 'id') return a.id - b.id;
  // Dates are ISO text, so text order is time order; ties fall back to id.
  return collator.compare(a[key] ?? '', b[key] ?? '') || a.id - b.id;
}

/** The rows the table shows: filtered, then sorted; the input is left as it was. */
export function filterAndSort(shops: readonly Shop[], query: string, order: SortOrder): Shop[] {
  const sign = order.direction === 'ascending' ? 1 : -1;
  return shops
    .filter((shop) => matchesSearch(shop, query))
    .sort((a, b) => sign * compare(a, b, order.key));
}

/** Clicking a column sorts by it; clicking the sorted column again reverses it. */
export function nextSort(current: SortOrder, key: SortKey): SortOrder {
  if (current.key === key) {
    return {
      key,
      direction: current.direction === 'ascending' ? 'descending' : 'ascending',
    };
  }
  // Newest first is what people want from ids and dates; A to Z from text.
  const newestFirst = key === 'id' || key === 'created_date';
  return { key, direction: newestFirst ? 'descending' : 'ascending' };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
