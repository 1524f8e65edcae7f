import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { auditContextOf } from '../../lib/audit';
import { shopCaller } from '../../lib/auth';
import { markRequest } from '../../repositories/requests';
import { IdParams, errors } from '../../schemas/common';
import { DecisionReply } from '../../schemas/container-request';

/**
 * The shop says its approved containers arrived. Once only, its own approved
 * requests only (another shop's id is a 404); no stock moves: it moved at
 * approval (markRequest in repositories/requests.ts).
 */
const markReceivedRoute: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/pack/container-requests/:id/received',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['requests'],
        summary: "Mark the calling shop's APPROVED request received, once",
        params: IdParams,
        response: { 200: DecisionReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: 'Request marked received.',
      request: await markRequest(
        deps.db,
        auditContextOf(request, deps),
        request.params.id,
        'received',
        shopCaller(request).shopId,
        nowOf(deps),
      ),
    }),
  );
};

export default markReceivedRoute;
