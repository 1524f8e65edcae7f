import { NotFoundPage, useSession } from '@panel/shared';

import { LoanList } from './loan-list';

/** /loan: shop only; the provider gets the 404 page (spec section 6). */
export function LoansPage() {
  if (useSession().role !== 'shop') return <NotFoundPage />;
  return <LoanList kind="loans" />;
}
