import type { FastifyInstance } from 'fastify';

import type { AppDeps } from '../../../../deps';
import { getQrBatch, listQrBatches } from '../../../../repositories/qr-batches';
import { errors, idParams, pageQuery, totalCountHeader } from '../../../schemas';

const qrBatchProperties = {
  id: { type: 'integer' },
  created_at: { type: 'string', description: 'ISO-8601 UTC time of the generate_codes call' },
  created_by: {
    type: 'object',
    description: 'The super admin who generated the batch',
    properties: { id: { type: 'integer' }, email: { type: 'string' } },
    required: ['id', 'email'],
  },
  country: { type: 'string' },
  type: { type: 'string', description: 'Container type key' },
  count: { type: 'integer' },
} as const;

const qrBatchRequired = ['id', 'created_at', 'created_by', 'country', 'type', 'count'];

const qrBatchSchema = {
  type: 'object',
  properties: qrBatchProperties,
  required: qrBatchRequired,
} as const;

const qrBatchWithCodesSchema = {
  type: 'object',
  properties: {
    ...qrBatchProperties,
    codes: {
      type: 'array',
      description: 'In generation order: codes[n - 1] is the label qr_code_{n}.png',
      items: { type: 'string' },
    },
  },
  required: [...qrBatchRequired, 'codes'],
} as const;

/** The QR batches: every generate_codes call, kept so its labels can be printed again. */
export default async function qrBatchRoutes(
  app: FastifyInstance,
  { deps }: { deps: AppDeps },
): Promise<void> {
  app.get<{ Querystring: { limit?: number; offset?: number } }>(
    '/',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['containers'],
        summary: 'QR batches (one per generate_codes call), newest first (super admin)',
        querystring: pageQuery,
        response: {
          200: { type: 'array', items: qrBatchSchema, headers: totalCountHeader },
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { total, items } = await listQrBatches(deps.db, request.query);
      reply.header('X-Total-Count', total);
      return items;
    },
  );

  app.get<{ Params: { id: number } }>(
    '/:id',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['containers'],
        summary:
          'One QR batch with its codes, to rebuild its labels; creates no containers (super admin)',
        params: idParams,
        response: { 200: qrBatchWithCodesSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => getQrBatch(deps.db, request.params.id),
  );
}
