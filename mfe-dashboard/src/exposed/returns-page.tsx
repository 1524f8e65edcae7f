import { NotFoundPage, useSession } from '@panel/shared';

import { useGetDashboardReturnsQuery } from '../features/loans/api/get-returns';
import { LoanList } from '../features/loans/components/loan-list';

export { remoteVersion } from '../remote-version';

/** /return: shop only; the provider gets the 404 page (spec section 6). */
export default function ReturnsPage() {
  if (useSession().role !== 'shop') return <NotFoundPage />;
  return <LoanList kind="returns" useList={useGetDashboardReturnsQuery} />;
}
