import { Type, type Static } from 'typebox';

import { Dictionary, Nullable, PageQuery, StringEnum } from './common';

/** Every action the audit log records (lib/audit.ts writes them). */
export const AUDIT_ACTIONS = [
  'request.create',
  'request.approve',
  'request.deny',
  'request.cancel',
  'request.sent',
  'request.received',
  'qr_batch.generate',
  'shop.register',
  'shop.activate',
  'shop.deactivate',
  'shop.profile_update',
  'password.set_by_admin',
  'password.reset',
  'password.set_by_link',
  'password.change_own',
  'login.success',
  'login.failure',
  'logout.everywhere',
  'loan.lend',
  'loan.return',
  'loan.undo_return',
  'loan.write_off',
  'release.release',
  'release.promote',
  'release.rollback',
  'release.step',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** `operator`: whoever runs scripts/release.mjs; `release_controller`: its automatic loop. */
export const AUDIT_ROLES = [
  'super_admin',
  'shop',
  'anonymous',
  'system',
  'operator',
  'release_controller',
] as const;
export type AuditRole = (typeof AUDIT_ROLES)[number];

const day = (description: string) =>
  Type.String({
    maxLength: 10,
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    description: `${description}: YYYY-MM-DD (UTC)`,
  });
const id = (description: string) => Type.Integer({ minimum: 1, maximum: 2147483647, description });

export const AuditQuery = Type.Object(
  {
    ...PageQuery.properties,
    actor: Type.Optional(id("The actor's id, with actor_role")),
    actor_role: Type.Optional(StringEnum(AUDIT_ROLES)),
    action: Type.Optional(StringEnum(AUDIT_ACTIONS)),
    shop: Type.Optional(id('The shop the entry concerns')),
    from: Type.Optional(day('First day, inclusive')),
    to: Type.Optional(day('Last day, inclusive')),
    format: Type.Optional(StringEnum(['json', 'csv'] as const)),
  },
  { additionalProperties: false },
);
export type AuditFilter = Omit<Static<typeof AuditQuery>, 'limit' | 'offset' | 'format'>;

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: Type.String({ description: 'ISO-8601 UTC time' }),
  actor: Type.Object({
    id: Nullable(Type.Integer()),
    role: StringEnum(AUDIT_ROLES),
    name: Nullable(Type.String({ description: 'As it was at the time' })),
  }),
  action: StringEnum(AUDIT_ACTIONS),
  target: Type.Object({
    kind: Type.String(),
    id: Nullable(Type.Integer()),
    label: Nullable(Type.String()),
  }),
  shop_id: Nullable(Type.Integer()),
  address: Nullable(Type.String()),
  user_agent: Nullable(Type.String()),
  details: Dictionary(Type.Unknown(), { description: 'What changed, per action' }),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;
