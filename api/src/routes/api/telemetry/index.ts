import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

import type { AppDeps } from '../../../deps';
import type { Limit } from '../../../config';
import { limiter } from '../../../lib/rate-limit';
import {
  insertRemoteLoadReport,
  summarizeRemoteLoads,
  type RemoteLoadReport,
} from '../../../repositories/remote-load-reports';
import { errors } from '../../schemas';

/** A remote's federation name (apps.json) and a release version (scripts/lib/releases.mjs). */
const remoteName = { type: 'string', pattern: '^[a-z][a-z0-9_]{0,63}$' } as const;
const version = { type: 'string', pattern: '^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$' } as const;

/**
 * Page loads and failures of the remotes, as the shell sees them, for the
 * release controller's automatic rollback of a failing canary. Anyone may
 * report (the login page is a remote too); a report holds no personal data.
 */
export default async function telemetryRoutes(
  app: FastifyInstance,
  { deps, remoteLoadsLimit }: { deps: AppDeps; remoteLoadsLimit: Limit },
): Promise<void> {
  const enforce = limiter(app);

  app.post<{ Body: RemoteLoadReport }>(
    '/remote-loads',
    {
      config: { auth: 'public' },
      onRequest: (request, reply) =>
        enforce(request, reply, `remote-loads:ip:${normalizeIP(request.ip)}`, remoteLoadsLimit),
      schema: {
        tags: ['releases'],
        summary:
          'Report one page load of a remote version (event "load") or one failure during it (event "error", with its reason); no personal data',
        security: [],
        body: {
          type: 'object',
          properties: {
            remote: remoteName,
            version,
            event: { type: 'string', enum: ['load', 'error'] },
            reason: {
              type: 'string',
              enum: ['load', 'render', 'rejection'],
              description:
                'For errors: the remote did not load, its page threw while drawing, or a promise was rejected unhandled while its page was open',
            },
          },
          required: ['remote', 'version', 'event'],
          additionalProperties: false,
        },
        response: { 204: { type: 'null', description: 'Stored' }, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await insertRemoteLoadReport(deps.db, request.body);
      return reply.status(204).send();
    },
  );

  app.get<{ Querystring: { remote: string; version: string; last?: number } }>(
    '/remote-loads/summary',
    {
      config: { auth: 'super_admin', releaseController: true },
      schema: {
        tags: ['releases'],
        summary:
          "Loads and failures of one remote version over its last `last` loads (super admin, or the release controller's X-Release-Controller secret)",
        querystring: {
          type: 'object',
          properties: {
            remote: remoteName,
            version,
            last: { type: 'integer', minimum: 1, maximum: 10000, default: 100 },
          },
          required: ['remote', 'version'],
        },
        response: {
          200: {
            type: 'object',
            properties: { loads: { type: 'integer' }, failures: { type: 'integer' } },
            required: ['loads', 'failures'],
          },
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) =>
      summarizeRemoteLoads(
        deps.db,
        request.query.remote,
        request.query.version,
        request.query.last ?? 100,
      ),
  );
}
