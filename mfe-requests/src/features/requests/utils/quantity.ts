import { LIMITS } from '@panel/shared';

/** Quantities chosen on the main tab, by container type key. */
export type Quantities = Record<string, number>;

const inRange = (n: number) =>
  Number.isInteger(n) && n >= LIMITS.requestQuantityMin && n <= LIMITS.requestQuantityMax;

/** Plus stops at 99 (spec section 5). */
export const increment = (n: number) => Math.min(n + 1, LIMITS.requestQuantityMax);

/** Minus stops at 0 (spec section 5). */
export const decrement = (n: number) => Math.max(n - 1, LIMITS.requestQuantityMin);

/**
 * What typing into the number input leaves: an integer from 0 to 99 is taken,
 * an emptied field counts as 0, anything else (out of range, a fraction) is
 * ignored and the previous value stays.
 */
export function typedQuantity(text: string, previous: number): number {
  if (text.trim() === '') return LIMITS.requestQuantityMin;
  const n = Number(text);
  return inRange(n) ? n : previous;
}

export const totalQuantity = (quantities: Quantities) =>
  Object.values(quantities).reduce((sum, n) => sum + n, 0);

/** The request's lines in the types' order, without the zeros. */
export function requestLines(
  quantities: Quantities,
  typeKeys: readonly string[],
): Array<{ container_type: string; count: number }> {
  return typeKeys
    .map((key) => ({ container_type: key, count: quantities[key] ?? 0 }))
    .filter((line) => line.count > 0);
}
