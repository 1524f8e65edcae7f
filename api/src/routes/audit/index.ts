import { routeGroup } from '../route-group';
import listAudit from './list-audit';

/** The audit log: read only; entries are written by the calls that change things (lib/audit.ts). */
export default routeGroup([listAudit]);
