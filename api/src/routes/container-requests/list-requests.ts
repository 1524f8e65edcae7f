import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { ForbiddenError } from '../../errors';
import { callerOf } from '../../lib/auth';
import { sendList } from '../../lib/list-reply';
import { listRequests } from '../../repositories/requests';
import { ListOf, errors } from '../../schemas/common';
import { ContainerRequestSchema, RequestListQuery } from '../../schemas/container-request';

const listRequestsRoute: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/pack/container-requests',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['requests'],
        summary:
          "Container requests, oldest first (or newest first with ?order=newest, for paging a tab). A shop always gets only its own (asking for another shop's id is a 403); the super admin gets all, or one shop's with ?shop=",
        querystring: RequestListQuery,
        response: { 200: ListOf(ContainerRequestSchema), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { shop, status, limit, offset, order } = request.query;
      if (caller.kind === 'shop' && shop !== undefined && shop !== caller.shopId) {
        throw new ForbiddenError("You may only see your own shop's requests.");
      }
      const shopId = caller.kind === 'shop' ? caller.shopId : (shop ?? null);
      const source = { db: deps.db, key: `requests:${shopId}:${status}:${order}` };
      return sendList(reply, source, { limit, offset }, (page) =>
        listRequests(deps.db, { shopId, status }, page, order),
      );
    },
  );
};

export default listRequestsRoute;
