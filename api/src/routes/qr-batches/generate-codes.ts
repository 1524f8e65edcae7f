import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { ForbiddenError, ValidationError } from '../../errors';
import { auditContextOf } from '../../lib/audit';
import { callerOf } from '../../lib/auth';
import { createQrBatch } from '../../repositories/qr-batches';
import { countryExists, typeKeys } from '../../repositories/reference';
import { errors } from '../../schemas/common';
import { GenerateCodesBody, GenerateCodesReply } from '../../schemas/qr-batch';

const generateCodes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/pack/containers/generate_codes',
    {
      config: { auth: 'super_admin', idempotent: true },
      schema: {
        tags: ['containers'],
        summary:
          "Create new containers in the provider's stock and answer their QR codes (super admin)",
        body: GenerateCodesBody,
        response: { 201: GenerateCodesReply, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { country, type, count } = request.body;
      if (!(await typeKeys(deps.db)).includes(type))
        throw new ValidationError(`Unknown container type: ${type}`);
      if (!(await countryExists(deps.db, country)))
        throw new ValidationError(`Unknown country: ${country}`);
      const caller = callerOf(request);
      if (caller.kind !== 'admin') throw new ForbiddenError('Only the super admin may do this.');
      const batch = await createQrBatch(
        deps.db,
        auditContextOf(request, deps),
        { adminId: caller.adminId, typeKey: type, country, count },
        nowOf(deps),
      );
      reply.status(201);
      return { generated_codes: batch.codes, batch_id: batch.id };
    },
  );
};

export default generateCodes;
