import { ErrorState, MESSAGES, PageHeader, Panel, panelStyles, QueryView } from '@panel/shared';

import { stockRows } from '../../../utils/stock-rows';
import { useDashboardQueries } from '../hooks/use-dashboard-queries';
import styles from './dashboard.module.css';
import { BoxIcon, ClientsIcon, HistoryIcon, LoanIcon } from './icons';
import { LoansByTypeChart } from './loans-by-type-chart';
import { StatCard } from './stat-card';
import { StockByTypeDoughnuts } from './stock-by-type-doughnuts';

/** Shop user: its own figures, stock per container type and what is out on loan per type. */
export function ShopDashboard() {
  const { ready, weekly, stock } = useDashboardQueries();

  const figures = ready ? weekly.data : undefined;

  return (
    <div className={panelStyles.page}>
      <PageHeader title="Dashboard" subtitle="Your shop at a glance" />
      {weekly.error ? (
        <Panel title="Totals">
          <ErrorState
            title={MESSAGES.failedWeeklyLoanData}
            error={weekly.error}
            onRetry={weekly.refetch}
          />
        </Panel>
      ) : (
        <div className={styles.stats}>
          <StatCard label="Total Loans" value={figures?.total_loans} icon={<HistoryIcon />} />
          <StatCard label="Loans" value={figures?.loans_pack} icon={<LoanIcon />} />
          <StatCard label="Containers" value={figures?.shop_pack} icon={<BoxIcon />} />
          <StatCard label="Clients" value={figures?.users} icon={<ClientsIcon />} />
        </div>
      )}
      <div className={styles.gridEven}>
        <Panel title="Stock per container type" subtitle="Share still in your shop">
          <QueryView
            data={stock.data}
            error={stock.error}
            ready={ready}
            errorTitle="Could not load your container stock"
            onRetry={stock.refetch}
          >
            {(data) => <StockByTypeDoughnuts rows={stockRows(data, weekly.data?.type)} />}
          </QueryView>
        </Panel>
        <Panel title="Loans per container type" subtitle="Out with clients now">
          <QueryView
            data={stock.data}
            error={stock.error}
            ready={ready}
            errorTitle="Could not load your loans per type"
            onRetry={stock.refetch}
          >
            {(data) => <LoansByTypeChart rows={stockRows(data, weekly.data?.type)} />}
          </QueryView>
        </Panel>
      </div>
    </div>
  );
}
