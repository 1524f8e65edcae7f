import { routeGroup } from '../route-group';
import checkCode from './check-code';
import lend from './lend';
import listClients from './list-clients';
import listLoans from './list-loans';
import returnRoute from './return';
import undoReturn from './undo-return';

/** Loans and returns: the shop-side calls under /pack/containers, the counter's among them. */
export default routeGroup([listLoans, lend, returnRoute, undoReturn, checkCode, listClients]);
