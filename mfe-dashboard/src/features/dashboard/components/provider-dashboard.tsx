import { MESSAGES, panelStyles } from '@panel/shared';
import { PageHeader, Panel, QueryView, useErrorToast } from '@panel/shared/page-ui';

import { NotificationsCard } from './notifications-card';
import { useGetDashboardAdminSummaryQuery } from '../api/get-admin-summary';
import { ContainerStockChart } from './container-stock-chart';
import { useDashboardQueries } from '../hooks/use-dashboard-queries';
import styles from './dashboard.module.css';
import { BoxIcon, LoanIcon, ShopIcon } from './icons';
import { LeagueTable } from './league-table';
import { NewShopsPanel } from './new-shops-panel';
import { StatCard } from './stat-card';
import { TotalsRow } from './totals-row';
import { WeeklyLoansChart } from './weekly-loans-chart';

/** Provider side (super admin): totals over all shops, this week's loans, stock, shops to watch, newest shops. */
export function ProviderDashboard() {
  const { ready, weekly, stock } = useDashboardQueries();
  const summary = useGetDashboardAdminSummaryQuery();
  useErrorToast(summary.error, MESSAGES.loadFailedPrefix);

  const figures = ready ? summary.data : undefined;

  return (
    <div className={panelStyles.page}>
      <PageHeader title="Dashboard" subtitle="All shops at a glance" />
      <TotalsRow
        error={summary.error}
        errorTitle="Could not load the totals"
        onRetry={summary.refetch}
      >
        <StatCard
          label="Total Loans"
          hint={MESSAGES.figureHints.providerTotalLoans}
          value={figures?.loans_pack}
          icon={<LoanIcon />}
        />
        <StatCard
          label="Total Containers"
          hint={MESSAGES.figureHints.providerTotalContainers}
          value={figures?.container_pack}
          icon={<BoxIcon />}
        />
        <StatCard
          label="Total Shops"
          hint={MESSAGES.figureHints.providerTotalShops(figures?.shops_waiting)}
          value={figures?.shops}
          icon={<ShopIcon />}
        />
      </TotalsRow>
      <div className={styles.grid}>
        <Panel title="Loan" subtitle="This Week">
          <QueryView
            data={weekly.data}
            error={weekly.error}
            ready={ready}
            errorTitle={MESSAGES.failedWeeklyLoanData}
            onRetry={weekly.refetch}
            skeletonHeight={280}
          >
            {(data) => <WeeklyLoansChart loansByWeekday={data.loans_by_weekday} />}
          </QueryView>
        </Panel>
        <Panel title="Container stock" subtitle="In stock and on loan">
          <QueryView
            data={stock.data}
            error={stock.error}
            ready={ready}
            errorTitle="Could not load the container stock"
            onRetry={stock.refetch}
          >
            {(data) => <ContainerStockChart stock={data} types={weekly.data?.type} />}
          </QueryView>
        </Panel>
      </div>
      <LeagueTable />
      <NewShopsPanel />
      <NotificationsCard />
    </div>
  );
}
