import { routeGroup } from '../route-group';
import createRequest from './create-request';
import decideRequest from './decide-request';
import listRequests from './list-requests';

/**
 * Container requests, all of their life: a shop asks (under
 * /pack/containers/request_container, the spec's URL), both roles list, the
 * super admin approves or denies (/pack/containers/{id}/approve_or_deny).
 */
export default routeGroup([listRequests, createRequest, decideRequest]);
