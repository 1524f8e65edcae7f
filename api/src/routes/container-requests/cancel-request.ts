import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { auditContextOf } from '../../lib/audit';
import { shopCaller } from '../../lib/auth';
import { cancelRequest } from '../../repositories/requests';
import { IdParams, errors } from '../../schemas/common';
import { DecisionReply } from '../../schemas/container-request';

/**
 * A shop withdraws its own request while it is still PENDING (status
 * CANCELLED). Another shop's id is a 404; a decided (or already cancelled)
 * request is a 409 saying what became of it (cancelRequest in
 * repositories/requests.ts).
 */
const cancelRequestRoute: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/pack/container-requests/:id/cancel',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['requests'],
        summary: "Cancel the calling shop's own PENDING request",
        params: IdParams,
        response: { 200: DecisionReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const cancelled = await cancelRequest(
        deps.db,
        auditContextOf(request, deps),
        shopCaller(request).shopId,
        request.params.id,
        nowOf(deps),
      );
      return { message: 'Request cancelled.', request: cancelled };
    },
  );
};

export default cancelRequestRoute;
