import { Link } from 'react-router-dom';
import { MESSAGES, NotFoundPage, getRole, requestsPath } from '@panel/shared';

import { useGetDashboardStockByTypeQuery } from '../../../api/get-stock-by-type';
import { useGetDashboardWeeklyLoansQuery } from '../../../api/get-weekly-loans';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryView } from '../../../components/query-view';
import ui from '../../../components/ui.module.css';
import { formatNumber } from '../../../lib/format';
import { useErrorToast } from '../../../lib/hooks';
import { stockRows, type StockRow } from '../utils/stock-rows';
import styles from './containers-page.module.css';

/** /containers (shop only): how much of each container type is still in the shop. */
export function ContainersPage() {
  if (getRole() !== 'shop') return <NotFoundPage />;
  return <ContainerStock />;
}

function ContainerStock() {
  const stock = useGetDashboardStockByTypeQuery();
  const types = useGetDashboardWeeklyLoansQuery().data?.type;
  useErrorToast(stock.error, MESSAGES.loadFailedPrefix);
  return (
    <div className={ui.page}>
      <PageHeader
        title="Containers"
        subtitle="Share of each container type in stock (in stock ÷ in stock and on loan)"
      />
      <section className={ui.panel} aria-label="Container stock">
        <QueryView
          data={stock.data}
          error={stock.error}
          errorTitle="Could not load your container stock"
          onRetry={stock.refetch}
          skeletonHeight={180}
        >
          {(data) => <StockBars rows={stockRows(data, types)} />}
        </QueryView>
      </section>
    </div>
  );
}

function StockBars({ rows }: { rows: StockRow[] }) {
  if (rows.length === 0) {
    return (
      <EmptyState title={MESSAGES.nothingToShow}>
        Your shop has no containers yet.{' '}
        <Link className={ui.link} to={requestsPath('main')}>
          Request containers
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className={styles.list}>
      {rows.map((row) => {
        const labelId = `stock-${row.key}`;
        return (
          <li key={row.key} className={styles.row}>
            <div className={styles.head}>
              <span id={labelId} className={styles.name}>
                {row.label}
              </span>
              <span className={styles.percent}>{row.percent}%</span>
            </div>
            <div
              className={styles.track}
              role="progressbar"
              aria-labelledby={labelId}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={row.percent}
              aria-valuetext={`${row.percent}% in stock`}
            >
              <div className={styles.fill} style={{ width: `${row.percent}%` }} />
            </div>
            <p className={styles.meta}>
              {formatNumber(row.inStock)} in stock · {formatNumber(row.onLoan)} on loan
            </p>
          </li>
        );
      })}
    </ul>
  );
}
