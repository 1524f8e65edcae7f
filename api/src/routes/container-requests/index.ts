import { routeGroup } from '../route-group';
import cancelRequest from './cancel-request';
import createRequest from './create-request';
import decideRequest from './decide-request';
import listRequests from './list-requests';

/**
 * Container requests, all of their life: a shop asks (under
 * /pack/containers/request_container, the spec's URL), both roles list, the
 * super admin approves or denies (/pack/containers/{id}/approve_or_deny), the
 * shop may cancel while it waits (/pack/container-requests/{id}/cancel).
 */
export default routeGroup([listRequests, createRequest, decideRequest, cancelRequest]);
