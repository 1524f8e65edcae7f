import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { getQrBatch, listQrBatches } from '../../repositories/qr-batches';
import { IdParams, ListOf, PageQuery, errors } from '../../schemas/common';
import { QrBatchSchema, QrBatchWithCodesSchema } from '../../schemas/qr-batch';

const listBatches: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/pack/qr-batches',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['containers'],
        summary: 'QR batches (one per generate_codes call), newest first (super admin)',
        querystring: PageQuery,
        response: { 200: ListOf(QrBatchSchema), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { total, items } = await listQrBatches(deps.db, request.query);
      reply.header('X-Total-Count', total);
      return items;
    },
  );

  app.get(
    '/pack/qr-batches/:id',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['containers'],
        summary:
          'One QR batch with its codes, to rebuild its labels; creates no containers (super admin)',
        params: IdParams,
        response: { 200: QrBatchWithCodesSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => getQrBatch(deps.db, request.params.id),
  );
};

export default listBatches;
