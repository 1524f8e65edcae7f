/**
 * The one form of an e-mail the API stores and looks up: NFKC folds
 * compatibility look-alikes onto their plain letters (fullwidth 'ｓ' is 's'),
 * then trimmed and lowercased. What still is not plain ASCII after this
 * (Cyrillic 'ѕ', a zero-width space) fails the register and profile forms'
 * pattern (schemas/shop-form.ts) instead of being stored.
 */
export function normaliseEmail(raw: string): string {
  return raw.normalize('NFKC').trim().toLowerCase();
}
