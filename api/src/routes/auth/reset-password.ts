import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { TooManyRequestsError, ValidationError } from '../../errors';
import { auditContextOf } from '../../lib/audit';
import { normaliseEmail } from '../../lib/email';
import { DUMMY_HASH, hashSecret, verifySecret } from '../../lib/passwords';
import { accountCallLimits } from '../../lib/rate-limit';
import {
  consumeResetCode,
  deleteResetCode,
  takeDecoyTry,
  takeResetTry,
} from '../../repositories/reset-codes';
import { findShopByEmail, setShopPassword } from '../../repositories/shops';
import { ResetPasswordBody } from '../../schemas/auth';
import { SHORT_PASSWORD } from '../../schemas/shop';
import { MessageSchema, errors } from '../../schemas/common';

const BAD_CODE = 'The code is wrong or has expired. Ask for a new one.';

/**
 * Every wrong-code answer has one shape, `tries_left` included, whether the
 * e-mail has an account or not (issue 28: only real accounts carried it).
 * Without a live code there is nothing left to try: 0, ask for a new one.
 */
const badCode = (triesLeft = 0) => new ValidationError(BAD_CODE, { tries_left: triesLeft });

const resetPassword: FastifyPluginAsyncTypebox<RouteOptions> = async (
  app,
  { deps, rateLimits },
) => {
  const { db } = deps;
  const limits = accountCallLimits(app, 'reset-password', rateLimits.resetPassword);

  app.post(
    '/shops/reset-password',
    {
      config: { auth: 'public' },
      onRequest: limits.perIp,
      preHandler: (request, reply) => limits.perAccount(request, reply, request.body.email),
      schema: {
        tags: ['accounts'],
        summary:
          'Set a new password with the e-mailed code (15 minutes, single use, 5 wrong tries)',
        security: [],
        body: ResetPasswordBody,
        response: { 200: MessageSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      const password = request.body.new_password.trim();
      if (password.length < 8) throw new ValidationError(SHORT_PASSWORD);
      const email = normaliseEmail(request.body.email.trim());
      const shop = await findShopByEmail(db, email);
      // An e-mail without an account has a decoy whose tries count the same way.
      const attempt = shop ? await takeResetTry(db, shop.id) : await takeDecoyTry(db, email);
      if (attempt.outcome === 'exhausted') {
        throw new TooManyRequestsError('Too many wrong codes. Ask for a new code.');
      }
      if (!shop || attempt.outcome === 'none') {
        // As slow as checking a real code, so the time does not tell either.
        await verifySecret(request.body.reset_code.trim(), DUMMY_HASH);
        throw badCode(attempt.outcome === 'counted' ? attempt.triesLeft : 0);
      }
      if (new Date(attempt.expiresAt).getTime() <= Date.now()) {
        await deleteResetCode(db, shop.id);
        throw badCode();
      }
      if (!(await verifySecret(request.body.reset_code.trim(), attempt.codeHash))) {
        // The user sees how many tries the code has left (0: ask for a new one).
        throw badCode(attempt.triesLeft);
      }
      if (!(await consumeResetCode(db, shop.id, attempt.codeHash))) throw badCode();
      await setShopPassword(
        db,
        shop.id,
        await hashSecret(password),
        auditContextOf(request, deps),
        'password.reset',
      );
      return { message: 'Your password has been reset. You can log in now.' };
    },
  );
};

export default resetPassword;
