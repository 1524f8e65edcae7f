import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { decideRequest } from '../../repositories/requests';
import { IdParams, errors } from '../../schemas/common';
import { DecisionBody, DecisionReply } from '../../schemas/container-request';

/**
 * The approve rule: only a PENDING request may be decided (409 otherwise);
 * approving moves every requested quantity from the provider's stock to the
 * shop in one transaction, or nothing at all with a 409 naming the short type
 * (decideRequest in repositories/requests.ts).
 */
const decideRequestRoute: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/pack/containers/:id/approve_or_deny',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['requests'],
        summary:
          'Approve (moves stock from the provider to the shop) or deny a PENDING request (super admin)',
        params: IdParams,
        body: DecisionBody,
        response: { 200: DecisionReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const decided = await decideRequest(
        deps.db,
        request.params.id,
        { approved: request.body.approved, reason: request.body.reason ?? '' },
        nowOf(deps),
      );
      return {
        message: decided.status === 'APPROVED' ? 'Request approved.' : 'Request denied.',
        request: decided,
      };
    },
  );
};

export default decideRequestRoute;
