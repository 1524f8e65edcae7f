import { routeGroup } from '../route-group';
import cancelRequest from './cancel-request';
import createRequest from './create-request';
import decideRequest from './decide-request';
import listRequests from './list-requests';
import markReceived from './mark-received';
import markSent from './mark-sent';

/**
 * Container requests, all of their life: a shop asks (under
 * /pack/containers/request_container, the spec's URL), both roles list, the
 * super admin approves or denies (/pack/containers/{id}/approve_or_deny), the
 * shop may cancel while it waits (/pack/container-requests/{id}/cancel);
 * once approved, the provider marks it sent and the shop received
 * (/pack/container-requests/{id}/sent, …/received).
 */
export default routeGroup([
  listRequests,
  createRequest,
  decideRequest,
  cancelRequest,
  markSent,
  markReceived,
]);
