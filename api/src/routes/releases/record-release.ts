import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import type { RouteOptions } from '../../deps';
import { actingAs, auditContextOf, recordAudit } from '../../lib/audit';
import { errors } from '../../schemas/common';
import { ReleaseAuditSchema } from '../../schemas/release-audit';

/**
 * Releases change files (deploy/releases.json), not the database, so the
 * script or controller that made the change reports it here once it is
 * written; only the release controller's secret, which they share with
 * the API, may. The entry's actor is the one they name.
 */
const recordRelease: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/releases/audit',
    {
      config: { auth: 'release_controller' },
      schema: {
        tags: ['releases'],
        summary:
          "Record a release, promotion, rollback or canary step in the audit log (the release controller's X-Release-Controller secret only)",
        security: [],
        body: ReleaseAuditSchema,
        response: { 204: Type.Null({ description: 'Recorded' }), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { action, remote, version, actor, ...details } = request.body;
      const context = actingAs(auditContextOf(request, deps), {
        id: null,
        role: actor.role,
        name: actor.name,
      });
      await recordAudit(deps.db, context, {
        action: `release.${action}`,
        target: { kind: 'release', id: null, label: `${remote} ${version}` },
        details: { remote, version, ...details },
      });
      return reply.status(204).send(null);
    },
  );
};

export default recordRelease;
