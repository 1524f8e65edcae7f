import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import {
  actingAs,
  auditContextOf,
  recordAudit,
  type AuditContext,
  type AuditEntryInput,
} from '../../lib/audit';
import { TOKEN_LIFETIME_SECONDS, signToken } from '../../lib/jwt';
import { DUMMY_HASH, hashSecret, needsRehash, verifySecret } from '../../lib/passwords';
import { accountCallLimits } from '../../lib/rate-limit';
import { findAdminByEmail, findShopByEmail, upgradePasswordHash } from '../../repositories/shops';
import { LoginBody, LoginReply } from '../../schemas/auth';
import { errors } from '../../schemas/common';

/**
 * Every login is audited, with the caller's address: a success as the
 * account itself, a failure as nobody, naming the e-mail tried and the
 * account it belongs to if any (never the password).
 */
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
      const audit = auditContextOf(request, deps);
      const email = request.body.email.trim().toLowerCase();
      const password = request.body.password.trim();
      const lifetime = request.body.remember_me
        ? TOKEN_LIFETIME_SECONDS.remembered
        : TOKEN_LIFETIME_SECONDS.session;
      // Hashes made with an older algorithm or parameters are replaced once the
      // password is known to be right, so every account moves up over time.
      const failed = (context: AuditContext, target: AuditEntryInput['target'], why: string) =>
        recordAudit(db, context, {
          action: 'login.failure',
          target,
          shopId: target.kind === 'shop' ? target.id : null,
          details: { email, why },
        });
      const upgrade = async (kind: 'admin' | 'shop', id: number, hash: string) => {
        if (needsRehash(hash))
          await upgradePasswordHash(db, { kind, id }, hash, await hashSecret(password));
      };
      const admin = await findAdminByEmail(db, email);
      if (admin) {
        const target = { kind: 'admin' as const, id: admin.id, label: admin.email };
        if (!(await verifySecret(password, admin.password_hash))) {
          await failed(audit, target, 'wrong password');
          throw new UnauthorizedError('Invalid email or password.');
        }
        await upgrade('admin', admin.id, admin.password_hash);
        await recordAudit(
          db,
          actingAs(audit, { id: admin.id, role: 'super_admin', name: admin.email }),
          { action: 'login.success', target },
        );
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
      const target = shop
        ? { kind: 'shop' as const, id: shop.id, label: shop.name }
        : { kind: 'account' as const, id: null, label: email };
      if (!shop?.password_hash || !ok) {
        await failed(audit, target, shop ? 'wrong password' : 'unknown e-mail');
        throw new UnauthorizedError('Invalid email or password.');
      }
      await upgrade('shop', shop.id, shop.password_hash);
      if (shop.status !== 'active') {
        await failed(audit, target, 'shop not active');
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
      await recordAudit(db, actingAs(audit, { id: shop.id, role: 'shop', name: shop.name }), {
        action: 'login.success',
        target,
      });
      return { access, status: 'admin' as const, shop_id: shop.id };
    },
  );
};

export default login;
