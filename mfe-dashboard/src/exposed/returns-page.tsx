import { NotFoundPage, getRole } from '@panel/shared';

import { useGetDashboardReturnsQuery } from '../features/loans/api/get-returns';
import { LoanList } from '../features/loans/components/loan-list';

export { remoteVersion } from '../remote-version';

/** /return: shop only; the provider gets the 404 page (spec section 6). */
export default function ReturnsPage() {
  if (getRole() !== 'shop') return <NotFoundPage />;
  return <LoanList kind="returns" useList={useGetDashboardReturnsQuery} />;
}
