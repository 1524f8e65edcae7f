import { MESSAGES, panelStyles } from '@panel/shared';
import { PageHeader, Panel, QueryView, Skeleton, PAGE_MESSAGES } from '@panel/shared/page-ui';

import { useGetDashboardLoanSummaryQuery } from '../../../api/get-loan-summary';
import { stockRows } from '../../../utils/stock-rows';
import { useDashboardQueries } from '../hooks/use-dashboard-queries';
import styles from './dashboard.module.css';
import { BoxIcon, ClientsIcon, HistoryIcon, LoanIcon } from './icons';
import { LoansByTypeChart, loansByTypeHeight } from './loans-by-type-chart';
import { ReturnRatePanel } from './return-rate-panel';
import { StatCard } from './stat-card';
import { StockAlert } from './stock-alert';
import { TotalsRow } from './totals-row';
import { StockByTypeDoughnuts, StockByTypeSkeleton } from './stock-by-type-doughnuts';

/** Until the type map is in: the demo and most shops carry about four types. */
const DEFAULT_TYPE_COUNT = 4;

/** Shop user: its own figures, stock per container type and what is out on loan per type. */
export function ShopDashboard() {
  const { ready, weekly, stock } = useDashboardQueries();
  const openLoans = useGetDashboardLoanSummaryQuery().data?.open;

  const figures = ready ? weekly.data : undefined;
  // Placeholders as tall as the charts they stand for, so nothing jumps when the data shows.
  const typeCount = Object.keys(weekly.data?.type ?? {}).length || DEFAULT_TYPE_COUNT;

  return (
    <div className={panelStyles.page}>
      <PageHeader title="Dashboard" subtitle="Your shop at a glance" />
      <TotalsRow
        error={weekly.error}
        errorTitle={MESSAGES.failedWeeklyLoanData}
        onRetry={weekly.refetch}
      >
        <StatCard
          label="Total Loans"
          hint={MESSAGES.figureHints.shopTotalLoans}
          value={figures?.total_loans}
          icon={<HistoryIcon />}
        />
        <StatCard
          label="Loans"
          hint={
            openLoans === undefined
              ? MESSAGES.figureHints.shopLoans
              : PAGE_MESSAGES.shopLoansOnOpen(openLoans)
          }
          value={figures?.loans_pack}
          icon={<LoanIcon />}
        />
        <StatCard
          label="Containers"
          hint={MESSAGES.figureHints.shopContainers}
          // Containers the shop holds: in the shop (shop_pack) plus out with clients (loans_pack).
          value={figures ? figures.shop_pack + figures.loans_pack : undefined}
          icon={<BoxIcon />}
        />
        <StatCard
          label="Clients"
          hint={MESSAGES.figureHints.shopClients}
          value={figures?.users}
          icon={<ClientsIcon />}
        />
      </TotalsRow>
      {/* Mounted at once so the minimums load during the loading delay. */}
      <StockAlert stock={ready ? stock.data : undefined} types={weekly.data?.type} />
      <ReturnRatePanel ready={ready} />
      <div className={styles.gridEven}>
        <Panel title="Stock per container type" subtitle="Share still in your shop">
          <QueryView
            data={stock.data}
            error={stock.error}
            ready={ready}
            errorTitle="Could not load your container stock"
            onRetry={stock.refetch}
            placeholder={<StockByTypeSkeleton count={typeCount} />}
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
            placeholder={<Skeleton height={loansByTypeHeight(typeCount)} />}
          >
            {(data) => <LoansByTypeChart rows={stockRows(data, weekly.data?.type)} />}
          </QueryView>
        </Panel>
      </div>
    </div>
  );
}
