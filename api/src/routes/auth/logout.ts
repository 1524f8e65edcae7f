import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { callerOf } from '../../lib/auth';
import { revokeToken } from '../../repositories/revoked-tokens';
import { MessageSchema, errors } from '../../schemas/common';

const logout: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/shops/logout',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['accounts'],
        summary:
          'Log out: the token this call carries stops working; other tokens of the account keep working',
        response: { 200: MessageSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      const { token } = callerOf(request);
      await revokeToken(deps.db, token.jti, token.expiresAtMs);
      return { message: 'Logged out.' };
    },
  );
};

export default logout;
