import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { ConflictError, ValidationError } from '../../errors';
import { auditContextOf } from '../../lib/audit';
import { hashSetPasswordToken } from '../../lib/notifications';
import { hashSecret } from '../../lib/passwords';
import { accountCallLimits } from '../../lib/rate-limit';
import { setPasswordWithToken } from '../../repositories/set-password-tokens';
import { SetPasswordBody } from '../../schemas/auth';
import { MessageSchema, errors } from '../../schemas/common';
import { SHORT_PASSWORD } from '../../schemas/shop';

const AFTERWARDS = 'Log in with your password, or choose "Forgot Password?" on the login page.';
const USED = `This link has already been used. ${AFTERWARDS}`;
const EXPIRED = `This link has expired (it is valid for 24 hours). ${AFTERWARDS}`;
const UNKNOWN = `This link is not valid. ${AFTERWARDS}`;

/**
 * The one-time link of the activation mail (lib/notifications.ts): the token
 * sets the shop's password once, within 24 hours. A token is 256 random bits,
 * so guessing is hopeless; the per-IP limit of reset-password still applies.
 */
const setPassword: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps, rateLimits }) => {
  const limits = accountCallLimits(app, 'set-password', rateLimits.resetPassword);

  app.post(
    '/shops/set-password',
    {
      config: { auth: 'public' },
      onRequest: limits.perIp,
      schema: {
        tags: ['accounts'],
        summary: "Set the shop's password with the activation mail's link (24 hours, single use)",
        security: [],
        body: SetPasswordBody,
        response: { 200: MessageSchema, ...errors(400, 409, 429) },
      },
    },
    async (request) => {
      const password = request.body.password.trim();
      if (password.length < 8) throw new ValidationError(SHORT_PASSWORD);
      const outcome = await setPasswordWithToken(
        deps.db,
        hashSetPasswordToken(request.body.token.trim()),
        await hashSecret(password),
        nowOf(deps),
        auditContextOf(request, deps),
      );
      if (outcome === 'used') throw new ConflictError(USED);
      if (outcome === 'expired') throw new ValidationError(EXPIRED);
      if (outcome === 'unknown') throw new ValidationError(UNKNOWN);
      return { message: 'Your password has been set. You can log in now.' };
    },
  );
};

export default setPassword;
