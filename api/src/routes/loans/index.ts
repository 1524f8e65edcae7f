import { routeGroup } from '../route-group';
import checkCode from './check-code';
import lend from './lend';
import listClients from './list-clients';
import listLoans from './list-loans';
import loanSummary from './loan-summary';
import remindClient from './remind-client';
import returnRoute from './return';
import undoReturn from './undo-return';
import writeOff from './write-off';

/** Loans and returns: the shop-side calls under /pack/containers, the counter's and the work-list's. */
export default routeGroup([
  listLoans,
  loanSummary,
  lend,
  returnRoute,
  undoReturn,
  checkCode,
  listClients,
  remindClient,
  writeOff,
]);
