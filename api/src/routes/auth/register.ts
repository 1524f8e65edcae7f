import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { ConflictError } from '../../errors';
import { auditContextOf } from '../../lib/audit';
import { registeredMail } from '../../lib/mail-texts';
import { readForm } from '../../lib/multipart';
import { accountCallLimits } from '../../lib/rate-limit';
import { checkShopForm, storeLogo } from '../../lib/shop-form';
import { deleteMedia } from '../../repositories/media';
import { emailTaken, insertShop } from '../../repositories/shops';
import { RegisterReply } from '../../schemas/auth';
import { errors } from '../../schemas/common';
import { RegisterForm } from '../../schemas/shop-form';

const EMAIL_TAKEN = 'A shop with this email already exists.';

const register: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps, rateLimits }) => {
  const { db } = deps;
  const limits = accountCallLimits(app, 'register', rateLimits.register);

  app.post(
    '/shops/register',
    {
      config: { auth: 'public', multipartBody: RegisterForm },
      onRequest: limits.perIp,
      schema: {
        tags: ['accounts'],
        summary:
          'Register a shop (multipart): created inactive, with no password; an e-mail explains how to set one',
        security: [],
        response: { 201: RegisterReply, ...errors(400, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, 'logo');
      const fields = checkShopForm(RegisterForm, form);
      await limits.perAccount(request, reply, fields.email);
      if (await emailTaken(db, fields.email))
        throw new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
      const logo = (await storeLogo(db, form)) ?? null;
      let shop;
      try {
        shop = await insertShop(db, auditContextOf(request, deps), {
          name: fields.name,
          email: fields.email,
          phone: fields.phone,
          logo,
          created_date: new Date().toISOString(),
          status: 'inactive',
          x_gis: fields.x_gis ?? null,
          y_gis: fields.y_gis ?? null,
          password_hash: null,
        });
      } catch {
        // Two registrations racing for one e-mail: the unique index decides,
        // and the loser's logo belongs to nobody.
        await deleteMedia(db, logo);
        throw new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
      }
      await deps.mailer.send(registeredMail(shop));
      return reply.status(201).send({
        message: 'Your shop was registered. Check your e-mail to set a password.',
        id: shop.id,
      });
    },
  );
};

export default register;
