import { routeGroup } from '../route-group';
import dashboard from './dashboard';
import typesAndCountries from './types-and-countries';

/** Containers and stock: the reference lists and the dashboards' stock and loan figures. */
export default routeGroup([typesAndCountries, dashboard]);
