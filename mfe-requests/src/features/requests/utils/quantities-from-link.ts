import { LIMITS } from '@panel/shared';

import type { Quantities } from './quantity';

const DIGITS = /^\d+$/;

/**
 * Quantities a link asks for, as `?page=main&cup=3&bowl=2` (the dashboard's
 * stock alert): each parameter holding a whole number from 0 to 99 prefills
 * its type's picker; anything else (page=main, 120, 2.5) is left out, so a
 * picker never starts outside its range.
 */
export function quantitiesFromLink(params: URLSearchParams): Quantities {
  const quantities: Quantities = {};
  for (const [key, value] of params) {
    const n = Number(value);
    if (DIGITS.test(value) && n <= LIMITS.requestQuantityMax) quantities[key] = n;
  }
  return quantities;
}
