import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { auditContextOf } from '../../lib/audit';
import { callerOf } from '../../lib/auth';
import { revokeTokens } from '../../repositories/shops';
import { MessageSchema, errors } from '../../schemas/common';

const logoutEverywhere: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/shops/logout-everywhere',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['accounts'],
        summary:
          "Sign out everywhere: every token of the caller's account (super admin or shop) stops working, this one included",
        response: { 200: MessageSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await revokeTokens(
        deps.db,
        caller.kind === 'admin'
          ? { kind: 'admin', id: caller.adminId }
          : { kind: 'shop', id: caller.shopId },
        auditContextOf(request, deps),
      );
      return { message: 'Signed out everywhere. Log in again to continue.' };
    },
  );
};

export default logoutEverywhere;
