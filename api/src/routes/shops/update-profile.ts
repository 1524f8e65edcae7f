import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { Db } from '../../db/connect';
import type { ShopRow } from '../../db/schema';
import type { RouteOptions } from '../../deps';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { auditContextOf, recordAudit } from '../../lib/audit';
import { callerOf } from '../../lib/auth';
import { readForm } from '../../lib/multipart';
import { checkShopForm, storeLogo } from '../../lib/shop-form';
import { removeUploadedFile } from '../../lib/uploads';
import { deleteMedia, logoFingerprint, logoForReplacing } from '../../repositories/media';
import { emailTaken, findShopById, toApiShop, updateShop } from '../../repositories/shops';
import { IdParams, errors } from '../../schemas/common';
import { ShopSchema } from '../../schemas/shop';
import { ProfileForm } from '../../schemas/shop-form';

const EMAIL_TAKEN = 'A shop with this email already exists.';

const AUDITED = ['name', 'email', 'phone', 'x_gis', 'y_gis', 'logo'] as const;

/**
 * The fields a profile change changed, each with before and after, for the
 * audit log; the logo by its image's hash (logoFingerprint), never the image.
 */
async function profileChanges(
  db: Db,
  before: ShopRow,
  after: ShopRow,
): Promise<Record<string, { before: unknown; after: unknown }>> {
  const [was, now] = [toApiShop(before), toApiShop(after)];
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of AUDITED) {
    if (was[field] === now[field]) continue;
    changes[field] =
      field === 'logo'
        ? {
            before: await logoFingerprint(db, was.logo),
            after: await logoFingerprint(db, now.logo),
          }
        : { before: was[field], after: now[field] };
  }
  return changes;
}

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
      const audit = auditContextOf(request, deps);
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
        // The replaced logo goes with the update that drops it: never one
        // without the other; the audit entry commits with both.
        replaced = await db.transaction().execute(async (trx) => {
          const previous = logo ? await logoForReplacing(trx, id) : null;
          const before = await findShopById(trx, id);
          const row = await updateShop(trx, id, { ...fields, ...(logo ? { logo } : {}) });
          if (!row || !before) throw new NotFoundError('Shop not found.');
          const changes = await profileChanges(trx, before, row);
          if (Object.keys(changes).length > 0) {
            await recordAudit(trx, audit, {
              action: 'shop.profile_update',
              target: { kind: 'shop', id, label: row.name },
              details: { changes },
            });
          }
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
