import { Type, type Static } from 'typebox';

import { StringEnum } from './common';

/** A remote's federation name (apps.json) and a release version (panel-server/src/releases/releases.ts). */
const RemoteName = Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' });
const Version = Type.String({ pattern: '^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$' });

export const RemoteLoadReportSchema = Type.Object(
  {
    remote: RemoteName,
    version: Version,
    ticket: Type.String({
      maxLength: 512,
      // Two base64url parts, payload and HMAC-SHA256: disjoint classes around one dot.
      pattern: '^[A-Za-z0-9_-]{1,460}\\.[A-Za-z0-9_-]{43}$',
      description:
        "The page view's ticket, signed by the shell's server (GET /view-ticket) for this remote and version",
    }),
    event: StringEnum(['load', 'error']),
    reason: Type.Optional(
      StringEnum(['load', 'render', 'rejection'], {
        description:
          'For errors: the remote did not load, its page threw while drawing, or a promise was rejected unhandled while its page was open',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RemoteLoadReport = Static<typeof RemoteLoadReportSchema>;

export const RemoteLoadsQuery = Type.Object({
  remote: RemoteName,
  version: Version,
  last: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: 100 })),
});

export const RemoteLoadsSummary = Type.Object({
  loads: Type.Integer({ description: 'Distinct page views (tickets) among the last `last`' }),
  failures: Type.Integer({ description: 'Those of them that failed (at most one each)' }),
});
