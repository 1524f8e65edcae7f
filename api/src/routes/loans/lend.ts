import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { ValidationError } from '../../errors';
import { shopCaller } from '../../lib/auth';
import { lendContainers } from '../../repositories/loans';
import { errors } from '../../schemas/common';
import { LendBody, LoanSchema, MAX_CODES_PER_CALL } from '../../schemas/loan';

const lend: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/pack/containers/lend',
    {
      config: { auth: 'shop', idempotent: true },
      schema: {
        tags: ['loans'],
        summary:
          "Lend containers (by code) from the shop's stock to a client, with an optional due date",
        body: LendBody,
        response: { 201: LoanSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = shopCaller(request);
      const client = request.body.client.trim();
      if (!client) throw new ValidationError('The client may not be blank.');
      if (request.body.codes.length > MAX_CODES_PER_CALL)
        throw new ValidationError(
          `A loan takes at most ${MAX_CODES_PER_CALL} containers; this one has ${request.body.codes.length}.`,
        );
      const loan = await lendContainers(
        deps.db,
        { id: caller.shopId, name: caller.shopName },
        { codes: request.body.codes, client, dueDate: request.body.due_date ?? null },
        nowOf(deps),
      );
      reply.status(201);
      return loan;
    },
  );
};

export default lend;
