import type { FastifyInstance } from 'fastify';

import type { AppDeps } from '../../../../deps';
import { callerOf } from '../../../../lib/auth';
import { ForbiddenError } from '../../../../errors';
import { sendList } from '../../../../lib/list-reply';
import { listRequests, type RequestOrder } from '../../../../repositories/requests';
import { errors, pageQuery, requestSchema, totalCountHeader } from '../../../schemas';

interface Query {
  shop?: number;
  status?: 'PENDING' | 'APPROVED' | 'DENIED';
  limit?: number;
  offset?: number;
  order?: RequestOrder;
}

export default async function containerRequestRoutes(
  app: FastifyInstance,
  { deps }: { deps: AppDeps },
): Promise<void> {
  app.get<{ Querystring: Query }>(
    '/',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['requests'],
        summary:
          "Container requests, oldest first (or newest first with ?order=newest, for paging a tab). A shop always gets only its own (asking for another shop's id is a 403); the super admin gets all, or one shop's with ?shop=",
        querystring: {
          type: 'object',
          properties: {
            shop: { type: 'integer', minimum: 1, maximum: 2147483647 },
            status: { type: 'string', enum: ['PENDING', 'APPROVED', 'DENIED'] },
            order: {
              type: 'string',
              enum: ['oldest', 'newest'],
              default: 'oldest',
              description:
                "oldest: by id, the spec's list; newest: by request date then id, descending.",
            },
            ...pageQuery.properties,
          },
          additionalProperties: false,
        },
        response: {
          200: { type: 'array', items: requestSchema, headers: totalCountHeader },
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { shop, status, limit, offset, order } = request.query;
      if (caller.kind === 'shop' && shop !== undefined && shop !== caller.shopId) {
        throw new ForbiddenError("You may only see your own shop's requests.");
      }
      const shopId = caller.kind === 'shop' ? caller.shopId : (shop ?? null);
      return sendList(reply, { limit, offset }, (page) =>
        listRequests(deps.db, { shopId, status }, page, order),
      );
    },
  );
}
