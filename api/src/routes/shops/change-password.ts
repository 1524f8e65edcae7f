import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { NotFoundError, ValidationError } from '../../errors';
import { auditContextOf } from '../../lib/audit';
import { hashSecret } from '../../lib/passwords';
import { findShopById, setShopPassword } from '../../repositories/shops';
import { MessageSchema, errors } from '../../schemas/common';
import { ChangePasswordBody, SHORT_PASSWORD } from '../../schemas/shop';

const changePassword: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/shops/change-password',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['shops'],
        summary: "Set a shop's password (super admin); the shop's existing tokens stop working",
        body: ChangePasswordBody,
        response: { 200: MessageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const password = request.body.new_password.trim();
      if (password.length < 8) throw new ValidationError(SHORT_PASSWORD);
      if (!(await findShopById(deps.db, request.body.shop)))
        throw new NotFoundError('Shop not found.');
      await setShopPassword(
        deps.db,
        request.body.shop,
        await hashSecret(password),
        auditContextOf(request, deps),
        'password.set_by_admin',
      );
      return { message: 'Password changed successfully.' };
    },
  );
};

export default changePassword;
