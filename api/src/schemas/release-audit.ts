import { Type, type Static } from 'typebox';

import { StringEnum } from './common';

/** A remote's package name as release.mjs takes it (apps.json), and a release version. */
const RemotePackage = Type.String({ pattern: '^[a-z][a-z0-9_-]{0,63}$' });
const Version = Type.String({ pattern: '^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$' });

/** One release action, as scripts/release.mjs or the release controller reports it. */
export const ReleaseAuditSchema = Type.Object(
  {
    action: StringEnum(['release', 'promote', 'rollback', 'step'] as const),
    remote: RemotePackage,
    version: Version,
    actor: Type.Object(
      {
        role: StringEnum(['operator', 'release_controller'] as const),
        name: Type.String({
          minLength: 1,
          maxLength: 100,
          description: "The operator's login, or the controller's host",
        }),
      },
      { additionalProperties: false },
    ),
    automatic: Type.Boolean({ description: 'Taken by the release controller on its own' }),
    reason: Type.Optional(Type.String({ maxLength: 1000, description: "The controller's reason" })),
    stable_before: Type.Optional(Version),
    stable_after: Type.Optional(Version),
    percent: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 100, description: "Canary's share" }),
    ),
  },
  { additionalProperties: false },
);
export type ReleaseAudit = Static<typeof ReleaseAuditSchema>;
