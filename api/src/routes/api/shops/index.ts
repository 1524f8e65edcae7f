import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

import type { AppDeps } from '../../../deps';
import type { RateLimits } from '../../../config';
import { callerOf } from '../../../lib/auth';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../../errors';
import { signToken } from '../../../lib/jwt';
import { readForm, type Form } from '../../../lib/multipart';
import { accountCallLimits } from '../../../lib/rate-limit';
import { DUMMY_HASH, hashSecret, needsRehash, verifySecret } from '../../../lib/passwords';
import { checkShopFields } from '../../../lib/shop-form';
import { imageExtension, saveImage } from '../../../lib/uploads';
import {
  consumeResetCode,
  deleteResetCode,
  storeResetCode,
  takeResetTry,
} from '../../../repositories/reset-codes';
import {
  changeShopStatus,
  emailTaken,
  findAdminByEmail,
  findShopByEmail,
  findShopById,
  insertShop,
  listShops,
  newestShops,
  revokeTokens,
  setShopPassword,
  toApiShop,
  updateShop,
  upgradePasswordHash,
} from '../../../repositories/shops';
import {
  errors,
  idParams,
  messageSchema,
  pageQuery,
  shopSchema,
  totalCountHeader,
} from '../../schemas';

const ONLY_IMAGES = 'Upload a valid image (PNG, JPEG, GIF or WEBP).';
const RESET_SENT = 'An email containing a confirmation code has been sent to you.';
const BAD_CODE = 'The code is wrong or has expired. Ask for a new one.';

const passwordSchema = { type: 'string', minLength: 8, maxLength: 128 } as const;

// `id` only on the profile form, where it must match the address; register ignores it.
const shopFormDoc = (required: string[], withId: boolean) => ({
  type: 'object',
  properties: {
    ...(withId ? { id: { type: 'integer' } } : {}),
    name: { type: 'string', maxLength: 100 },
    email: { type: 'string', format: 'email' },
    phone: { type: 'string' },
    x_gis: { type: 'number', minimum: -90, maximum: 90 },
    y_gis: { type: 'number', minimum: -180, maximum: 180 },
    logo: {
      type: 'string',
      format: 'binary',
      description: 'PNG, JPEG, GIF or WEBP, at most 2 MB.',
    },
  },
  required,
});

async function storeLogo(deps: AppDeps, form: Form): Promise<string | undefined> {
  if (!form.file) return undefined;
  const ext = imageExtension(form.file.data);
  if (!ext) throw new ValidationError(ONLY_IMAGES, { logo: [ONLY_IMAGES] });
  return saveImage(deps.db, form.file.data, ext);
}

export default async function shopRoutes(
  app: FastifyInstance,
  { deps, rateLimits }: { deps: AppDeps; rateLimits: RateLimits },
): Promise<void> {
  const { db } = deps;
  const limits = {
    login: accountCallLimits(app, 'login', rateLimits.login),
    forgetPassword: accountCallLimits(app, 'forget-password', rateLimits.forgetPassword),
    resetPassword: accountCallLimits(app, 'reset-password', rateLimits.resetPassword),
    register: accountCallLimits(app, 'register', rateLimits.register),
  };

  app.post<{ Body: { email: string; password: string } }>(
    '/login',
    {
      config: { auth: 'public' },
      onRequest: limits.login.perIp,
      preHandler: (request, reply) => limits.login.perAccount(request, reply, request.body.email),
      schema: {
        tags: ['accounts'],
        summary: 'Log in (shop user → status "admin", provider → "super_admin")',
        security: [],
        body: {
          type: 'object',
          properties: {
            email: { type: 'string', maxLength: 254 },
            password: { type: 'string', maxLength: 128 },
          },
          required: ['email', 'password'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              access: { type: 'string' },
              status: { type: 'string', enum: ['admin', 'super_admin'] },
              shop_id: { type: ['integer', 'null'] },
            },
            required: ['access', 'status', 'shop_id'],
          },
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const password = request.body.password.trim();
      // Hashes made with older scrypt parameters are replaced once the
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
        );
        return { access, status: 'super_admin', shop_id: null };
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
      );
      return { access, status: 'admin', shop_id: shop.id };
    },
  );

  app.post(
    '/logout-everywhere',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['accounts'],
        summary:
          "Sign out everywhere: every token of the caller's account (super admin or shop) stops working, this one included",
        response: { 200: messageSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await revokeTokens(
        db,
        caller.kind === 'admin'
          ? { kind: 'admin', id: caller.adminId }
          : { kind: 'shop', id: caller.shopId },
      );
      return { message: 'Signed out everywhere. Log in again to continue.' };
    },
  );

  app.get<{ Querystring: { limit?: number; offset?: number } }>(
    '/shop',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['shops'],
        summary: 'All shops, newest id first (super admin)',
        querystring: pageQuery,
        response: {
          200: { type: 'array', items: shopSchema, headers: totalCountHeader },
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { total, rows } = await listShops(db, request.query);
      reply.header('X-Total-Count', total);
      return rows.map(toApiShop);
    },
  );

  app.get(
    '/shop/last-two',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['shops'],
        summary: 'The two newest shops (super admin)',
        response: { 200: { type: 'array', items: shopSchema }, ...errors(401, 403) },
      },
    },
    async () => (await newestShops(db, 2)).map(toApiShop),
  );

  app.get(
    '/shop/info',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['shops'],
        summary:
          'The logged shop as a one-item array (the super admin gets a pseudo shop with id 0)',
        response: { 200: { type: 'array', items: shopSchema }, ...errors(401, 403) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.kind === 'admin') {
        return [
          {
            id: 0,
            name: 'Super Admin',
            email: caller.email,
            phone: '',
            logo: null,
            created_date: '',
            status: 'active',
            x_gis: null,
            y_gis: null,
          },
        ];
      }
      const shop = await findShopById(db, caller.shopId);
      if (!shop) throw new NotFoundError('Shop not found.');
      return [toApiShop(shop)];
    },
  );

  app.put<{ Params: { id: number } }>(
    '/shop/:id',
    {
      config: { auth: 'any', multipartBody: shopFormDoc([], true) },
      schema: {
        tags: ['shops'],
        summary: 'Edit a shop profile (multipart; a shop only its own, the super admin any)',
        params: idParams,
        response: { 200: shopSchema, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      if (caller.kind === 'shop' && caller.shopId !== id)
        throw new ForbiddenError('You may only edit your own shop.');
      const form = await readForm(request, 'logo');
      if (form.fields.id !== undefined && Number(form.fields.id) !== id) {
        throw new ValidationError('The id in the form does not match the address.');
      }
      const fields = checkShopFields(form, []);
      if (!(await findShopById(db, id))) throw new NotFoundError('Shop not found.');
      if (fields.email && (await emailTaken(db, fields.email, id))) {
        const message = 'A shop with this email already exists.';
        throw new ConflictError(message, { email: [message] });
      }
      const logo = await storeLogo(deps, form);
      const updated = await updateShop(db, id, { ...fields, ...(logo ? { logo } : {}) });
      if (!updated) throw new NotFoundError('Shop not found.');
      return toApiShop(updated);
    },
  );

  app.post<{ Body: { shop: number; new_status: 'active' | 'inactive' } }>(
    '/change-shop-status',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['shops'],
        summary: 'Activate or deactivate a shop (super admin)',
        body: {
          type: 'object',
          properties: {
            shop: { type: 'integer', minimum: 1, maximum: 2147483647 },
            new_status: { type: 'string', enum: ['active', 'inactive'] },
          },
          required: ['shop', 'new_status'],
        },
        response: { 200: messageSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { shop: id, new_status: status } = request.body;
      if (!(await changeShopStatus(db, id, status))) {
        if (!(await findShopById(db, id))) throw new NotFoundError('Shop not found.');
        throw new ConflictError(`Shop is already ${status}.`);
      }
      return { message: status === 'active' ? 'Shop activated.' : 'Shop deactivated.' };
    },
  );

  app.post<{ Body: { shop: number; new_password: string } }>(
    '/change-password',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['shops'],
        summary: "Set a shop's password (super admin); the shop's existing tokens stop working",
        body: {
          type: 'object',
          properties: {
            shop: { type: 'integer', minimum: 1, maximum: 2147483647 },
            new_password: passwordSchema,
          },
          required: ['shop', 'new_password'],
        },
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const password = request.body.new_password.trim();
      if (password.length < 8)
        throw new ValidationError('The password must have at least 8 characters.');
      if (!(await findShopById(db, request.body.shop))) throw new NotFoundError('Shop not found.');
      await setShopPassword(db, request.body.shop, await hashSecret(password));
      return { message: 'Password changed successfully.' };
    },
  );

  app.post(
    '/register',
    {
      config: { auth: 'public', multipartBody: shopFormDoc(['name', 'email', 'phone'], false) },
      onRequest: limits.register.perIp,
      schema: {
        tags: ['accounts'],
        summary:
          'Register a shop (multipart): created inactive, with no password; an e-mail explains how to set one',
        security: [],
        response: {
          201: {
            type: 'object',
            properties: { message: { type: 'string' }, id: { type: 'integer' } },
            required: ['message', 'id'],
          },
          ...errors(400, 409, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, 'logo');
      const fields = checkShopFields(form, ['name', 'email', 'phone']);
      const email = fields.email as string;
      await limits.register.perAccount(request, reply, email);
      if (await emailTaken(db, email)) {
        const message = 'A shop with this email already exists.';
        throw new ConflictError(message, { email: [message] });
      }
      const logo = (await storeLogo(deps, form)) ?? null;
      let shop;
      try {
        shop = await insertShop(db, {
          name: fields.name as string,
          email,
          phone: fields.phone as string,
          logo,
          created_date: new Date().toISOString(),
          status: 'inactive',
          x_gis: fields.x_gis ?? null,
          y_gis: fields.y_gis ?? null,
          password_hash: null,
        });
      } catch {
        // Two registrations racing for one e-mail: the unique index decides.
        const message = 'A shop with this email already exists.';
        throw new ConflictError(message, { email: [message] });
      }
      await deps.mailer.send({
        to: email,
        subject: 'Your shop was registered',
        text:
          `Hello ${shop.name},\n\nyour shop was registered on the lending panel. ` +
          'To set your password, open the login page, choose "Forgot Password?" and ask for a code with this e-mail address. ' +
          'You can log in once the provider has activated your shop.\n',
      });
      reply.status(201);
      return {
        message: 'Your shop was registered. Check your e-mail to set a password.',
        id: shop.id,
      };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/forget-password',
    {
      config: { auth: 'public' },
      onRequest: limits.forgetPassword.perIp,
      // Also caps how many codes (each with fresh tries) one e-mail can be sent.
      preHandler: (request, reply) =>
        limits.forgetPassword.perAccount(request, reply, request.body.email),
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a 6-digit reset code (same answer for unknown e-mails)',
        security: [],
        body: {
          type: 'object',
          properties: { email: { type: 'string', minLength: 1, maxLength: 254 } },
          required: ['email'],
        },
        response: { 200: messageSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      const shop = await findShopByEmail(db, request.body.email.trim());
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const codeHash = await hashSecret(code);
      if (shop) {
        await storeResetCode(db, shop.id, codeHash);
        await deps.mailer.send({
          to: shop.email,
          subject: 'Your password reset code',
          text: `Your password reset code is ${code}. It is valid for 15 minutes and can be used once.\n`,
        });
      }
      return { message: RESET_SENT };
    },
  );

  app.post<{ Body: { email: string; reset_code: string; new_password: string } }>(
    '/reset-password',
    {
      config: { auth: 'public' },
      onRequest: limits.resetPassword.perIp,
      preHandler: (request, reply) =>
        limits.resetPassword.perAccount(request, reply, request.body.email),
      schema: {
        tags: ['accounts'],
        summary:
          'Set a new password with the e-mailed code (15 minutes, single use, 5 wrong tries)',
        security: [],
        body: {
          type: 'object',
          properties: {
            email: { type: 'string', minLength: 1, maxLength: 254 },
            reset_code: { type: 'string', pattern: '^\\s*[0-9]{6}\\s*$' },
            new_password: passwordSchema,
          },
          required: ['email', 'reset_code', 'new_password'],
        },
        response: { 200: messageSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      const password = request.body.new_password.trim();
      if (password.length < 8)
        throw new ValidationError('The password must have at least 8 characters.');
      const shop = await findShopByEmail(db, request.body.email.trim());
      const attempt = shop ? await takeResetTry(db, shop.id) : ({ outcome: 'none' } as const);
      if (!shop || attempt.outcome === 'none') throw new ValidationError(BAD_CODE);
      if (attempt.outcome === 'exhausted') {
        throw new TooManyRequestsError('Too many wrong codes. Ask for a new code.');
      }
      if (new Date(attempt.expiresAt).getTime() <= Date.now()) {
        await deleteResetCode(db, shop.id);
        throw new ValidationError(BAD_CODE);
      }
      if (!(await verifySecret(request.body.reset_code.trim(), attempt.codeHash))) {
        // The user sees how many tries the code has left (0: ask for a new one).
        throw new ValidationError(BAD_CODE, { tries_left: attempt.triesLeft });
      }
      if (!(await consumeResetCode(db, shop.id, attempt.codeHash)))
        throw new ValidationError(BAD_CODE);
      await setShopPassword(db, shop.id, await hashSecret(password));
      return { message: 'Your password has been reset. You can log in now.' };
    },
  );
}
