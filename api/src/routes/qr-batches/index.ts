import { routeGroup } from '../route-group';
import generateCodes from './generate-codes';
import listBatches from './list-batches';

/** QR batches: generate_codes makes containers and keeps the call as a batch, to print again. */
export default routeGroup([generateCodes, listBatches]);
