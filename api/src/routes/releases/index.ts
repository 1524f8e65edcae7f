import { routeGroup } from '../route-group';
import recordRelease from './record-release';

/** Release actions reported by scripts/release.mjs and the release controller, for the audit log. */
export default routeGroup([recordRelease]);
