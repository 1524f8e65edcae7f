import { routeGroup } from '../route-group';
import streamEvents from './stream-events';

/** Live updates: one stream of events per open panel (lib/live-feed.ts feeds it). */
export default routeGroup([streamEvents]);
