import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import type { AppDeps } from '../../deps';
import { MEDIA_TYPES, type ImageKind } from '../../lib/uploads';
import { findMedia } from '../../repositories/media';

const MediaParams = Type.Object({
  name: Type.String({ pattern: '^[a-f0-9]{32}\\.(png|jpg|gif|webp)$' }),
});

/** Uploaded logos at /media/<name>, outside the API's /api/v0 and its docs. */
const mediaRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const uploadsDir = path.join(deps.dataDir, 'uploads');
  app.get(
    '/media/:name',
    { schema: { hide: true, params: MediaParams } },
    async (request, reply) => {
      const name = request.params.name;
      const image = (contentType: string) =>
        reply
          .header('Content-Type', contentType)
          .header('Cache-Control', 'public, max-age=86400')
          .header('X-Content-Type-Options', 'nosniff');
      const stored = await findMedia(deps.db, name);
      if (stored) return image(stored.contentType).send(stored.data);
      // Logos uploaded before they moved into the database are still on this disk.
      const file = path.join(uploadsDir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return reply.status(404).send({ error: 'Not found.' });
      const ext = path.extname(file).slice(1) as ImageKind;
      return image(MEDIA_TYPES[ext]).send(createReadStream(file));
    },
  );
};

export default mediaRoutes;
