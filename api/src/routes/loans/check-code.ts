import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { shopCaller } from '../../lib/auth';
import { checkCode } from '../../repositories/counter';
import { errors } from '../../schemas/common';
import { CodeCheckQuery, CodeCheckSchema } from '../../schemas/loan';

/** The counter asks about each code as it is scanned, before anything changes. */
const checkCodeRoute: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/pack/containers/code/:code',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['loans'],
        summary:
          "A container's type and guarantee, and why it cannot be lent (or taken back) now, if it cannot",
        params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: CodeCheckQuery,
        response: { 200: CodeCheckSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) =>
      checkCode(
        deps.db,
        shopCaller(request).shopId,
        request.params.code,
        request.query.for,
        nowOf(deps),
      ),
  );
};

export default checkCodeRoute;
