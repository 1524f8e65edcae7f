import { useGetDashboardLoansQuery } from '../api/get-loans';
import { useGetDashboardReturnsQuery } from '../api/get-returns';
import type { PageArgs } from '@panel/shared/data';
import type { ListParams } from '../utils/worklist-query';

export type ListKind = 'loans' | 'returns';

/**
 * One page of the loans (as the work-list filters and sorts them) or of the
 * returns list. Both queries are declared so the hooks run in the same order
 * on every render; the one not shown is skipped and never calls the API.
 */
export function useLoanPage(kind: ListKind, page: PageArgs, list: ListParams) {
  const loans = useGetDashboardLoansQuery({ ...page, ...list }, { skip: kind !== 'loans' });
  const returns = useGetDashboardReturnsQuery(page, { skip: kind !== 'returns' });
  return kind === 'loans' ? loans : returns;
}
