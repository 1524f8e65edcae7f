import { LIMITS } from '@panel/shared';

/** Spec section 5: only whole numbers of 0 or more enter the field; empty is allowed while typing. */
export function isQuantityInput(text: string): boolean {
  return /^\d*$/.test(text);
}

/** More than the API makes in one call (10,000) is refused before calling. */
export function isOverMaximum(quantity: string): boolean {
  return Number(quantity) > LIMITS.qrMaxQuantity;
}

export interface Selection {
  country: string | null;
  type: string | null;
  quantity: string;
}

/** Spec section 4: a country, a type and a non-empty, non-zero quantity (and not over the maximum). */
export function isSelectionComplete({ country, type, quantity }: Selection): boolean {
  return (
    country !== null &&
    type !== null &&
    quantity !== '' &&
    Number(quantity) > 0 &&
    !isOverMaximum(quantity)
  );
}
