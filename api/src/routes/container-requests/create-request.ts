import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { ValidationError } from '../../errors';
import { auditContextOf } from '../../lib/audit';
import { shopCaller } from '../../lib/auth';
import { typeKeys } from '../../repositories/reference';
import { createRequest } from '../../repositories/requests';
import { errors } from '../../schemas/common';
import { ContainerRequestSchema, CreateRequestBody } from '../../schemas/container-request';

const createRequestRoute: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/pack/containers/request_container',
    {
      config: { auth: 'shop', idempotent: true },
      schema: {
        tags: ['requests'],
        summary: 'Ask the provider for containers (1 to 99 per type)',
        body: CreateRequestBody,
        response: { 201: ContainerRequestSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const caller = shopCaller(request);
      const items = request.body.containers;
      const keys = new Set(await typeKeys(deps.db));
      const seen = new Set<string>();
      for (const item of items) {
        if (!keys.has(item.container_type))
          throw new ValidationError(`Unknown container type: ${item.container_type}`);
        if (seen.has(item.container_type))
          throw new ValidationError(`Container type listed twice: ${item.container_type}`);
        seen.add(item.container_type);
      }
      reply.status(201);
      return createRequest(deps.db, auditContextOf(request, deps), caller.shopId, items);
    },
  );
};

export default createRequestRoute;
