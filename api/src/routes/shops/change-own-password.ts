import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { ConflictError, ValidationError } from '../../errors';
import { auditContextOf } from '../../lib/audit';
import { shopCaller } from '../../lib/auth';
import { signToken } from '../../lib/jwt';
import { hashSecret, verifySecret } from '../../lib/passwords';
import { changeOwnShopPassword } from '../../repositories/shops';
import { errors } from '../../schemas/common';
import {
  ChangeOwnPasswordBody,
  ChangeOwnPasswordReply,
  SHORT_PASSWORD,
  WRONG_CURRENT_PASSWORD,
} from '../../schemas/shop';

/**
 * A logged-in shop changes its own password. Every other session ends
 * (token_version is bumped); this one goes on with the token answered,
 * which expires when the one it replaces would have, so a Remember me
 * session stays a week long and a plain one a working day.
 */
const changeOwnPassword: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/shops/change-own-password',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['accounts'],
        summary:
          "Change the calling shop's own password; its other sessions end and this one gets a new token",
        body: ChangeOwnPasswordBody,
        response: { 200: ChangeOwnPasswordReply, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const caller = shopCaller(request);
      const next = request.body.new_password.trim();
      if (next.length < 8)
        throw new ValidationError(SHORT_PASSWORD, { new_password: [SHORT_PASSWORD] });
      const hash = caller.shop.password_hash;
      if (!hash || !(await verifySecret(request.body.current_password.trim(), hash)))
        throw new ValidationError(WRONG_CURRENT_PASSWORD, {
          current_password: [WRONG_CURRENT_PASSWORD],
        });
      const version = await changeOwnShopPassword(
        deps.db,
        caller.shopId,
        hash,
        await hashSecret(next),
        auditContextOf(request, deps),
      );
      if (version === null)
        throw new ConflictError('The password was changed meanwhile. Log in again to continue.');
      const now = Date.now();
      const access = signToken(
        { kind: 'shop', id: caller.shopId, ver: version },
        deps.jwtSecret,
        now,
        Math.max(1, Math.floor((caller.token.expiresAtMs - now) / 1000)),
      );
      return { message: 'Your password was changed. Other sessions have ended.', access };
    },
  );
};

export default changeOwnPassword;
