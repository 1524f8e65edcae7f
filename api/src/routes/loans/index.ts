import { routeGroup } from '../route-group';
import lend from './lend';
import listLoans from './list-loans';
import returnRoute from './return';

/** Loans and returns: the shop-side calls under /pack/containers. */
export default routeGroup([listLoans, lend, returnRoute]);
