import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { ConflictError, NotFoundError } from '../../errors';
import { changeShopStatus, findShopById } from '../../repositories/shops';
import { MessageSchema, errors } from '../../schemas/common';
import { ChangeShopStatusBody } from '../../schemas/shop';

/** Activate or deactivate a shop; deactivating revokes its tokens (in the repository). */
const changeStatus: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/shops/change-shop-status',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['shops'],
        summary: 'Activate or deactivate a shop (super admin)',
        body: ChangeShopStatusBody,
        response: { 200: MessageSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { shop: id, new_status: status } = request.body;
      if (!(await changeShopStatus(deps.db, id, status))) {
        if (!(await findShopById(deps.db, id))) throw new NotFoundError('Shop not found.');
        throw new ConflictError(`Shop is already ${status}.`);
      }
      return { message: status === 'active' ? 'Shop activated.' : 'Shop deactivated.' };
    },
  );
};

export default changeStatus;
