import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { normaliseEmail } from '../../lib/email';
import { resetCodeMail } from '../../lib/mail-texts';
import { hashSecret } from '../../lib/passwords';
import { accountCallLimits } from '../../lib/rate-limit';
import { storeResetCode, storeResetDecoy } from '../../repositories/reset-codes';
import { findShopByEmail } from '../../repositories/shops';
import { ForgetPasswordBody } from '../../schemas/auth';
import { MessageSchema, errors } from '../../schemas/common';

const RESET_SENT = 'An email containing a confirmation code has been sent to you.';

const forgetPassword: FastifyPluginAsyncTypebox<RouteOptions> = async (
  app,
  { deps, rateLimits },
) => {
  const limits = accountCallLimits(app, 'forget-password', rateLimits.forgetPassword);

  app.post(
    '/shops/forget-password',
    {
      // A retried call (same Idempotency-Key) never sends a second mail.
      config: { auth: 'public', idempotent: true },
      onRequest: limits.perIp,
      // Also caps how many codes (each with fresh tries) one e-mail can be sent.
      preHandler: (request, reply) => limits.perAccount(request, reply, request.body.email),
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a 6-digit reset code (same answer for unknown e-mails)',
        security: [],
        body: ForgetPasswordBody,
        response: { 200: MessageSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email.trim());
      const shop = await findShopByEmail(deps.db, email);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      // Hashed even for an unknown e-mail, so both answers take as long.
      const codeHash = await hashSecret(code);
      if (shop) {
        await storeResetCode(deps.db, shop.id, codeHash);
        await deps.mailer.send(resetCodeMail(shop.email, code));
      } else {
        await storeResetDecoy(deps.db, email);
      }
      return { message: RESET_SENT };
    },
  );
};

export default forgetPassword;
