import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { ValidationError } from '../../errors';
import { counterWritesOf } from '../../db/counter-writer';
import { auditContextOf } from '../../lib/audit';
import { inIdempotentTransaction } from '../../lib/idempotency';
import { shopCaller } from '../../lib/auth';
import { errors } from '../../schemas/common';
import { MAX_CODES_PER_CALL, ReturnBody, ReturnReply } from '../../schemas/loan';

const returnRoute: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/pack/containers/return',
    {
      config: { auth: 'shop', idempotent: 'in-transaction' },
      schema: {
        tags: ['loans'],
        summary:
          'Take containers back (by code); any shop may accept, the containers join its stock',
        body: ReturnBody,
        response: { 200: ReturnReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      if (request.body.codes.length > MAX_CODES_PER_CALL)
        throw new ValidationError(
          `A return takes at most ${MAX_CODES_PER_CALL} containers; this one has ${request.body.codes.length}.`,
        );
      const audit = auditContextOf(request, deps);
      const answer = await inIdempotentTransaction(deps.db, request, reply, 200, (key) =>
        counterWritesOf(deps.db).takeBack(
          audit,
          { id: shopCaller(request).shopId },
          request.body.codes,
          nowOf(deps),
          key,
        ),
      );
      // null: the first call's answer was sent again.
      return answer ?? reply;
    },
  );
};

export default returnRoute;
