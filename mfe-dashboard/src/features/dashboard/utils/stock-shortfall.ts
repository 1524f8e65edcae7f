import { LIMITS, PATHS, type StockSummary } from '@panel/shared';

export interface Shortfall {
  key: string;
  /** Containers of the type in the shop, not out on loan. */
  free: number;
  minimum: number;
  /** minimum − free: what a request would have to bring back up. */
  missing: number;
}

/**
 * The types whose free stock is below the shop's minimum, in the minimums'
 * order. A minimum of 0 (or none) never warns; a type the shop holds none of
 * counts as 0 free.
 */
export function stockShortfalls(
  minimums: Record<string, number>,
  summary: Pick<StockSummary, 'shop_packs_by_container_type'>,
): Shortfall[] {
  return Object.entries(minimums)
    .map(([key, minimum]) => {
      const free = summary.shop_packs_by_container_type[key] ?? 0;
      return { key, free, minimum, missing: minimum - free };
    })
    .filter((shortfall) => shortfall.missing > 0);
}

/**
 * The requests main tab with the missing quantities filled in. The form's
 * pickers stop at 99 (spec section 5), so a larger shortfall asks for 99.
 */
export function requestShortfallsPath(shortfalls: readonly Shortfall[]): string {
  const params = new URLSearchParams({ page: 'main' });
  for (const { key, missing } of shortfalls) {
    params.set(key, String(Math.min(missing, LIMITS.requestQuantityMax)));
  }
  return `${PATHS.requests}?${params.toString()}`;
}
