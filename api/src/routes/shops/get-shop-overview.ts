import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { NotFoundError } from '../../errors';
import { asksFresh } from '../../lib/fresh-reads';
import { shopOverview } from '../../repositories/shop-overview';
import { IdParams, errors } from '../../schemas/common';
import { ShopOverviewSchema } from '../../schemas/shop-overview';

/** The super admin's page of one shop, in one call. */
const getShopOverview: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/pack/shops/:id/overview',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['shops'],
        summary:
          "One shop's profile, stock per type, loans with ageing, return rate, newest requests and status history (super admin)",
        params: IdParams,
        response: { 200: ShopOverviewSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const overview = await shopOverview(deps.db, request.params.id, nowOf(deps), {
        fresh: asksFresh(request),
      });
      if (!overview) throw new NotFoundError('Shop not found.');
      return overview;
    },
  );
};

export default getShopOverview;
