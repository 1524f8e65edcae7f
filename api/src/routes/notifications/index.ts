import { routeGroup } from '../route-group';
import notificationSettings from './notification-settings';

/** What the API e-mails on its own (activation, decisions, the daily digest) and its settings. */
export default routeGroup([notificationSettings]);
