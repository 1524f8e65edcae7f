import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { auditContextOf } from '../../lib/audit';
import { sendRequestDecidedMail } from '../../lib/notifications';
import { typeLabels } from '../../repositories/reference';
import { decideRequest } from '../../repositories/requests';
import { IdParams, errors } from '../../schemas/common';
import { DecisionBody, DecisionReply } from '../../schemas/container-request';

/**
 * The approve rule: only a PENDING request may be decided (409 otherwise);
 * approving moves the approved quantities (all that was asked unless
 * `quantities` gives fewer per line) from the provider's stock to the shop
 * in one transaction, or nothing at all with a 409 naming the short type.
 * A denial may carry an `explanation` for the shop; the spec's exact call
 * (`approved`, `reason: 'admin'`) still works (decideRequest in
 * repositories/requests.ts). The shop is mailed the outcome, once per
 * request (lib/notifications.ts); a failed mail is logged, the decision stands.
 */
const decideRequestRoute: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/pack/containers/:id/approve_or_deny',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['requests'],
        summary:
          'Approve (moves stock from the provider to the shop) or deny a PENDING request (super admin)',
        params: IdParams,
        body: DecisionBody,
        response: { 200: DecisionReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const decided = await decideRequest(
        deps.db,
        auditContextOf(request, deps),
        request.params.id,
        request.body,
        nowOf(deps),
      );
      const labels = await typeLabels(deps.db);
      await sendRequestDecidedMail(
        deps,
        {
          requestId: decided.id,
          shopId: decided.shop.id,
          approved: decided.status === 'APPROVED',
          lines: decided.items.map((item) => ({
            label: labels[item.container_type] ?? item.container_type,
            asked: item.quantity,
            approved: item.approved ?? 0,
          })),
          explanation: decided.explanation,
        },
        nowOf(deps),
      ).catch((error: unknown) => request.log.error(error));
      return {
        message: decided.status === 'APPROVED' ? 'Request approved.' : 'Request denied.',
        request: decided,
      };
    },
  );
};

export default decideRequestRoute;
