import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { auditContextOf } from '../../lib/audit';
import { shopCaller } from '../../lib/auth';
import { undoReturn } from '../../repositories/loans';
import { errors } from '../../schemas/common';
import { CodesSchema, UndoReturnReply } from '../../schemas/loan';

/** The counter's Undo: containers just taken back go out again on their loan. */
const undoReturnRoute: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/pack/containers/return/undo',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['loans'],
        summary:
          'Undo a return this shop made in the last minute: the containers go back out on their loans',
        body: Type.Object({ codes: CodesSchema }),
        response: { 200: UndoReturnReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      undoReturn(
        deps.db,
        auditContextOf(request, deps),
        { id: shopCaller(request).shopId },
        request.body.codes,
        nowOf(deps),
      ),
  );
};

export default undoReturnRoute;
