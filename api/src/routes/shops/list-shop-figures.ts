import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { asksFresh } from '../../lib/fresh-reads';
import { allShopFigures } from '../../repositories/shop-figures';
import { errors } from '../../schemas/common';
import { ShopFiguresListSchema } from '../../schemas/shop-overview';

/**
 * Every shop's overdue loans, stock held and return rate: the shop list's
 * columns, for all shops at once as the list itself is sent.
 */
const shopFigures: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/pack/shops/figures',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['shops'],
        summary: "Every shop's overdue loans, stock held and 4-week return rate (super admin)",
        response: { 200: ShopFiguresListSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      const now = nowOf(deps);
      return {
        as_of: now.toISOString(),
        shops: await allShopFigures(deps.db, now, { fresh: asksFresh(request) }),
      };
    },
  );
};

export default shopFigures;
