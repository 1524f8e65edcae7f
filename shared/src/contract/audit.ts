import { Type, type Static } from 'typebox';

import { Dictionary, Nullable, StringEnum } from './common';

/**
 * A page of the audit log counts at most this many matching entries: an
 * exact count of a million would cost more than the page. Past it the API
 * answers X-Total-Count one more than this, and the panel shows "1,000+"
 * and pages as far as it (narrower filters reach the rest).
 */
export const AUDIT_COUNT_CAP = 1_000;

/** Every action the audit log records (the API's lib/audit.ts writes them). */
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

/** `operator`: whoever runs the release CLI; `release_controller`: its automatic loop. */
export const AUDIT_ROLES = [
  'super_admin',
  'shop',
  'anonymous',
  'system',
  'operator',
  'release_controller',
] as const;
export type AuditRole = (typeof AUDIT_ROLES)[number];

/** The columns of the audit log's CSV (GET /audit?format=csv), in order: an entry flattened. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_role',
  'actor_name',
  'action',
  'target_kind',
  'target_id',
  'target_label',
  'shop_id',
  'address',
  'user_agent',
  'details',
] as const;

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
