import type { ContainerTypes } from '@panel/shared';

import { paletteColor } from '../../../components/chart-setup';
import { formatNumber } from '../../../utils/format';
import type { StockSummary } from '@panel/shared';
import { StockDoughnut } from '../../../components/stock-doughnut';
import { doughnutPercentage } from '../../../utils/doughnut-percentage';
import styles from './container-stock-chart.module.css';

function sum(values: Record<string, number> | undefined, key: string): number {
  return values?.[key] ?? 0;
}

/**
 * Provider view of all containers by type: the ring splits what is in stock
 * (at shops and in the provider's warehouse) by type, and its centre says
 * which share of every container is in stock rather than out on loan.
 */
export function ContainerStockChart({
  stock,
  types,
}: {
  stock: StockSummary;
  types: ContainerTypes | undefined;
}) {
  const keys = [
    ...new Set([
      ...Object.keys(types ?? {}),
      ...Object.keys(stock.shop_packs_by_container_type ?? {}),
      ...Object.keys(stock.provider_stock_by_container_type ?? {}),
      ...Object.keys(stock.loans_by_container_type ?? {}),
    ]),
  ];
  const rows = keys.map((key, i) => ({
    key,
    label: types?.[key] ?? key,
    color: paletteColor(i),
    inStock:
      sum(stock.shop_packs_by_container_type, key) +
      sum(stock.provider_stock_by_container_type, key),
    onLoan: sum(stock.loans_by_container_type, key),
  }));
  const totalStock = rows.reduce((n, r) => n + r.inStock, 0);
  const totalLoaned = rows.reduce((n, r) => n + r.onLoan, 0);
  const percent = doughnutPercentage(totalStock, totalStock + totalLoaned);
  return (
    <div className={styles.layout}>
      <StockDoughnut
        segments={rows.map((r) => ({ label: r.label, value: r.inStock, color: r.color }))}
        percent={percent}
        caption="in stock"
        label={`${percent}% of all containers are in stock: ${formatNumber(totalStock)} in stock, ${formatNumber(totalLoaned)} on loan`}
      />
      <ul className={styles.legend} aria-label="Containers in stock by type">
        {rows.map((r) => (
          <li key={r.key}>
            <span className={styles.swatch} style={{ background: r.color }} aria-hidden="true" />
            <span className={styles.legendLabel}>{r.label}</span>
            <span className={styles.legendValue}>
              {formatNumber(r.inStock)} · {doughnutPercentage(r.inStock, totalStock)}%
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
