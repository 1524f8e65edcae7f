import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { asksFresh } from '../../lib/fresh-reads';
import { allShopFigures, shopLeague } from '../../repositories/shop-figures';
import { errors } from '../../schemas/common';
import { ShopLeagueSchema } from '../../schemas/shop-overview';

/** The dashboard's league table, drawn from the shop list's figures. */
const getShopLeague: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/pack/shops/league',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['shops'],
        summary:
          'The five shops with the most overdue loans and the five with the lowest return rate (super admin)',
        response: { 200: ShopLeagueSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      const now = nowOf(deps);
      return {
        as_of: now.toISOString(),
        ...shopLeague(await allShopFigures(deps.db, now, { fresh: asksFresh(request) })),
      };
    },
  );
};

export default getShopLeague;
