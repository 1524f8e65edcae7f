import { type Shop } from '@panel/shared';
import { PAGE_SIZES } from '@panel/shared/data';

import type { ShopFigures } from '../api/get-shop-figures';

export type SortKey =
  'name' | 'created_date' | 'email' | 'id' | 'phone' | 'return_rate_4w' | 'overdue' | 'stock_held';

/** A shop with its figures once they are loaded (a second call). */
export type ShopRowData = Shop &
  Partial<Pick<ShopFigures, 'overdue' | 'stock_held' | 'return_rate_4w'>>;

const FIGURE_KEYS = new Set<SortKey>(['return_rate_4w', 'overdue', 'stock_held']);

/** The list's shops with their figures, matched by id; a shop the figures miss has none. */
export function withFigures(
  shops: readonly Shop[],
  figures: readonly ShopFigures[] | undefined,
): ShopRowData[] {
  if (!figures) return [...shops];
  const byId = new Map(figures.map((f) => [f.id, f]));
  return shops.map((shop) => {
    const f = byId.get(shop.id);
    return f
      ? { ...shop, overdue: f.overdue, stock_held: f.stock_held, return_rate_4w: f.return_rate_4w }
      : shop;
  });
}
export type SortDirection = 'ascending' | 'descending';

export interface SortOrder {
  key: SortKey;
  direction: SortDirection;
}

/** The spec's order: newest id first. */
export const DEFAULT_SORT: SortOrder = { key: 'id', direction: 'descending' };

export const PAGE_SIZE = PAGE_SIZES.shops;

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

/** A figure's order; a shop without it (nothing fell due, not loaded) sorts after every number. */
function compareFigures(a: number | null | undefined, b: number | null | undefined, sign: number) {
  const aNone = a === null || a === undefined;
  const bNone = b === null || b === undefined;
  if (aNone || bNone) return aNone === bNone ? 0 : aNone ? 1 : -1;
  return sign * (a - b);
}

function compare(a: ShopRowData, b: ShopRowData, key: Exclude<SortKey, FigureKey>): number {
  if (key === 'id') return a.id - b.id;
  // Dates are ISO text, so text order is time order; ties fall back to id.
  return collator.compare(a[key] ?? '', b[key] ?? '') || a.id - b.id;
}

type FigureKey = 'return_rate_4w' | 'overdue' | 'stock_held';

const isFigureKey = (key: SortKey): key is FigureKey => FIGURE_KEYS.has(key);

/** The rows the table shows: filtered, then sorted; the input is left as it was. */
export function filterAndSort<T extends ShopRowData>(
  shops: readonly T[],
  query: string,
  order: SortOrder,
): T[] {
  const sign = order.direction === 'ascending' ? 1 : -1;
  const { key } = order;
  return shops
    .filter((shop) => matchesSearch(shop, query))
    .sort((a, b) =>
      isFigureKey(key)
        ? compareFigures(a[key], b[key], sign) || a.id - b.id
        : sign * compare(a, b, key),
    );
}

/** Clicking a column sorts by it; clicking the sorted column again reverses it. */
export function nextSort(current: SortOrder, key: SortKey): SortOrder {
  if (current.key === key) {
    return {
      key,
      direction: current.direction === 'ascending' ? 'descending' : 'ascending',
    };
  }
  // Newest first is what people want from ids and dates, the most overdue
  // and the largest stock first, the lowest return rate first; A to Z from text.
  const biggestFirst =
    key === 'id' || key === 'created_date' || key === 'overdue' || key === 'stock_held';
  return { key, direction: biggestFirst ? 'descending' : 'ascending' };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
