import { STOCK_MINIMUM_RANGE } from '@panel/shared/contract';

/** The minimums as typed, by container type key. */
export type MinimumTexts = Record<string, string>;

/** A typed minimum: a whole number 0 to 9999 (empty is 0), else null. */
export function parseMinimum(text: string): number | null {
  if (text.trim() === '') return 0;
  const n = Number(text);
  return Number.isInteger(n) && n >= STOCK_MINIMUM_RANGE.min && n <= STOCK_MINIMUM_RANGE.max
    ? n
    : null;
}

/** The set to send: every type's minimum, or the first type key that is not one. */
export function minimumsToSend(
  texts: MinimumTexts,
  keys: readonly string[],
): { minimums: Record<string, number> } | { invalid: string } {
  const minimums: Record<string, number> = {};
  for (const key of keys) {
    const n = parseMinimum(texts[key] ?? '');
    if (n === null) return { invalid: key };
    if (n > 0) minimums[key] = n;
  }
  return { minimums };
}

/** Whether the typed minimums differ from the saved ones. */
export function minimumsDirty(
  texts: MinimumTexts,
  saved: Record<string, number>,
  keys: readonly string[],
): boolean {
  return keys.some((key) => {
    const text = texts[key];
    return text !== undefined && parseMinimum(text) !== (saved[key] ?? 0);
  });
}
