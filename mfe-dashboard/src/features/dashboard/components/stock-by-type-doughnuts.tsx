import { Link } from 'react-router-dom';
import { EmptyState, panelStyles, requestsPath } from '@panel/shared';

import { CHART_COLORS } from '../../../components/chart-setup';
import { formatNumber } from '../../../utils/format';
import { StockDoughnut } from '../../../components/stock-doughnut';
import type { StockRow } from '../../../utils/stock-rows';
import styles from './container-stock-chart.module.css';

/** Shop view: one small ring per container type, its centre the share of that type still in stock. */
export function StockByTypeDoughnuts({ rows }: { rows: StockRow[] }) {
  if (rows.length === 0) {
    return (
      <EmptyState title="No containers yet">
        <Link className={panelStyles.link} to={requestsPath('main')}>
          Request containers
        </Link>{' '}
        to start lending them to your clients.
      </EmptyState>
    );
  }
  return (
    <ul className={styles.typeGrid}>
      {rows.map((row) => (
        <li key={row.key} className={styles.typeCard}>
          <StockDoughnut
            small
            segments={[
              { label: 'In stock', value: row.inStock, color: CHART_COLORS.primary },
              { label: 'On loan', value: row.onLoan, color: CHART_COLORS.onLoan },
            ]}
            percent={row.percent}
            caption="in stock"
            label={`${row.label}: ${row.percent}% in stock`}
          />
          <p className={styles.typeName}>{row.label}</p>
          <p className={styles.typeMeta}>
            {formatNumber(row.inStock)} in stock · {formatNumber(row.onLoan)} on loan
          </p>
        </li>
      ))}
    </ul>
  );
}
