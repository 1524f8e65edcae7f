import { NotFoundPage, useSession } from '@panel/shared';

import { useGetDashboardLoansQuery } from '../features/loans/api/get-loans';
import { LoanList } from '../features/loans/components/loan-list';

export { remoteVersion } from '../remote-version';

/** /loan: shop only; the provider gets the 404 page (spec section 6). */
export default function LoansPage() {
  if (useSession().role !== 'shop') return <NotFoundPage />;
  return <LoanList kind="loans" useList={useGetDashboardLoansQuery} />;
}
