import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { ValidationError } from '../../errors';
import { auditContextOf } from '../../lib/audit';
import { shopCaller } from '../../lib/auth';
import { writeOffLost } from '../../repositories/loan-worklist';
import { Id, errors } from '../../schemas/common';
import { LoanSchema, LostBody } from '../../schemas/loan';

/** "Lost": containers of an open loan written off, with the shop's reason. */
const writeOff: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/pack/containers/loans/:id/lost',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['loans'],
        summary:
          'Writes containers of an open loan off as lost: they leave stock and count as lost',
        params: Type.Object({ id: Id }),
        body: LostBody,
        response: { 200: LoanSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const caller = shopCaller(request);
      const reason = request.body.reason.trim();
      if (!reason) throw new ValidationError('Say why the containers are lost.');
      return writeOffLost(
        deps.db,
        auditContextOf(request, deps),
        { id: caller.shopId, name: caller.shopName },
        request.params.id,
        { codes: request.body.codes, reason },
        nowOf(deps),
      );
    },
  );
};

export default writeOff;
