import type { ContainerTypes, StockSummary } from '@panel/shared';

import { doughnutPercentage } from './doughnut-percentage';

export interface StockRow {
  key: string;
  label: string;
  inStock: number;
  onLoan: number;
  /** in stock / (in stock + on loan), rounded; 0 when the type has no containers. */
  percent: number;
  /** False when the shop has none of this type, in stock or out: "none yet", not 0 %. */
  held: boolean;
}

/**
 * One row per container type the shop knows: every type of the type map plus
 * any type the stock figures mention that the map lacks (shown by its key).
 */
export function stockRows(
  summary: StockSummary | undefined,
  types: ContainerTypes | undefined,
): StockRow[] {
  const inStock = summary?.shop_packs_by_container_type ?? {};
  const onLoan = summary?.loans_by_container_type ?? {};
  const keys = new Set([
    ...Object.keys(types ?? {}),
    ...Object.keys(inStock),
    ...Object.keys(onLoan),
  ]);
  return [...keys].map((key) => {
    const stock = inStock[key] ?? 0;
    const loaned = onLoan[key] ?? 0;
    return {
      key,
      label: types?.[key] ?? key,
      inStock: stock,
      onLoan: loaned,
      percent: doughnutPercentage(stock, stock + loaned),
      held: stock + loaned > 0,
    };
  });
}
