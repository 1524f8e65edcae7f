import { DELAYS_MS, MESSAGES } from '@panel/shared';
import { useDelayElapsed, useErrorToast } from '@panel/shared/page-ui';

import { useGetDashboardStockByTypeQuery } from '../../../api/get-stock-by-type';
import { useGetDashboardWeeklyLoansQuery } from '../../../api/get-weekly-loans';

/**
 * What both dashboards load: the weekly figures and the stock per type, a
 * toast per failed load, and `ready` once the spec's 1 s loading delay is over.
 */
export function useDashboardQueries() {
  const ready = useDelayElapsed(DELAYS_MS.dashboardLoading);
  const weekly = useGetDashboardWeeklyLoansQuery();
  const stock = useGetDashboardStockByTypeQuery();
  useErrorToast(weekly.error, MESSAGES.weeklyLoanFailedPrefix);
  useErrorToast(stock.error, MESSAGES.loadFailedPrefix);
  return { ready, weekly, stock };
}
