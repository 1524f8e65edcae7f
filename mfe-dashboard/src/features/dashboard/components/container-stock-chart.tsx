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
 * Provider view of all containers (issue 32): in its own warehouse
 * (available to send), in shops, and on loan to customers, as a ring and per
 * type. The ring's figure is the share in stock (warehouse and shops), in the
 * same greens and orange as the shop's rings, so the colours mean one thing
 * on both dashboards.
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
    inWarehouse: sum(stock.provider_stock_by_container_type, key),
    inShops: sum(stock.shop_packs_by_container_type, key),
    onLoan: sum(stock.loans_by_container_type, key),
  }));
  const total = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((n, r) => n + pick(r), 0);
  const parts = [
    { label: 'In warehouse', value: total((r) => r.inWarehouse), color: CHART_COLORS.inWarehouse },
    { label: 'In shops', value: total((r) => r.inShops), color: CHART_COLORS.inStock },
    { label: 'On loan', value: total((r) => r.onLoan), color: CHART_COLORS.onLoan },
  ] as const;
  const [warehouse, shops, loaned] = parts.map((part) => part.value) as [number, number, number];
  const all = warehouse + shops + loaned;
  const percent = doughnutPercentage(warehouse + shops, all);
  return (
    <div className={styles.layout}>
      <StockDoughnut
        segments={[...parts]}
        percent={percent}
        caption="in stock"
        label={`${percent}% of all containers are in stock: ${formatNumber(warehouse)} in the warehouse, ${formatNumber(shops)} in shops, ${formatNumber(loaned)} on loan`}
      />
      <ul className={styles.legend} aria-label="All containers">
        {parts.map((part) => (
          <li key={part.label}>
            <span className={styles.swatch} style={{ background: part.color }} aria-hidden="true" />
            <span className={styles.legendLabel}>{part.label}</span>
            <span className={styles.legendValue}>
              {formatNumber(part.value)} containers · {doughnutPercentage(part.value, all)}%
            </span>
          </li>
        ))}
      </ul>
      <ul className={`${styles.legend} ${styles.byType}`} aria-label="Containers by type">
        {rows.map((r) => (
          <li key={r.key}>
            <span className={styles.legendLabel}>{r.label}</span>
            <span className={styles.legendValue}>
              {formatNumber(r.inWarehouse)} in warehouse · {formatNumber(r.inShops)} in shops ·{' '}
              {formatNumber(r.onLoan)} on loan
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
