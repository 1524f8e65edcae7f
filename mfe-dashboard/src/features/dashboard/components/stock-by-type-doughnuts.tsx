import { Link } from 'react-router-dom';
import { MESSAGES, panelStyles, requestsPath } from '@panel/shared';
import { EmptyState, Skeleton } from '@panel/shared/page-ui';

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
              { label: 'In stock', value: row.inStock, color: CHART_COLORS.inStock },
              { label: 'On loan', value: row.onLoan, color: CHART_COLORS.onLoan },
            ]}
            percent={row.held ? row.percent : null}
            caption="in stock"
            label={`${row.label}: ${row.held ? `${row.percent}% in stock` : MESSAGES.noneYet}`}
          />
          <p className={styles.typeName}>{row.label}</p>
          <p className={styles.typeMeta}>
            {row.held
              ? `${formatNumber(row.inStock)} in stock · ${formatNumber(row.onLoan)} on loan`
              : MESSAGES.noneYet}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The rings' loading placeholder, card for card the size of the rings it stands for. */
export function StockByTypeSkeleton({ count }: { count: number }) {
  return (
    <ul className={styles.typeGrid}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.typeCard}>
          <Skeleton width={140} height={140} style={{ borderRadius: '50%' }} />
          <Skeleton width="60%" height={19} />
          <Skeleton width="80%" height={16} />
        </li>
      ))}
    </ul>
  );
}
