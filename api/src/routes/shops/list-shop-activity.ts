import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { shopCaller } from '../../lib/auth';
import { listAuditEntries } from '../../repositories/audit-log';
import { AuditEntrySchema, type AuditAction, type AuditEntry } from '../../schemas/audit';
import { ListOf, PageQuery, errors } from '../../schemas/common';

/** What a shop sees of the audit log about itself: its logins, passwords and request decisions. */
export const SHOP_ACTIVITY_ACTIONS: readonly AuditAction[] = [
  'login.success',
  'login.failure',
  'password.set_by_admin',
  'password.reset',
  'password.set_by_link',
  'password.change_own',
  'request.approve',
  'request.deny',
];

/** The provider's staff stay unnamed to a shop: the role says who acted. */
function forShop(entry: AuditEntry): AuditEntry {
  return entry.actor.role === 'shop'
    ? entry
    : { ...entry, actor: { ...entry.actor, id: null, name: null } };
}

/**
 * A shop's own activity, newest first, paged with X-Total-Count: only the
 * calling shop's entries (shop_id is its id) of SHOP_ACTIVITY_ACTIONS.
 */
const listShopActivity: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/shops/activity',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['audit'],
        summary:
          "The calling shop's own logins, password changes and request decisions, newest first (shop)",
        querystring: PageQuery,
        response: { 200: ListOf(AuditEntrySchema), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { shopId } = shopCaller(request);
      const { limit = 20, offset } = request.query;
      const { total, items } = await listAuditEntries(
        deps.db,
        { shop: shopId, actions: SHOP_ACTIVITY_ACTIONS },
        { limit, offset },
      );
      reply.header('X-Total-Count', total);
      return items.map(forShop);
    },
  );
};

export default listShopActivity;
