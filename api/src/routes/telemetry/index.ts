import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import type { RouteOptions } from '../../deps';
import { ConflictError, ValidationError } from '../../errors';
import { limiter } from '../../lib/rate-limit';
import { verifyViewTicket } from '../../lib/view-tickets';
import {
  recordPageFailure,
  recordPageView,
  summarizePageViews,
} from '../../repositories/remote-page-views';
import { errors } from '../../schemas/common';
import {
  RemoteLoadReportSchema,
  RemoteLoadsQuery,
  RemoteLoadsSummary,
} from '../../schemas/telemetry';

/**
 * Page views and failures of the remotes, as the shell sees them, for the
 * release controller's automatic rollback of a failing canary. Anyone may
 * report (the login page is a remote too), but only with a page view's ticket
 * from the shell's server, which signs the versions it serves: a report
 * counts once per view, for the version served, and a failure only for a view
 * reported loaded. A report holds no personal data.
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
          'Report the load of one page view of a remote version (event "load") or its failure (event "error", with its reason), with the view\'s ticket; at most one of each per ticket; no personal data',
        security: [],
        body: RemoteLoadReportSchema,
        response: { 204: Type.Null({ description: 'Stored' }), ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { remote, version, ticket: sent, event, reason } = request.body;
      const ticket = deps.releaseControllerToken
        ? verifyViewTicket(sent, deps.releaseControllerToken)
        : null;
      if (!ticket) {
        throw new ValidationError(
          "The page view's ticket is not valid or has expired; only views the panel served are counted.",
        );
      }
      if (ticket.remote !== remote || ticket.version !== version) {
        throw new ValidationError(
          `The ticket is for ${ticket.remote} ${ticket.version}, not ${remote} ${version}.`,
        );
      }
      if (event === 'load') {
        if (!(await recordPageView(deps.db, ticket))) {
          throw new ConflictError("This page view's load was already reported.");
        }
      } else {
        const outcome = await recordPageFailure(deps.db, ticket, reason ?? null);
        if (outcome === 'unknown') {
          throw new ConflictError("This page view's load was not reported; a failure needs it.");
        }
        if (outcome === 'already') {
          throw new ConflictError("This page view's failure was already reported.");
        }
      }
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
          "Page views and failures of one remote version over its last `last` views (super admin, or the release controller's X-Release-Controller secret)",
        querystring: RemoteLoadsQuery,
        response: { 200: RemoteLoadsSummary, ...errors(400, 401, 403) },
      },
    },
    async (request) =>
      summarizePageViews(
        deps.db,
        request.query.remote,
        request.query.version,
        request.query.last ?? 100,
      ),
  );
};

export default telemetryRoutes;
