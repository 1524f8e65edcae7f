import { Type, type Static } from 'typebox';

import { AUDIT_ACTIONS, AUDIT_ROLES } from '@panel/shared/contract';

import { PageQuery, StringEnum } from './common';

// The entry as the panel reads it and the lists it names: one definition, in the contract.
export {
  AUDIT_ACTIONS,
  AUDIT_CSV_COLUMNS,
  AUDIT_ROLES,
  AuditEntrySchema,
  type AuditAction,
  type AuditEntry,
  type AuditRole,
} from '@panel/shared/contract';

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
