import type { ContainerTypes, StockSummary } from '@panel/shared';

import { CHART_COLORS } from '../../../components/chart-setup';
import { StockDoughnut } from '../../../components/stock-doughnut';
import { doughnutPercentage } from '../../../utils/doughnut-percentage';
import { formatNumber } from '../../../utils/format';
import styles from './container-stock-chart.module.css';

function sum(values: Record<string, number> | undefined, key: string): number {
  return values?.[key] ?? 0;
}

/**
 * Provider view of all containers: the ring splits them into in stock (at
 * shops and in the provider's warehouse) and out on loan, in the same two
 * colours as the shop's rings, so green and orange mean one thing on both
 * dashboards. The legend names each number; the types are listed below it.
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
  const rows = keys.map((key) => ({
    key,
    label: types?.[key] ?? key,
    inStock:
      sum(stock.shop_packs_by_container_type, key) +
      sum(stock.provider_stock_by_container_type, key),
    onLoan: sum(stock.loans_by_container_type, key),
  }));
  const totalStock = rows.reduce((n, r) => n + r.inStock, 0);
  const totalLoaned = rows.reduce((n, r) => n + r.onLoan, 0);
  const total = totalStock + totalLoaned;
  const percent = doughnutPercentage(totalStock, total);
  const parts = [
    { label: 'In stock', value: totalStock, color: CHART_COLORS.inStock },
    { label: 'On loan', value: totalLoaned, color: CHART_COLORS.onLoan },
  ];
  return (
    <div className={styles.layout}>
      <StockDoughnut
        segments={parts}
        percent={percent}
        caption="in stock"
        label={`${percent}% of all containers are in stock: ${formatNumber(totalStock)} in stock, ${formatNumber(totalLoaned)} on loan`}
      />
      <ul className={styles.legend} aria-label="All containers">
        {parts.map((part) => (
          <li key={part.label}>
            <span className={styles.swatch} style={{ background: part.color }} aria-hidden="true" />
            <span className={styles.legendLabel}>{part.label}</span>
            <span className={styles.legendValue}>
              {formatNumber(part.value)} containers · {doughnutPercentage(part.value, total)}%
            </span>
          </li>
        ))}
      </ul>
      <ul className={styles.legend} aria-label="Containers by type">
        {rows.map((r) => (
          <li key={r.key}>
            <span className={styles.legendLabel}>{r.label}</span>
            <span className={styles.legendValue}>
              {formatNumber(r.inStock)} in stock · {formatNumber(r.onLoan)} on loan
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
