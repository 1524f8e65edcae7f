import { Type, type Static } from 'typebox';

import { StringEnum } from './common';

/** A remote's federation name (apps.json) and a release version (scripts/lib/releases.mjs). */
const RemoteName = Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' });
const Version = Type.String({ pattern: '^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$' });

export const RemoteLoadReportSchema = Type.Object(
  {
    remote: RemoteName,
    version: Version,
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
  loads: Type.Integer(),
  failures: Type.Integer(),
});
