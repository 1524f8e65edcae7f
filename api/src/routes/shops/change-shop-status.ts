import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { ConflictError, NotFoundError } from '../../errors';
import { auditContextOf } from '../../lib/audit';
import { callerOf } from '../../lib/auth';
import { sendShopActivatedMail } from '../../lib/notifications';
import { changeShopStatus, findShopById } from '../../repositories/shops';
import { MessageSchema, errors } from '../../schemas/common';
import { ChangeShopStatusBody } from '../../schemas/shop';

/**
 * Activate or deactivate a shop, recording the change and its reason in the
 * status history; deactivating revokes its tokens (in the repository). The
 * spec's body has no reason, so it stays optional here; a blank one counts
 * as none. An activation mails the shop a one-time set-password link
 * (lib/notifications.ts): a failed mail is logged, the activation stands.
 */
const changeStatus: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/shops/change-shop-status',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['shops'],
        summary: 'Activate or deactivate a shop, with an optional reason (super admin)',
        body: ChangeShopStatusBody,
        response: { 200: MessageSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { shop: id, new_status: status } = request.body;
      const caller = callerOf(request);
      const change = {
        reason: request.body.reason?.trim() || null,
        adminId: caller.kind === 'admin' ? caller.adminId : null,
        at: nowOf(deps).toISOString(),
      };
      if (!(await changeShopStatus(deps.db, id, status, change, auditContextOf(request, deps)))) {
        if (!(await findShopById(deps.db, id))) throw new NotFoundError('Shop not found.');
        throw new ConflictError(`Shop is already ${status}.`);
      }
      if (status === 'active')
        await sendShopActivatedMail(deps, id, nowOf(deps)).catch((error: unknown) =>
          request.log.error(error),
        );
      return { message: status === 'active' ? 'Shop activated.' : 'Shop deactivated.' };
    },
  );
};

export default changeStatus;
