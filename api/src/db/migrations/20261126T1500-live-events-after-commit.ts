import type { Kysely, Migration } from 'kysely';

import type { DbKind } from '../connect';
import { liveEvents } from './20261126T1100-live-events';

/**
 * The audit log's NOTIFY trigger goes: an entry is now announced by the
 * process that wrote it, right after its transaction commits
 * (db/audit-announcer.ts), because a NOTIFY inside a transaction makes
 * PostgreSQL queue every audited commit behind the one before.
 */
export function liveEventsAfterCommit(kind: DbKind): Migration {
  const trigger = liveEvents(kind);
  return {
    async up(db: Kysely<unknown>) {
      await trigger.down?.(db);
    },
    async down(db: Kysely<unknown>) {
      await trigger.up(db);
    },
  };
}
