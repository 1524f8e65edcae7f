import { routeGroup } from '../route-group';
import dashboard from './dashboard';
import typesAndCountries from './types-and-countries';

/**
 * Containers and stock: the reference lists and the dashboards' stock and loan figures.
 * Folders follow the resource, not the URL: other calls under /pack/containers live
 * elsewhere — the approve call (/pack/containers/{id}/approve_or_deny) in
 * container-requests/decide-request.ts, lend, return and the loan lists in loans/.
 */
export default routeGroup([typesAndCountries, dashboard]);
