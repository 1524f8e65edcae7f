import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import type { RouteOptions } from '../../deps';
import { sendList } from '../../lib/list-reply';
import { listShops, newestShops, toApiShop } from '../../repositories/shops';
import { ListOf, PageQuery, errors } from '../../schemas/common';
import { ShopSchema } from '../../schemas/shop';

const listShopsRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/shops/shop',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['shops'],
        summary: 'All shops, newest id first (super admin)',
        querystring: PageQuery,
        response: { 200: ListOf(ShopSchema), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendList(reply, { db: deps.db, key: 'shops' }, request.query, (page) =>
        listShops(deps.db, page),
      ),
  );

  app.get(
    '/shops/shop/last-two',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['shops'],
        summary: 'The two newest shops (super admin)',
        response: { 200: Type.Array(ShopSchema), ...errors(401, 403) },
      },
    },
    async () => (await newestShops(deps.db, 2)).map(toApiShop),
  );
};

export default listShopsRoutes;
