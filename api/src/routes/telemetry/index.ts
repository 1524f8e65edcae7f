import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import type { RouteOptions } from '../../deps';
import { limiter } from '../../lib/rate-limit';
import {
  insertRemoteLoadReport,
  summarizeRemoteLoads,
} from '../../repositories/remote-load-reports';
import { errors } from '../../schemas/common';
import {
  RemoteLoadReportSchema,
  RemoteLoadsQuery,
  RemoteLoadsSummary,
} from '../../schemas/telemetry';

/**
 * Page loads and failures of the remotes, as the shell sees them, for the
 * release controller's automatic rollback of a failing canary. Anyone may
 * report (the login page is a remote too); a report holds no personal data.
 */
const telemetryRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (
  app,
  { deps, remoteLoadsLimit },
) => {
  const enforce = limiter(app);

  app.post(
    '/telemetry/remote-loads',
    {
      config: { auth: 'public' },
      onRequest: (request, reply) =>
        enforce(request, reply, `remote-loads:ip:${normalizeIP(request.ip)}`, remoteLoadsLimit),
      schema: {
        tags: ['releases'],
        summary:
          'Report one page load of a remote version (event "load") or one failure during it (event "error", with its reason); no personal data',
        security: [],
        body: RemoteLoadReportSchema,
        response: { 204: Type.Null({ description: 'Stored' }), ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await insertRemoteLoadReport(deps.db, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/telemetry/remote-loads/summary',
    {
      config: { auth: 'super_admin', releaseController: true },
      schema: {
        tags: ['releases'],
        summary:
          "Loads and failures of one remote version over its last `last` loads (super admin, or the release controller's X-Release-Controller secret)",
        querystring: RemoteLoadsQuery,
        response: { 200: RemoteLoadsSummary, ...errors(400, 401, 403) },
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
};

export default telemetryRoutes;
