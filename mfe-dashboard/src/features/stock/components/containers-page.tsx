import { Link } from 'react-router-dom';
import { MESSAGES, NotFoundPage, panelStyles, requestsPath, useSession } from '@panel/shared';
import { EmptyState, PageHeader, QueryView, useErrorToast } from '@panel/shared/page-ui';

import { useGetDashboardStockByTypeQuery } from '../../../api/get-stock-by-type';
import { useGetDashboardWeeklyLoansQuery } from '../../../api/get-weekly-loans';
import { formatNumber } from '../../../utils/format';
import { stockRows, type StockRow } from '../../../utils/stock-rows';
import styles from './containers-page.module.css';

/** /containers (shop only): how much of each container type is still in the shop. */
export function ContainersPage() {
  if (useSession().role !== 'shop') return <NotFoundPage />;
  return <ContainerStock />;
}

function ContainerStock() {
  const stock = useGetDashboardStockByTypeQuery();
  const types = useGetDashboardWeeklyLoansQuery().data?.type;
  useErrorToast(stock.error, MESSAGES.loadFailedPrefix);
  return (
    <div className={panelStyles.page}>
      <PageHeader title="Containers" subtitle="How much of each container type is in your shop" />
      <section className={panelStyles.panel} aria-label="Container stock">
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
        <Link className={panelStyles.link} to={requestsPath('main')}>
          Request containers
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className={styles.legend} aria-label="Legend">
        <li>
          <span className={`${styles.swatch} ${styles.swatchInStock}`} aria-hidden="true" />
          in your shop
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.swatchOnLoan}`} aria-hidden="true" />
          out with clients
        </li>
      </ul>
      <ul className={styles.list}>
        {rows.map((row) => {
          const labelId = `stock-${row.key}`;
          return (
            <li key={row.key} className={styles.row}>
              <div className={styles.head}>
                <span id={labelId} className={styles.name}>
                  {row.label}
                </span>
                <span className={styles.percent}>
                  {row.held ? `${row.percent}%` : MESSAGES.noneYet}
                </span>
              </div>
              <div
                className={row.held ? styles.track : `${styles.track} ${styles.trackEmpty}`}
                role="progressbar"
                aria-labelledby={labelId}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={row.percent}
                aria-valuetext={row.held ? `${row.percent}% in stock` : MESSAGES.noneYet}
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
    </>
  );
}
