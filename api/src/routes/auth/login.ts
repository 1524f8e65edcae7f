import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import { TOKEN_LIFETIME_SECONDS, signToken } from '../../lib/jwt';
import { DUMMY_HASH, hashSecret, needsRehash, verifySecret } from '../../lib/passwords';
import { accountCallLimits } from '../../lib/rate-limit';
import { findAdminByEmail, findShopByEmail, upgradePasswordHash } from '../../repositories/shops';
import { LoginBody, LoginReply } from '../../schemas/auth';
import { errors } from '../../schemas/common';

const login: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps, rateLimits }) => {
  const { db } = deps;
  const limits = accountCallLimits(app, 'login', rateLimits.login);

  app.post(
    '/shops/login',
    {
      config: { auth: 'public' },
      onRequest: limits.perIp,
      preHandler: (request, reply) => limits.perAccount(request, reply, request.body.email),
      schema: {
        tags: ['accounts'],
        summary: 'Log in (shop user → status "admin", provider → "super_admin")',
        security: [],
        body: LoginBody,
        response: { 200: LoginReply, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const password = request.body.password.trim();
      const lifetime = request.body.remember_me
        ? TOKEN_LIFETIME_SECONDS.remembered
        : TOKEN_LIFETIME_SECONDS.session;
      // Hashes made with an older algorithm or parameters are replaced once the
      // password is known to be right, so every account moves up over time.
      const upgrade = async (kind: 'admin' | 'shop', id: number, hash: string) => {
        if (needsRehash(hash))
          await upgradePasswordHash(db, { kind, id }, hash, await hashSecret(password));
      };
      const admin = await findAdminByEmail(db, email);
      if (admin) {
        if (!(await verifySecret(password, admin.password_hash)))
          throw new UnauthorizedError('Invalid email or password.');
        await upgrade('admin', admin.id, admin.password_hash);
        const access = signToken(
          { kind: 'admin', id: admin.id, ver: admin.token_version },
          deps.jwtSecret,
          Date.now(),
          lifetime,
        );
        return { access, status: 'super_admin' as const, shop_id: null };
      }
      const shop = await findShopByEmail(db, email);
      const ok = await verifySecret(password, shop?.password_hash ?? DUMMY_HASH);
      if (!shop?.password_hash || !ok) throw new UnauthorizedError('Invalid email or password.');
      await upgrade('shop', shop.id, shop.password_hash);
      if (shop.status !== 'active') {
        throw new ForbiddenError(
          'This shop is not active yet. The provider has to activate it before you can log in.',
        );
      }
      const access = signToken(
        { kind: 'shop', id: shop.id, ver: shop.token_version },
        deps.jwtSecret,
        Date.now(),
        lifetime,
      );
      return { access, status: 'admin' as const, shop_id: shop.id };
    },
  );
};

export default login;
