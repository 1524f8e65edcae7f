import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { ShopRow } from '../../db/schema';
import type { RouteOptions } from '../../deps';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { callerOf } from '../../lib/auth';
import { readForm } from '../../lib/multipart';
import { checkShopForm, storeLogo } from '../../lib/shop-form';
import { removeUploadedFile } from '../../lib/uploads';
import { deleteMedia, logoForReplacing } from '../../repositories/media';
import { emailTaken, findShopById, toApiShop, updateShop } from '../../repositories/shops';
import { IdParams, errors } from '../../schemas/common';
import { ShopSchema } from '../../schemas/shop';
import { ProfileForm } from '../../schemas/shop-form';

const EMAIL_TAKEN = 'A shop with this email already exists.';

const updateProfile: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const { db } = deps;

  app.put(
    '/shops/shop/:id',
    {
      config: { auth: 'any', multipartBody: ProfileForm },
      schema: {
        tags: ['shops'],
        summary: 'Edit a shop profile (multipart; a shop only its own, the super admin any)',
        params: IdParams,
        response: { 200: ShopSchema, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      if (caller.kind === 'shop' && caller.shopId !== id)
        throw new ForbiddenError('You may only edit your own shop.');
      const form = await readForm(request, 'logo');
      // The id as sent: multipart text, or a JSON number (no conversion either way).
      if (form.fields.id !== undefined && form.fields.id !== (form.text ? String(id) : id)) {
        throw new ValidationError('The id in the form does not match the address.');
      }
      const fields = checkShopForm(ProfileForm, form);
      if (!(await findShopById(db, id))) throw new NotFoundError('Shop not found.');
      if (fields.email && (await emailTaken(db, fields.email, id)))
        throw new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
      const logo = await storeLogo(db, form);
      let replaced: { row: ShopRow; previous: string | null };
      try {
        // The replaced logo goes with the update that drops it: never one without the other.
        replaced = await db.transaction().execute(async (trx) => {
          const previous = logo ? await logoForReplacing(trx, id) : null;
          const row = await updateShop(trx, id, { ...fields, ...(logo ? { logo } : {}) });
          if (!row) throw new NotFoundError('Shop not found.');
          if (previous) await deleteMedia(trx, previous);
          return { row, previous: previous ?? null };
        });
      } catch (error) {
        // Nothing points at the new logo if the update failed.
        if (logo) await deleteMedia(db, logo);
        throw error;
      }
      await removeUploadedFile(deps.dataDir, replaced.previous);
      return toApiShop(replaced.row);
    },
  );
};

export default updateProfile;
