import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import type { RouteOptions } from '../../deps';
import { callerOf } from '../../lib/auth';
import { toApiShop } from '../../repositories/shops';
import { errors } from '../../schemas/common';
import { ShopSchema, type Shop } from '../../schemas/shop';

const shopInfo: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  app.get(
    '/shops/shop/info',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['shops'],
        summary:
          'The logged shop as a one-item array (the super admin gets a pseudo shop with id 0)',
        response: { 200: Type.Array(ShopSchema), ...errors(401, 403) },
      },
    },
    async (request): Promise<Shop[]> => {
      const caller = callerOf(request);
      if (caller.kind === 'admin') {
        return [
          {
            id: 0,
            name: 'Super Admin',
            email: caller.email,
            phone: '',
            logo: null,
            created_date: '',
            status: 'active',
            x_gis: null,
            y_gis: null,
          },
        ];
      }
      // The auth hook has just read (and checked) this shop's row for the token.
      return [toApiShop(caller.shop)];
    },
  );
};

export default shopInfo;
