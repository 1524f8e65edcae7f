import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { auditContextOf } from '../../lib/audit';
import { markRequest } from '../../repositories/requests';
import { IdParams, errors } from '../../schemas/common';
import { DecisionReply } from '../../schemas/container-request';

/**
 * The provider says the approved containers left its warehouse. Once only,
 * approved requests only (409 otherwise); no stock moves: it moved at
 * approval (markRequest in repositories/requests.ts).
 */
const markSentRoute: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/pack/container-requests/:id/sent',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['requests'],
        summary: 'Mark an APPROVED request sent (super admin), once',
        params: IdParams,
        response: { 200: DecisionReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: 'Request marked sent.',
      request: await markRequest(
        deps.db,
        auditContextOf(request, deps),
        request.params.id,
        'sent',
        null,
        nowOf(deps),
      ),
    }),
  );
};

export default markSentRoute;
